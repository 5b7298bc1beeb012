import type { TicketEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { ticket } from './ticket';
import { ticketSlot } from './ticket-slot';

const uuid = '0b6f6f8e-4a55-4c2a-9d1e-3f0a5e7c9b21';
const created = (overrides: Partial<Extract<TicketEvent, { type: 'TicketCreated' }>['data']> = {}): TicketEvent => ({
  type: 'TicketCreated',
  data: { ticketId: 7, uuid, contactId: 3, whatsappId: 2, queueId: 5, userId: null, status: 'pending', isGroup: false, channel: 'whatsapp', ...overrides },
});
const accepted: TicketEvent = { type: 'TicketAccepted', data: { ticketId: 7, userId: 11, queueId: 5, status: 'open' } };
const closed: TicketEvent = { type: 'TicketClosed', data: { ticketId: 7, userId: 11, farewell: true, reason: 'resolved' } };

describe('ticket decider', () => {
  it('creates a pending ticket, and a group ticket on WhatsApp in the group status when opened', () => {
    spec(ticket)
      .given([])
      .when({
        type: 'CreateTicket',
        ticketId: 7,
        uuid,
        contactId: 3,
        whatsappId: 2,
        queueId: 5,
        userId: null,
        status: 'pending',
        isGroup: false,
        channel: 'whatsapp',
      })
      .then([created()]);
    spec(ticket)
      .given([])
      .when({
        type: 'CreateTicket',
        ticketId: 7,
        uuid,
        contactId: 3,
        whatsappId: 2,
        queueId: null,
        userId: 11,
        status: 'open',
        isGroup: true,
        channel: 'whatsapp',
      })
      .then([created({ queueId: null, userId: 11, status: 'group', isGroup: true })]);
  });

  it('accepts a pending ticket for the user, keeping its queue', () => {
    spec(ticket).given([created()]).when({ type: 'AcceptTicket', userId: 11 }).then([accepted]);
  });

  it('accepts a group ticket into the group status', () => {
    spec(ticket)
      .given([created({ isGroup: true })])
      .when({ type: 'AcceptTicket', userId: 11, queueId: 6 })
      .then([{ type: 'TicketAccepted', data: { ticketId: 7, userId: 11, queueId: 6, status: 'group' } }]);
  });

  it('changes nothing when another user accepted first (the already-taken answer)', () => {
    spec(ticket).given([created(), accepted]).when({ type: 'AcceptTicket', userId: 12 }).then([]);
  });

  it('closes an open ticket with or without farewell', () => {
    spec(ticket).given([created(), accepted]).when({ type: 'CloseTicket', userId: 11, farewell: true, reason: 'resolved' }).then([closed]);
    spec(ticket)
      .given([created(), accepted])
      .when({ type: 'CloseTicket', userId: 11, farewell: false, reason: 'resolved' })
      .then([{ type: 'TicketClosed', data: { ticketId: 7, userId: 11, farewell: false, reason: 'resolved' } }]);
  });

  it('refuses to close when requiredTag is on and the contact has no tag', () => {
    spec(ticket)
      .given([created(), accepted])
      .when({ type: 'CloseTicket', userId: 11, farewell: true, reason: 'resolved', requiredTag: { enabled: true, contactHasTags: false } })
      .thenThrows('ERR_TICKET_REQUIRES_TAG');
    spec(ticket)
      .given([created(), accepted])
      .when({ type: 'CloseTicket', userId: 11, farewell: true, reason: 'resolved', requiredTag: { enabled: true, contactHasTags: true } })
      .then([closed]);
  });

  it('resolves only open or group tickets, ignores only pending ones, never with farewell', () => {
    spec(ticket).given([created()]).when({ type: 'CloseTicket', userId: 11, farewell: true, reason: 'resolved' }).thenThrows('ERR_TICKET_NOT_OPEN');
    spec(ticket)
      .given([created(), accepted])
      .when({ type: 'CloseTicket', userId: 11, farewell: false, reason: 'ignored' })
      .thenThrows('ERR_TICKET_NOT_PENDING');
    spec(ticket)
      .given([created()])
      .when({ type: 'CloseTicket', userId: 11, farewell: true, reason: 'ignored' })
      .then([{ type: 'TicketClosed', data: { ticketId: 7, userId: 11, farewell: false, reason: 'ignored' } }]);
  });

  it('closes any status with close-all and does nothing to a closed ticket', () => {
    spec(ticket)
      .given([created()])
      .when({ type: 'CloseTicket', userId: 1, farewell: false, reason: 'closeAll' })
      .then([{ type: 'TicketClosed', data: { ticketId: 7, userId: 1, farewell: false, reason: 'closeAll' } }]);
    spec(ticket).given([created(), accepted, closed]).when({ type: 'CloseTicket', userId: 1, farewell: false, reason: 'closeAll' }).then([]);
  });

  it('reopens a closed ticket for the user; an open one held by another is already open', () => {
    spec(ticket)
      .given([created(), accepted, closed])
      .when({ type: 'ReopenTicket', userId: 12 })
      .then([{ type: 'TicketReopened', data: { ticketId: 7, userId: 12, queueId: 5, status: 'open' } }]);
    spec(ticket).given([created(), accepted]).when({ type: 'ReopenTicket', userId: 12 }).thenThrows('ERROR_TICKET_OPEN');
    spec(ticket).given([created(), accepted]).when({ type: 'ReopenTicket', userId: 11 }).then([]);
  });

  it('returns an open ticket to its queue without a user', () => {
    spec(ticket)
      .given([created(), accepted])
      .when({ type: 'ReturnTicketToQueue' })
      .then([{ type: 'TicketReturnedToQueue', data: { ticketId: 7, fromUserId: 11, queueId: 5 } }]);
    spec(ticket).given([created(), accepted, closed]).when({ type: 'ReturnTicketToQueue' }).thenThrows('ERR_TICKET_NOT_OPEN');
  });

  it('transfers to a user (open) or to a queue only (pending, user cleared); a queue is required', () => {
    spec(ticket)
      .given([created(), accepted])
      .when({ type: 'TransferTicket', userId: 12, queueId: 6 })
      .then([{ type: 'TicketTransferred', data: { ticketId: 7, from: { userId: 11, queueId: 5 }, to: { userId: 12, queueId: 6 }, status: 'open' } }]);
    spec(ticket)
      .given([created(), accepted])
      .when({ type: 'TransferTicket', userId: null, queueId: 6 })
      .then([{ type: 'TicketTransferred', data: { ticketId: 7, from: { userId: 11, queueId: 5 }, to: { userId: null, queueId: 6 }, status: 'pending' } }]);
    spec(ticket).given([created(), accepted]).when({ type: 'TransferTicket', userId: 12, queueId: null }).thenThrows('ERR_TRANSFER_QUEUE_REQUIRED');
    spec(ticket).given([created(), accepted, closed]).when({ type: 'TransferTicket', userId: 12, queueId: 6 }).thenThrows('ERR_TICKET_NOT_OPEN');
  });

  it("assigns a ticket waiting in the queue with the assignment's reason, once, and never one a person took", () => {
    const assignment = { openTickets: 3, capacity: 5, idleMinutes: 4 };
    spec(ticket)
      .given([created()])
      .when({ type: 'TransferTicket', userId: 12, queueId: 5, assignment })
      .then([
        { type: 'TicketTransferred', data: { ticketId: 7, from: { userId: null, queueId: 5 }, to: { userId: 12, queueId: 5 }, status: 'open', assignment } },
      ]);
    spec(ticket).given([created(), accepted]).when({ type: 'TransferTicket', userId: 12, queueId: 5, assignment }).then([]);
    spec(ticket)
      .given([created({ queueId: 6 })])
      .when({ type: 'TransferTicket', userId: 12, queueId: 5, assignment })
      .then([]);
    spec(ticket).given([created(), accepted, closed]).when({ type: 'TransferTicket', userId: 12, queueId: 5, assignment }).then([]);
  });

  it('deletes a ticket, after which it is not found', () => {
    spec(ticket)
      .given([created()])
      .when({ type: 'DeleteTicket' })
      .then([{ type: 'TicketDeleted', data: { ticketId: 7 } }]);
    spec(ticket)
      .given([created(), { type: 'TicketDeleted', data: { ticketId: 7 } }])
      .when({ type: 'AcceptTicket', userId: 11 })
      .thenThrows('ERR_NO_TICKET_FOUND');
    spec(ticket).given([]).when({ type: 'DeleteTicket' }).thenThrows('ERR_NO_TICKET_FOUND');
  });

  it('toggles the integration', () => {
    spec(ticket)
      .given([created()])
      .when({ type: 'SetTicketIntegration', useIntegration: true })
      .then([{ type: 'TicketIntegrationToggled', data: { ticketId: 7, useIntegration: true } }]);
    spec(ticket).given([created()]).when({ type: 'SetTicketIntegration', useIntegration: false }).then([]);
  });

  it('logs one access per user per quiet window', () => {
    const at = new Date('2026-01-15T12:00:00.000Z');
    const accessed: TicketEvent = { type: 'TicketAccessed', data: { ticketId: 7, userId: 11, at: at.toISOString() } };
    spec(ticket).given([created()]).when({ type: 'RecordTicketAccess', userId: 11 }, at).then([accessed]);
    spec(ticket)
      .given([created(), accessed])
      .when({ type: 'RecordTicketAccess', userId: 11 }, new Date(at.getTime() + 60_000))
      .then([]);
    spec(ticket)
      .given([created(), accessed])
      .when({ type: 'RecordTicketAccess', userId: 12 }, new Date(at.getTime() + 60_000))
      .then([{ type: 'TicketAccessed', data: { ticketId: 7, userId: 12, at: new Date(at.getTime() + 60_000).toISOString() } }]);
    spec(ticket)
      .given([created(), accessed])
      .when({ type: 'RecordTicketAccess', userId: 11 }, new Date(at.getTime() + 11 * 60_000))
      .then([{ type: 'TicketAccessed', data: { ticketId: 7, userId: 11, at: new Date(at.getTime() + 11 * 60_000).toISOString() } }]);
  });

  it('lets only the ticketsAdmin audience open a ticket by hand outside any queue', () => {
    const byHand = {
      type: 'CreateTicket',
      ticketId: 7,
      uuid,
      contactId: 3,
      whatsappId: 2,
      queueId: null,
      userId: 11,
      status: 'open',
      isGroup: false,
      channel: 'whatsapp',
    } as const;
    spec(ticket)
      .given([])
      .when({ ...byHand, byHand: { ticketsAdmin: false } })
      .thenThrows('ERR_TRANSFER_QUEUE_REQUIRED');
    spec(ticket)
      .given([])
      .when({ ...byHand, byHand: { ticketsAdmin: true } })
      .then([created({ queueId: null, userId: 11, status: 'open' })]);
    spec(ticket)
      .given([])
      .when({ ...byHand, queueId: 5, byHand: { ticketsAdmin: false } })
      .then([created({ userId: 11, status: 'open' })]);
    // Inbound messages open tickets outside queues: not by hand.
    spec(ticket)
      .given([])
      .when(byHand)
      .then([created({ queueId: null, userId: 11, status: 'open' })]);
  });

  it("decides an attendant's change (PUT /tickets/{id}) whole: the switch and the move together, or nothing", () => {
    const toggled: TicketEvent = { type: 'TicketIntegrationToggled', data: { ticketId: 7, useIntegration: true } };
    const close = { type: 'CloseTicket', userId: 11, farewell: true, reason: 'resolved' } as const;
    spec(ticket)
      .given([created(), accepted])
      .when({ type: 'UpdateTicket', integration: { useIntegration: true }, change: close })
      .then([toggled, closed]);
    spec(ticket)
      .given([created(), accepted])
      .when({ type: 'UpdateTicket', integration: { useIntegration: true }, change: { ...close, requiredTag: { enabled: true, contactHasTags: false } } })
      .thenThrows('ERR_TICKET_REQUIRES_TAG');
    // Each part is decided on what the one before leaves: accepting, then a transfer of the accepted ticket.
    spec(ticket)
      .given([created()])
      .when({ type: 'UpdateTicket', change: { type: 'AcceptTicket', userId: 11 } })
      .then([accepted]);
    spec(ticket)
      .given([created(), accepted, closed])
      .when({ type: 'UpdateTicket', integration: { useIntegration: false } })
      .then([]);
    spec(ticket)
      .given([created(), accepted, closed])
      .when({ type: 'UpdateTicket', integration: { useIntegration: true }, change: { type: 'TransferTicket', userId: 12, queueId: 5 } })
      .thenThrows('ERR_TICKET_NOT_OPEN');
  });

  it('opens the conversation: one access per quiet window, and its waiting messages read', () => {
    const at = new Date('2026-01-15T12:00:00.000Z');
    const accessed: TicketEvent = { type: 'TicketAccessed', data: { ticketId: 7, userId: 11, at: at.toISOString() } };
    const read: TicketEvent = { type: 'TicketMessagesRead', data: { ticketId: 7, userId: 11, upTo: at.toISOString() } };
    spec(ticket).given([created()]).when({ type: 'OpenTicketConversation', userId: 11, readUpTo: at.toISOString() }, at).then([accessed, read]);
    spec(ticket).given([created()]).when({ type: 'OpenTicketConversation', userId: 11, readUpTo: null }, at).then([accessed]);
    spec(ticket)
      .given([created(), accessed])
      .when({ type: 'OpenTicketConversation', userId: 11, readUpTo: at.toISOString() }, new Date(at.getTime() + 60_000))
      .then([read]);
    spec(ticket).given([]).when({ type: 'OpenTicketConversation', userId: 11, readUpTo: null }).thenThrows('ERR_NO_TICKET_FOUND');
  });

  describe('the routing bot (statuses lgpd and nps, the rating)', () => {
    const unqueued = created({ queueId: null });
    const lgpdRequested: TicketEvent = { type: 'TicketLgpdConsentRequested', data: { ticketId: 7 } };
    const ratingRequested: TicketEvent = { type: 'TicketRatingRequested', data: { ticketId: 7 } };

    it('places a waiting ticket in the queue the contact chose, once', () => {
      spec(ticket)
        .given([unqueued])
        .when({ type: 'AssignTicketQueue', queueId: 6, reason: 'menu' })
        .then([{ type: 'TicketQueueAssigned', data: { ticketId: 7, queueId: 6, reason: 'menu' } }]);
      spec(ticket)
        .given([created({ queueId: 6 })])
        .when({ type: 'AssignTicketQueue', queueId: 6, reason: 'menu' })
        .then([]);
    });

    it('leaves a ticket an attendant took to the attendant', () => {
      spec(ticket).given([created(), accepted]).when({ type: 'AssignTicketQueue', queueId: 6, reason: 'timeSendQueue' }).then([]);
      spec(ticket).given([created(), accepted]).when({ type: 'RequestLgpdConsent' }).then([]);
    });

    it('waits in status lgpd for consent; accepting returns it to pending, refusing leaves it for closing', () => {
      spec(ticket).given([unqueued]).when({ type: 'RequestLgpdConsent' }).then([lgpdRequested]);
      spec(ticket)
        .given([unqueued, lgpdRequested])
        .when({ type: 'AnswerLgpdConsent', accepted: true })
        .thenState((state) => expect(state.status).toBe('pending'));
      spec(ticket)
        .given([unqueued, lgpdRequested])
        .when({ type: 'AnswerLgpdConsent', accepted: false })
        .thenState((state) => expect(state.status).toBe('lgpd'));
      spec(ticket).given([unqueued]).when({ type: 'AnswerLgpdConsent', accepted: true }).then([]);
    });

    it('asks a resolved ticket for its rating in status nps, and records the answer as userRating', () => {
      spec(ticket).given([created(), accepted, closed]).when({ type: 'RequestTicketRating' }).then([ratingRequested]);
      spec(ticket).given([created(), accepted]).when({ type: 'RequestTicketRating' }).then([]);
      spec(ticket)
        .given([created(), accepted, closed, ratingRequested])
        .when({ type: 'RateTicket', rating: 5 })
        .thenState((state) => expect(state).toMatchObject({ status: 'closed', userRating: 5 }));
      spec(ticket)
        .given([created(), accepted, closed, ratingRequested, { type: 'TicketRated', data: { ticketId: 7, rating: 5 } }])
        .when({ type: 'RequestTicketRating' })
        .then([]);
    });

    it('takes ratings from 1 to 5 only, and none after the rating expired', () => {
      spec(ticket).given([created(), accepted, closed, ratingRequested]).when({ type: 'RateTicket', rating: 0 }).thenThrows('ERR_VALIDATION');
      spec(ticket).given([created(), accepted, closed, ratingRequested]).when({ type: 'RateTicket', rating: 6 }).thenThrows('ERR_VALIDATION');
      spec(ticket)
        .given([created(), accepted, closed, ratingRequested])
        .when({ type: 'ExpireTicketRating' })
        .then([{ type: 'TicketRatingExpired', data: { ticketId: 7 } }]);
      spec(ticket)
        .given([created(), accepted, closed, ratingRequested, { type: 'TicketRatingExpired', data: { ticketId: 7 } }])
        .when({ type: 'RateTicket', rating: 4 })
        .then([]);
    });
  });
});

describe('ticket slot decider', () => {
  const now = new Date('2026-01-15T12:00:00.000Z');
  const claimed = (ticketId: number, at: Date = now) => ({
    type: 'TicketSlotClaimed' as const,
    data: { ticketId, contactId: 3, whatsappId: 2, at: at.toISOString() },
  });

  it('lets the first claimer hold a free slot', () => {
    spec(ticketSlot)
      .given([])
      .when({ type: 'ClaimTicketSlot', ticketId: 7, contactId: 3, whatsappId: 2 }, now)
      .then([claimed(7)]);
  });

  it('refuses a claim while the holder is active or still being created', () => {
    spec(ticketSlot)
      .given([claimed(7)])
      .when({ type: 'ClaimTicketSlot', ticketId: 8, contactId: 3, whatsappId: 2, holder: { ticketId: 7, state: 'active' } }, now)
      .thenThrows('ERR_OTHER_OPEN_TICKET', { ticketId: 7 });
    spec(ticketSlot)
      .given([claimed(7)])
      .when({ type: 'ClaimTicketSlot', ticketId: 8, contactId: 3, whatsappId: 2, holder: { ticketId: 7, state: 'missing' } }, new Date(now.getTime() + 1000))
      .thenThrows('ERR_OTHER_OPEN_TICKET');
  });

  it('takes over from a closed holder, or from a creation abandoned long ago', () => {
    spec(ticketSlot)
      .given([claimed(7)])
      .when({ type: 'ClaimTicketSlot', ticketId: 8, contactId: 3, whatsappId: 2, holder: { ticketId: 7, state: 'inactive' } }, now)
      .then([claimed(8)]);
    const later = new Date(now.getTime() + 31_000);
    spec(ticketSlot)
      .given([claimed(7)])
      .when({ type: 'ClaimTicketSlot', ticketId: 8, contactId: 3, whatsappId: 2, holder: { ticketId: 7, state: 'missing' } }, later)
      .then([claimed(8, later)]);
  });

  it('treats a holder the claimer did not look at as active', () => {
    spec(ticketSlot)
      .given([claimed(9)])
      .when({ type: 'ClaimTicketSlot', ticketId: 8, contactId: 3, whatsappId: 2, holder: { ticketId: 7, state: 'inactive' } }, now)
      .thenThrows('ERR_OTHER_OPEN_TICKET', { ticketId: 9 });
  });

  it('is released only by its holder', () => {
    spec(ticketSlot)
      .given([claimed(7)])
      .when({ type: 'ReleaseTicketSlot', ticketId: 8 })
      .then([]);
    spec(ticketSlot)
      .given([claimed(7)])
      .when({ type: 'ReleaseTicketSlot', ticketId: 7 })
      .then([{ type: 'TicketSlotReleased', data: { ticketId: 7 } }]);
  });
});
