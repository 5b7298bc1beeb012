import { Menu, Portal } from '@chakra-ui/react';
import { useState, type MouseEvent, type ReactElement } from 'react';
import { LuArrowRightLeft, LuCheck, LuCircleCheckBig, LuEllipsisVertical, LuPlay, LuRotateCcw, LuTrash2, LuUndo2, LuX } from 'react-icons/lu';
import { useT, type MessageKey } from '../../i18n';
import { useTicketActions } from './actions';
import type { Ticket } from './types';

interface RowAction {
  key: string;
  label: MessageKey;
  icon: typeof LuCheck;
  palette: 'green' | 'red' | 'orange' | 'blue' | 'gray';
  run: () => void;
}

/** The row buttons by status; the less frequent ones sit in the row's menu. */
function useRowActions(ticket: Ticket, canDelete: boolean): { main: RowAction[]; more: RowAction[] } {
  const actions = useTicketActions();
  const main: RowAction[] = [];
  const more: RowAction[] = [];
  const transfer: RowAction = { key: 'transfer', label: 'tickets.action.transfer', icon: LuArrowRightLeft, palette: 'gray', run: () => actions.transfer(ticket) };
  const resolve: RowAction = { key: 'resolve', label: 'tickets.action.resolve', icon: LuCircleCheckBig, palette: 'green', run: () => actions.resolve(ticket, true) };
  switch (ticket.status) {
    case 'pending':
      main.push({ key: 'accept', label: 'tickets.action.accept', icon: LuCheck, palette: 'green', run: () => actions.accept(ticket) });
      main.push({ key: 'ignore', label: 'tickets.action.ignore', icon: LuX, palette: 'red', run: () => actions.ignore(ticket) });
      more.push(transfer);
      break;
    case 'open':
      main.push({ key: 'return', label: 'tickets.action.return', icon: LuUndo2, palette: 'orange', run: () => actions.returnToQueue(ticket) });
      main.push(resolve);
      more.push(transfer);
      break;
    case 'group':
      if (ticket.userId === null) main.push({ key: 'start', label: 'tickets.action.start', icon: LuPlay, palette: 'green', run: () => actions.start(ticket) });
      else main.push(resolve);
      more.push(transfer);
      break;
    case 'closed':
      main.push({ key: 'reopen', label: 'tickets.action.reopen', icon: LuRotateCcw, palette: 'blue', run: () => actions.reopen(ticket) });
      break;
  }
  if (canDelete) more.push({ key: 'delete', label: 'tickets.action.delete', icon: LuTrash2, palette: 'red', run: () => actions.remove(ticket) });
  return { main, more };
}

const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * The row's menu of less frequent actions. The menu machinery starts on the first click, not when the row
 * mounts: a scrolling list mounts rows every frame, and almost none of them is ever opened.
 */
function MoreActions({ ticketId, actions, disabled }: { ticketId: number; actions: RowAction[]; disabled: boolean }) {
  const t = useT();
  const [active, setActive] = useState(false);
  const [open, setOpen] = useState(false);
  const trigger: ReactElement = (
    <button
      type="button"
      className="tr-btn"
      aria-label={t('tickets.row.more')}
      title={t('tickets.row.more')}
      disabled={disabled}
      data-testid={`ticket-more-${ticketId}`}
      onClick={
        active
          ? undefined
          : () => {
              setActive(true);
              setOpen(true);
            }
      }
    >
      <LuEllipsisVertical />
    </button>
  );
  if (!active) return trigger;
  return (
    <Menu.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {actions.map((action) => {
              const Icon = action.icon;
              return (
                <Menu.Item key={action.key} value={action.key} onClick={action.run} color={action.palette === 'red' ? 'fg.error' : undefined} data-testid={`ticket-${action.key}-${ticketId}`}>
                  <Icon />
                  {t(action.label)}
                </Menu.Item>
              );
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export function RowActions({ ticket, canDelete }: { ticket: Ticket; canDelete: boolean }) {
  const t = useT();
  const { busy } = useTicketActions();
  const { main, more } = useRowActions(ticket, canDelete);
  const working = busy.has(ticket.id);
  return (
    <span className="tr-actions" onClick={stop}>
      {main.map((action) => {
        const Icon = action.icon;
        return (
          <button
            key={action.key}
            type="button"
            className="tr-btn"
            data-palette={action.palette}
            aria-label={t(action.label)}
            title={t(action.label)}
            disabled={working}
            onClick={action.run}
            data-testid={`ticket-${action.key}-${ticket.id}`}
          >
            <Icon />
          </button>
        );
      })}
      {more.length > 0 && <MoreActions ticketId={ticket.id} actions={more} disabled={working} />}
    </span>
  );
}
