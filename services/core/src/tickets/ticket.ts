import {
  DomainError,
  TICKET_RATING_MAX,
  TICKET_RATING_MIN,
  type AssignmentReason,
  type Channel,
  type TicketEvent,
  type TicketQueueAssignedReason,
  type TicketStatus,
} from '@conversa/contracts';
import type { DecideContext, Decider } from '../commands/decider';

export type Ticket =
  | { status: 'none' }
  | {
      status: TicketStatus | 'deleted';
      ticketId: number;
      uuid: string;
      contactId: number;
      whatsappId: number | null;
      queueId: number | null;
      userId: number | null;
      isGroup: boolean;
      channel: Channel;
      useIntegration: boolean;
      /** The contact's rating of the attendance (1 to 5), once given. */
      userRating: number | null;
      /** When each user last opened the ticket: a repeat within ACCESS_QUIET_MS is not logged again. */
      accessedAt: Record<number, string>;
    };
export type ExistingTicket = Exclude<Ticket, { status: 'none' }>;

/** A user reopening the same ticket within this window is one access in the log. */
export const ACCESS_QUIET_MS = 10 * 60 * 1000;

/** The moves of a ticket between attendants, queues and statuses (an attendant's, or the queue's assignment). */
export type TicketStatusChange =
  | { type: 'AcceptTicket'; userId: number; queueId?: number | null }
  | {
      type: 'CloseTicket';
      userId: number | null;
      farewell: boolean;
      reason: 'resolved' | 'ignored' | 'closeAll' | 'automation';
      /** The company's requiredTag setting and whether the contact has a tag (closing a ticket). */
      requiredTag?: { enabled: boolean; contactHasTags: boolean };
    }
  | { type: 'ReopenTicket'; userId: number; queueId?: number | null }
  | { type: 'ReturnTicketToQueue' }
  /** `assignment`: the queue's assignment chose the attendant, and why (capacity, idle time). */
  | { type: 'TransferTicket'; userId: number | null; queueId: number | null; assignment?: AssignmentReason };

type SetTicketIntegration = { type: 'SetTicketIntegration'; useIntegration: boolean; promptId?: number | null; amountUsedBotQueues?: number };

export type TicketCommand =
  | ({
      type: 'CreateTicket';
      status: 'pending' | 'open';
      /** Opened by hand by an attendant ('Selecione uma fila'): whether they are of the role table's ticketsAdmin audience. */
      byHand?: { ticketsAdmin: boolean };
    } & Pick<ExistingTicket, 'ticketId' | 'uuid' | 'contactId' | 'whatsappId' | 'queueId' | 'userId' | 'isGroup' | 'channel'>)
  | TicketStatusChange
  | { type: 'DeleteTicket' }
  | SetTicketIntegration
  /**
   * An attendant's change of the ticket (PUT /tickets/{id}): the integration switch and a move, decided
   * in turn and appended together, so a refused move leaves the switch as it was.
   */
  | { type: 'UpdateTicket'; integration?: Omit<SetTicketIntegration, 'type'>; change?: TicketStatusChange }
  | { type: 'RecordTicketAccess'; userId: number }
  | { type: 'MarkTicketMessagesRead'; userId: number | null; upTo: string }
  /** A user opens the conversation: an access in its log and, when messages wait (`readUpTo`), those read; one append. */
  | { type: 'OpenTicketConversation'; userId: number; readUpTo: string | null }
  // The routing bot's commands. A ticket that moved on meanwhile (an attendant took it, it closed)
  // answers with no events: a human's action wins over the bot's.
  | { type: 'AssignTicketQueue'; queueId: number; reason: TicketQueueAssignedReason }
  | { type: 'RequestLgpdConsent' }
  | { type: 'AnswerLgpdConsent'; accepted: boolean }
  | { type: 'RequestTicketRating' }
  | { type: 'RateTicket'; rating: number }
  | { type: 'ExpireTicketRating' };

/** Pending with no attendant: the bot may still ask, place or route it. */
const waitingForAttendant = (ticket: ExistingTicket) => ticket.status === 'pending' && ticket.userId === null;
const active = (status: Ticket['status']) => status === 'pending' || status === 'open' || status === 'group';
/** Group conversations on WhatsApp are worked in the group status, not open. */
const workingStatus = (ticket: ExistingTicket): 'open' | 'group' => (ticket.isGroup && ticket.channel === 'whatsapp' ? 'group' : 'open');

