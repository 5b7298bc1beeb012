import { createContext, useContext, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useErrorToast } from '../../app/notify';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT, type MessageKey } from '../../i18n';
import { useDeleteTicketMutation, useUpdateTicketMutation, type NamedOption, type TicketChange } from './api';
import { workingStatus } from './access';
import { useQueueChoices } from './queueChoices';
import { isTicketAdmin } from './access';
import { otherOpenTicketHolder, type TicketHolder } from './holder';
import { useNewTicket } from './newTicket';
import type { TicketView as Ticket } from '@conversa/contracts';
import { lazyUntilOpen } from '../../shared/lazyUntilOpen';

// The dialogs load when first opened: the list paints without their code.
const AcceptDialog = lazyUntilOpen(
  () => import('./dialogs').then((m) => m.AcceptDialog),
  (props) => props.ticket !== null,
);
const TransferDialog = lazyUntilOpen(
  () => import('./dialogs').then((m) => m.TransferDialog),
  (props) => props.ticket !== null,
);
const NewTicketDialog = lazyUntilOpen(
  () => import('./dialogs').then((m) => m.NewTicketDialog),
  (props) => props.open,
);
const AlreadyTakenDialog = lazyUntilOpen(
  () => import('./dialogs').then((m) => m.AlreadyTakenDialog),
  (props) => props.holder !== null,
);
const ConfirmDialog = lazyUntilOpen(
  () => import('../../shared/ConfirmDialog').then((m) => m.ConfirmDialog),
  (props) => props.open ?? props.of?.open ?? false,
);
const HistoryDialog = lazyUntilOpen(
  () => import('./HistoryDialog').then((m) => m.HistoryDialog),
  (props) => props.ticket !== null,
);
const ScheduleDialog = lazyUntilOpen(
  () => import('../schedules/ScheduleDialog').then((m) => m.ScheduleDialog),
  (props) => props.open,
);

/**
 * What can be done to a ticket from a list row or the conversation header, with the
 * dialogs those steps open. One provider per tickets screen holds the dialogs; rows and the header call in.
 */
export interface TicketActions {
  accept(ticket: Ticket): void;
  ignore(ticket: Ticket): void;
  returnToQueue(ticket: Ticket): void;
  resolve(ticket: Ticket, farewell: boolean): void;
  reopen(ticket: Ticket): void;
  /** A group conversation nobody attends yet: the user takes it (transfer to themselves, choosing the queue). */
  start(ticket: Ticket): void;
  transfer(ticket: Ticket): void;
  remove(ticket: Ticket): void;
  showHistory(ticket: Ticket): void;
  schedule(ticket: Ticket): void;
  newTicket(): void;
  /** Ticket ids with a change on its way. */
  busy: ReadonlySet<number>;
  /** Whether this screen deleted the ticket (its own toast said so; the delete frame needs no second one). */
  removedHere(ticketId: number): boolean;
}

const ActionsContext = createContext<TicketActions | null>(null);

export function useTicketActions(): TicketActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('useTicketActions outside TicketActionsProvider');
  return actions;
}

