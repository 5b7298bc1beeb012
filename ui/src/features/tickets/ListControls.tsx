/** The tickets list's controls beside the tabs and at its foot: the filter dropdowns, the speed dial, a tab's count. */
import { Badge, Button, IconButton } from '@chakra-ui/react';
import { Suspense, useMemo } from 'react';
import { LuChevronDown, LuPlus } from 'react-icons/lu';
import { useT } from '../../i18n';
import { useFirstOpen } from '../../shared/firstOpen';
import { lazy } from '../../i18n/lazy';
import type { FilterOption } from './menus';
import { useTicketCountQuery } from './api';
import { normaliseListArgs, selectsNothing, type TicketListArgs } from './listArgs';
import { TICKETS_COUNT_CAP } from '@conversa/contracts/tickets/limits';

// The menus load on their trigger's first use (shared/firstOpen.ts); their texts are core ones.
const FilterMenu = lazy(() => import('./menus').then((m) => ({ default: m.FilterMenu })), 'core');
const SpeedDialMenu = lazy(() => import('./menus').then((m) => ({ default: m.SpeedDialMenu })), 'core');

/** A dropdown of checkable options; the button names how many are chosen. */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: FilterOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  testId: string;
}) {
  const { active, open, setOpen, triggerProps } = useFirstOpen();
  const trigger = (
    <Button size="xs" variant="outline" data-testid={testId} {...triggerProps}>
      {label}
      {value.length > 0 && (
        <Badge size="xs" colorPalette="blue" variant="solid">
          {value.length}
        </Badge>
      )}
      <LuChevronDown />
    </Button>
  );
  if (!active) return trigger;
  return (
    <Suspense fallback={trigger}>
      <FilterMenu trigger={trigger} open={open} onOpenChange={setOpen} options={options} value={value} onChange={onChange} testId={testId} />
    </Suspense>
  );
}

/** The round button at the list's foot: a new ticket, and for admins closing every ticket of the tab. */
export function SpeedDial({ onNewTicket, onCloseAll }: { onNewTicket: () => void; onCloseAll?: () => void }) {
  const t = useT();
  const { active, open, setOpen, triggerProps } = useFirstOpen();
  const trigger = (
    <IconButton
      position="absolute"
      bottom="4"
      insetEnd="4"
      borderRadius="full"
      size="lg"
      shadow="lg"
      aria-label={t('tickets.speedDial')}
      title={t('tickets.speedDial')}
      data-testid="tickets-speed-dial"
      {...triggerProps}
    >
      <LuPlus />
    </IconButton>
  );
  if (!active) return trigger;
  return (
    <Suspense fallback={trigger}>
      <SpeedDialMenu trigger={trigger} open={open} onOpenChange={setOpen} onNewTicket={onNewTicket} {...(onCloseAll ? { onCloseAll } : {})} />
    </Suspense>
  );
}

export const toIds = (values: readonly string[]) => values.map(Number);

export function TabCount({ args }: { args: TicketListArgs }) {
  const query = useMemo(() => normaliseListArgs(args), [args]);
  const empty = selectsNothing(query);
  const { data } = useTicketCountQuery(query, { skip: empty });
  const count = empty ? 0 : data;
  if (count === undefined) return null;
  return (
    <Badge size="xs" variant="solid" colorPalette={count > 0 ? 'blue' : 'gray'} borderRadius="full" data-testid={`ticket-count-${args.status}`}>
      {count >= TICKETS_COUNT_CAP ? `${TICKETS_COUNT_CAP}+` : count}
    </Badge>
  );
}
