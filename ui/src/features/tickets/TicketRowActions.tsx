import { Suspense, type MouseEvent, type ReactElement } from 'react';
import { LuArrowRightLeft, LuCheck, LuCircleCheckBig, LuEllipsisVertical, LuPlay, LuRotateCcw, LuTrash2, LuUndo2, LuX } from 'react-icons/lu';
import { useT } from '../../i18n';
import { lazy } from '../../i18n/lazy';
import { useFirstOpen } from '../../shared/firstOpen';
import { useTicketActions } from './actions';
import type { RowMenuAction } from './menus';
import type { Ticket } from './types';

type RowAction = RowMenuAction;

/** The row buttons by status; the less frequent ones sit in the row's menu. */
function useRowActions(ticket: Ticket, canDelete: boolean): { main: RowAction[]; more: RowAction[] } {
  const actions = useTicketActions();
  const main: RowAction[] = [];
  const more: RowAction[] = [];
  const transfer: RowAction = {
    key: 'transfer',
    label: 'tickets.action.transfer',
    icon: LuArrowRightLeft,
    palette: 'gray',
    run: () => actions.transfer(ticket),
  };
  const resolve: RowAction = {
    key: 'resolve',
    label: 'tickets.action.resolve',
    icon: LuCircleCheckBig,
    palette: 'green',
    run: () => actions.resolve(ticket, true),
  };
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

/** The menu loads on the first click (shared/firstOpen.ts); its texts are core ones. */
const RowMenu = lazy(() => import('./menus').then((m) => ({ default: m.RowMenu })), 'core');

/**
 * The row's menu of less frequent actions. Its code and machinery start on the first use, not when the row mounts:
 * a scrolling list mounts rows every frame, and almost none of them is ever opened.
 */
function MoreActions({ ticketId, actions, disabled }: { ticketId: number; actions: RowAction[]; disabled: boolean }) {
  const t = useT();
  const { active, open, setOpen, triggerProps } = useFirstOpen();
  const trigger: ReactElement = (
    <button
      type="button"
      className="tr-btn"
      aria-label={t('tickets.row.more')}
      title={t('tickets.row.more')}
      disabled={disabled}
      data-testid={`ticket-more-${ticketId}`}
      {...triggerProps}
    >
      <LuEllipsisVertical />
    </button>
  );
  if (!active) return trigger;
  return (
    <Suspense fallback={trigger}>
      <RowMenu trigger={trigger} open={open} onOpenChange={setOpen} ticketId={ticketId} actions={actions} />
    </Suspense>
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