export function TicketActionsProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const { ticketId: openUuid } = useParams();
  const showError = useErrorToast();
  const me = useAppSelector((state) => state.session.user)!;
  const [updateTicket, updating] = useUpdateTicketMutation();
  const newTicket = useNewTicket(() => setCreatingNew(false), showHolder);
  const [deleteTicket, deleting] = useDeleteTicketMutation();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  // With no queue to choose the ticket is taken as it is: at once for an admin (a fresh company), after the dialog tells
  // a plain user why she cannot choose one (she is in no queue).
  const queueChoices = useQueueChoices('mine');
  const needsQueue = (ticket: Ticket) => ticket.queueId === null && (queueChoices.length > 0 || !isTicketAdmin(me));

  const [accepting, setAccepting] = useState<{ ticket: Ticket; mode: 'accept' | 'reopen' } | null>(null);
  const [transferring, setTransferring] = useState<{ ticket: Ticket; presetUser: NamedOption | null } | null>(null);
  const [removing, setRemoving] = useState<Ticket | null>(null);
  const [history, setHistory] = useState<Ticket | null>(null);
  const [scheduling, setScheduling] = useState<Ticket | null>(null);
  const [creatingNew, setCreatingNew] = useState(false);
  const [taken, setTaken] = useState<TicketHolder | null>(null);
  const removed = useRef(new Set<number>());
  // One success toast per change a person asked for, as transfer and delete give.
  const done = (key: MessageKey) => toaster.create({ type: 'success', description: t(key) });

  const leaveIfOpen = (ticket: Ticket) => {
    if (openUuid === ticket.uuid) void navigate('/tickets');
  };

  const change = async (ticket: Ticket, body: Omit<TicketChange, 'id'>): Promise<Ticket | null> => {
    setBusy((current) => new Set(current).add(ticket.id));
    try {
      return await updateTicket({ id: ticket.id, ...body }).unwrap();
    } catch (error) {
      const holder = otherOpenTicketHolder(error);
      if (holder) showHolder(holder);
      else showError(error);
      return null;
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(ticket.id);
        return next;
      });
    }
  };

  /** The answer names who holds it: someone else → the already-taken dialog; the user themselves → their ticket. */
  function showHolder(holder: TicketHolder) {
    if (holder.userId !== null && holder.userId !== me.id) setTaken(holder);
    else if (holder.uuid) void navigate(`/tickets/${holder.uuid}`);
  }

  /** Accepting and reopening end in the ticket, unless it turned out to be someone else's. */
  const takeWith = async (ticket: Ticket, queueId: number | null, mode: 'accept' | 'reopen') => {
    const result = await change(ticket, { status: workingStatus(ticket), userId: me.id, queueId });
    if (!result) return false;
    if (result.userId !== me.id)
      showHolder({ userId: result.userId, userName: result.user?.name ?? null, queueName: result.queue?.name ?? null, uuid: result.uuid });
    else {
      done(mode === 'accept' ? 'tickets.accept.done' : 'tickets.reopen.done');
      void navigate(`/tickets/${result.uuid}`);
    }
    return true;
  };

  /** A change that ends the user's part in the ticket: say so, and leave it if it is open. */
  const finish = (ticket: Ticket, key: MessageKey) => (result: Ticket | null) => {
    if (!result) return;
    done(key);
    leaveIfOpen(ticket);
  };

  const actions: TicketActions = {
    accept: (ticket) => {
      if (needsQueue(ticket)) setAccepting({ ticket, mode: 'accept' });
      else void takeWith(ticket, ticket.queueId, 'accept');
    },
    reopen: (ticket) => {
      if (needsQueue(ticket)) setAccepting({ ticket, mode: 'reopen' });
      else void takeWith(ticket, ticket.queueId, 'reopen');
    },
    ignore: (ticket) => {
      void change(ticket, { status: 'closed' }).then(finish(ticket, 'tickets.ignore.done'));
    },
    returnToQueue: (ticket) => {
      void change(ticket, { status: 'pending', userId: null, queueId: ticket.queueId }).then(finish(ticket, 'tickets.return.done'));
    },
    resolve: (ticket, farewell) => {
      // Closing: with requiredTag on, a contact without tags cannot be closed; nothing happens.
      if (me.company.companieSettings.requiredTag === 'enabled' && ticket.tags.length === 0) {
        toaster.create({ type: 'warning', description: t('tickets.requiredTag') });
        return;
      }
      void change(ticket, { status: 'closed', userId: me.id, sendFarewellMessage: farewell, ...(farewell ? {} : { isFinished: true }) }).then(
        finish(ticket, 'tickets.resolve.done'),
      );
    },
    start: (ticket) => setTransferring({ ticket, presetUser: { id: me.id, name: me.name } }),
    transfer: (ticket) => setTransferring({ ticket, presetUser: null }),
    remove: (ticket) => setRemoving(ticket),
    showHistory: (ticket) => setHistory(ticket),
    schedule: (ticket) => setScheduling(ticket),
    newTicket: () => setCreatingNew(true),
    busy,
    removedHere: (ticketId) => removed.current.has(ticketId),
  };

  const confirmTransfer = async ({ user, queueId }: { user: NamedOption | null; queueId: number }) => {
    if (!transferring) return;
    const { ticket } = transferring;
    const result = await change(ticket, user ? { status: workingStatus(ticket), userId: user.id, queueId } : { status: 'pending', userId: null, queueId });
    if (!result) return;
    setTransferring(null);
    toaster.create({ type: 'success', description: t('tickets.transfer.done') });
    if (result.userId !== me.id) leaveIfOpen(ticket);
  };

  const confirmRemove = async () => {
    if (!removing) return;
    // Marked before the request: the delete frame may arrive before its answer.
    removed.current.add(removing.id);
    try {
      await deleteTicket(removing.id).unwrap();
      toaster.create({ type: 'success', description: t('tickets.delete.done') });
      leaveIfOpen(removing);
      setRemoving(null);
    } catch (error) {
      removed.current.delete(removing.id);
      showError(error);
    }
  };

  return (
    <ActionsContext.Provider value={actions}>
      {children}
      <AcceptDialog
        ticket={accepting?.ticket ?? null}
        mode={accepting?.mode ?? 'accept'}
        loading={updating.isLoading}
        onClose={() => setAccepting(null)}
        onConfirm={(queueId) => {
          const ticket = accepting?.ticket;
          if (!ticket) return;
          void takeWith(ticket, queueId, accepting?.mode ?? 'accept').then((taken) => taken && setAccepting(null));
        }}
      />
      <TransferDialog
        ticket={transferring?.ticket ?? null}
        presetUser={transferring?.presetUser ?? null}
        loading={updating.isLoading}
        onClose={() => setTransferring(null)}
        onConfirm={confirmTransfer}
      />
      <NewTicketDialog open={creatingNew} loading={newTicket.creating.isLoading} onClose={() => setCreatingNew(false)} onConfirm={newTicket.start} />
      <ConfirmDialog
        open={removing !== null}
        title={t('tickets.delete.confirm', { id: removing?.id ?? '' })}
        loading={deleting.isLoading}
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemove}
        testId="delete-ticket-dialog"
      />
      <AlreadyTakenDialog holder={taken} onClose={() => setTaken(null)} />
      <HistoryDialog ticket={history} onClose={() => setHistory(null)} />
      {scheduling && <ScheduleDialog open onClose={() => setScheduling(null)} contactId={scheduling.contactId} ticketId={scheduling.id} />}
    </ActionsContext.Provider>
  );
}