export const ticket: Decider<Ticket, TicketCommand, TicketEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    if (event.type === 'TicketCreated') {
      const { ticketId, uuid, contactId, whatsappId, queueId, userId, status, isGroup, channel } = event.data;
      return { status, ticketId, uuid, contactId, whatsappId, queueId, userId, isGroup, channel, useIntegration: false, userRating: null, accessedAt: {} };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'TicketAccepted':
      case 'TicketReopened':
        return { ...state, status: event.data.status, userId: event.data.userId, queueId: event.data.queueId };
      case 'TicketClosed':
        return { ...state, status: 'closed', userId: event.data.userId ?? state.userId };
      case 'TicketReturnedToQueue':
        return { ...state, status: 'pending', userId: null, queueId: event.data.queueId };
      case 'TicketTransferred':
        return { ...state, status: event.data.status, userId: event.data.to.userId, queueId: event.data.to.queueId };
      case 'TicketDeleted':
        return { ...state, status: 'deleted' };
      case 'TicketIntegrationToggled':
        return { ...state, useIntegration: event.data.useIntegration };
      case 'TicketAccessed':
        return { ...state, accessedAt: { ...state.accessedAt, [event.data.userId]: event.data.at } };
      case 'TicketMessagesRead':
        return state;
      case 'TicketQueueAssigned':
        return { ...state, queueId: event.data.queueId };
      case 'TicketLgpdConsentRequested':
        return { ...state, status: 'lgpd' };
      case 'TicketLgpdConsentAnswered':
        return event.data.accepted ? { ...state, status: 'pending' } : state;
      case 'TicketRatingRequested':
        return { ...state, status: 'nps' };
      case 'TicketRated':
        return { ...state, status: 'closed', userRating: event.data.rating };
      case 'TicketRatingExpired':
        return { ...state, status: 'closed' };
    }
  },

  decide(state, command, context) {
    const { now } = context;
    if (command.type === 'CreateTicket') {
      if (state.status !== 'none') throw new DomainError('ERR_CREATING_TICKET', 'The ticket already exists');
      // Only the ticketsAdmin audience may open a ticket by hand outside any queue.
      if (command.byHand && !command.byHand.ticketsAdmin && command.queueId === null) throw new DomainError('ERR_TRANSFER_QUEUE_REQUIRED');
      const { type: _type, byHand: _byHand, ...data } = command;
      return [
        { type: 'TicketCreated', data: { ...data, status: data.isGroup && data.channel === 'whatsapp' && data.status === 'open' ? 'group' : data.status } },
      ];
    }
    if (state.status === 'none' || state.status === 'deleted') throw new DomainError('ERR_NO_TICKET_FOUND');
    const { ticketId } = state;

    switch (command.type) {
      case 'AcceptTicket': {
        // Someone else accepted first: no change; the answer names who holds it (the already-taken dialog).
        if (state.status !== 'pending') {
          if (state.userId === command.userId && (state.status === 'open' || state.status === 'group')) return [];
          if (state.status === 'closed') throw new DomainError('ERR_NO_TICKET_FOUND', 'The ticket is closed');
          return [];
        }
        return [
          { type: 'TicketAccepted', data: { ticketId, userId: command.userId, queueId: command.queueId ?? state.queueId, status: workingStatus(state) } },
        ];
      }

      case 'CloseTicket': {
        if (state.status === 'closed') return [];
        if (command.reason === 'resolved' && state.status === 'pending') throw new DomainError('ERR_TICKET_NOT_OPEN');
        if (command.reason === 'ignored' && state.status !== 'pending') throw new DomainError('ERR_TICKET_NOT_PENDING');
        if (command.requiredTag?.enabled && !command.requiredTag.contactHasTags) throw new DomainError('ERR_TICKET_REQUIRES_TAG');
        return [
          {
            type: 'TicketClosed',
            data: { ticketId, userId: command.userId, farewell: command.reason === 'ignored' ? false : command.farewell, reason: command.reason },
          },
        ];
      }

      case 'ReopenTicket':
        if (state.status !== 'closed') {
          if (state.userId === command.userId) return [];
          throw new DomainError('ERROR_TICKET_OPEN');
        }
        return [
          { type: 'TicketReopened', data: { ticketId, userId: command.userId, queueId: command.queueId ?? state.queueId, status: workingStatus(state) } },
        ];

      case 'ReturnTicketToQueue':
        if (!active(state.status)) throw new DomainError('ERR_TICKET_NOT_OPEN');
        if (state.status === 'pending' && state.userId === null) return [];
        return [{ type: 'TicketReturnedToQueue', data: { ticketId, fromUserId: state.userId, queueId: state.queueId } }];

      case 'TransferTicket': {
        // An assignment takes only a ticket still waiting in that queue: a person who took it meanwhile wins, and a wait is assigned once.
        if (command.assignment && !(waitingForAttendant(state) && state.queueId === command.queueId && command.userId !== null)) return [];
        if (!active(state.status)) throw new DomainError('ERR_TICKET_NOT_OPEN');
        // A transfer always names the queue that receives the ticket.
        if (command.queueId === null) throw new DomainError('ERR_TRANSFER_QUEUE_REQUIRED');
        const status = command.userId !== null ? workingStatus(state) : 'pending';
        if (command.userId === state.userId && command.queueId === state.queueId && status === state.status) return [];
        return [
          {
            type: 'TicketTransferred',
            data: {
              ticketId,
              from: { userId: state.userId, queueId: state.queueId },
              to: { userId: command.userId, queueId: command.queueId },
              status,
              ...(command.assignment ? { assignment: command.assignment } : {}),
            },
          },
        ];
      }

      case 'DeleteTicket':
        return [{ type: 'TicketDeleted', data: { ticketId } }];

      case 'SetTicketIntegration': {
        const { type: _type, ...data } = command;
        if (data.useIntegration === state.useIntegration && data.promptId === undefined && data.amountUsedBotQueues === undefined) return [];
        return [{ type: 'TicketIntegrationToggled', data: { ticketId, ...data } }];
      }

      case 'UpdateTicket': {
        const steps: TicketCommand[] = [
          ...(command.integration ? [{ type: 'SetTicketIntegration' as const, ...command.integration }] : []),
          ...(command.change ? [command.change] : []),
        ];
        return inTurn(state, steps, context);
      }

      case 'OpenTicketConversation': {
        const steps: TicketCommand[] = [
          { type: 'RecordTicketAccess', userId: command.userId },
          ...(command.readUpTo ? [{ type: 'MarkTicketMessagesRead' as const, userId: command.userId, upTo: command.readUpTo }] : []),
        ];
        return inTurn(state, steps, context);
      }

      case 'RecordTicketAccess': {
        const last = state.accessedAt[command.userId];
        if (last && now.getTime() - Date.parse(last) < ACCESS_QUIET_MS) return [];
        return [{ type: 'TicketAccessed', data: { ticketId, userId: command.userId, at: now.toISOString() } }];
      }

      case 'MarkTicketMessagesRead':
        return [{ type: 'TicketMessagesRead', data: { ticketId, userId: command.userId, upTo: command.upTo } }];

      case 'AssignTicketQueue':
        // Only a ticket still waiting for an attendant is the bot's to place.
        if (!waitingForAttendant(state) || state.queueId === command.queueId) return [];
        return [{ type: 'TicketQueueAssigned', data: { ticketId, queueId: command.queueId, reason: command.reason } }];

      case 'RequestLgpdConsent':
        return waitingForAttendant(state) ? [{ type: 'TicketLgpdConsentRequested', data: { ticketId } }] : [];

      case 'AnswerLgpdConsent':
        return state.status === 'lgpd' ? [{ type: 'TicketLgpdConsentAnswered', data: { ticketId, accepted: command.accepted } }] : [];

      case 'RequestTicketRating':
        return state.status === 'closed' && state.userRating === null ? [{ type: 'TicketRatingRequested', data: { ticketId } }] : [];

      case 'RateTicket':
        if (!Number.isInteger(command.rating) || command.rating < TICKET_RATING_MIN || command.rating > TICKET_RATING_MAX) {
          throw new DomainError('ERR_VALIDATION', `A rating is a whole number from ${TICKET_RATING_MIN} to ${TICKET_RATING_MAX}`);
        }
        return state.status === 'nps' ? [{ type: 'TicketRated', data: { ticketId, rating: command.rating } }] : [];

      case 'ExpireTicketRating':
        return state.status === 'nps' ? [{ type: 'TicketRatingExpired', data: { ticketId } }] : [];
    }
  },
};

/** Several commands decided one after the other, each on the state the previous one's events leave: all their events, or the first refusal. */
function inTurn(state: Ticket, commands: readonly TicketCommand[], context: DecideContext): TicketEvent[] {
  const events: TicketEvent[] = [];
  for (const command of commands) {
    const decided = ticket.decide(state, command, context);
    state = decided.reduce(ticket.evolve, state);
    events.push(...decided);
  }
  return events;
}
