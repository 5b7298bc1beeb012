import { BOT_LINGER_MS, defineProjector } from '@conversa/platform';
import { sql, type Transaction, type Updateable } from 'kysely';
import type { ReadDatabase } from '../database';
import { migrateRouting } from './migration';
import type { TicketRoutingTable } from './tables';

const table = 'read.ticket_routing';

async function set(trx: Transaction<ReadDatabase>, ticketId: number, changes: Updateable<TicketRoutingTable>) {
  await trx.updateTable(table).set(changes).where('ticket_id', '=', ticketId).execute();
}

/** The newest contact message and newest message per ticket seen in a batch. */
class MessageTimes {
  private readonly byTicket = new Map<number, { contact: Date | null; any: Date }>();

  note(ticketId: number, at: Date, fromContact: boolean) {
    const seen = this.byTicket.get(ticketId);
    const later = (a: Date | null, b: Date) => (a === null || b > a ? b : a);
    this.byTicket.set(ticketId, { contact: fromContact ? later(seen?.contact ?? null, at) : (seen?.contact ?? null), any: later(seen?.any ?? null, at) });
  }

  async apply(trx: Transaction<ReadDatabase>) {
    if (this.byTicket.size === 0) return;
    const rows = [...this.byTicket].map(([ticketId, times]) => sql`(${ticketId}::integer, ${times.contact}::timestamptz, ${times.any}::timestamptz)`);
    await sql`
      update read.ticket_routing r
      set last_contact_message_at = greatest(r.last_contact_message_at, v.contact_at),
          last_message_at = greatest(r.last_message_at, v.any_at)
      from (values ${sql.join(rows)}) as v(ticket_id, contact_at, any_at)
      where r.ticket_id = v.ticket_id`.execute(trx);
  }
}

/**
 * read.ticket_routing: the clocks the routing timers read (auto-close, inactivity warning, rating
 * expiry, timeSendQueue, rotation) and the queue positions. Internal to routing: it publishes no frames.
 * Replayable: rows are upserted from the ticket's creation and each change sets what the event says;
 * message times only move forward.
 */
export const routingProjector = defineProjector({
  name: 'ticket_routing',
  lingerMs: BOT_LINGER_MS,
  version: 1,
  eventTypes: [
    'TicketCreated',
    'TicketAccepted',
    'TicketReopened',
    'TicketReturnedToQueue',
    'TicketTransferred',
    'TicketQueueAssigned',
    'TicketClosed',
    'TicketDeleted',
    'TicketLgpdConsentRequested',
    'TicketLgpdConsentAnswered',
    'TicketRatingRequested',
    'TicketRated',
    'TicketRatingExpired',
    'MessageReceived',
    'MessageQueued',
  ],
  tables: [table],
  migrate: migrateRouting,
  async handle(trx: Transaction<ReadDatabase>, events) {
    // Message times only touch their own two columns and only move forward, so a batch's are applied
    // together after its other changes (which may have created the rows): one statement, not one per message.
    const messageTimes = new MessageTimes();
    for (const event of events) {
      const { type, data } = event;
      const at = new Date(event.metadata.occurredAt);
      switch (type) {
        case 'TicketCreated': {
          const waiting = data.status === 'pending' && data.userId === null;
          await trx
            .insertInto(table)
            .values({
              ticket_id: data.ticketId,
              company_id: event.metadata.companyId,
              contact_id: data.contactId,
              whatsapp_id: data.whatsappId,
              status: data.status,
              queue_id: data.queueId,
              user_id: data.userId,
              is_group: data.isGroup,
              opened_at: waiting ? null : at,
              waiting_since: waiting ? at : null,
            })
            .onConflict((oc) => oc.column('ticket_id').doNothing())
            .execute();
          break;
        }
        case 'TicketAccepted':
        case 'TicketReopened':
          await set(trx, data.ticketId, {
            status: data.status,
            user_id: data.userId,
            queue_id: data.queueId,
            opened_at: at,
            waiting_since: null,
            rating_requested_at: null,
          });
          break;
        case 'TicketReturnedToQueue':
          await set(trx, data.ticketId, { status: 'pending', user_id: null, queue_id: data.queueId, waiting_since: at });
          break;
        case 'TicketTransferred':
          await set(
            trx,
            data.ticketId,
            data.to.userId !== null
              ? { status: data.status, user_id: data.to.userId, queue_id: data.to.queueId, opened_at: at, waiting_since: null }
              : { status: data.status, user_id: null, queue_id: data.to.queueId, waiting_since: at },
          );
          break;
        case 'TicketQueueAssigned':
          await set(trx, data.ticketId, { queue_id: data.queueId, waiting_since: at });
          break;
        case 'TicketClosed':
        case 'TicketRated':
        case 'TicketRatingExpired':
          await set(trx, data.ticketId, { status: 'closed', waiting_since: null });
          break;
        case 'TicketDeleted':
          await set(trx, data.ticketId, { status: 'deleted', waiting_since: null });
          break;
        case 'TicketLgpdConsentRequested':
          await set(trx, data.ticketId, { status: 'lgpd' });
          break;
        case 'TicketLgpdConsentAnswered':
          if (data.accepted) await set(trx, data.ticketId, { status: 'pending', waiting_since: at });
          break;
        case 'TicketRatingRequested':
          await set(trx, data.ticketId, { status: 'nps', rating_requested_at: at });
          break;
        case 'MessageReceived':
          messageTimes.note(data.ticketId, at, true);
          break;
        case 'MessageQueued':
          // The bot's and the system's own messages (no user) neither wake a ticket up nor keep it awake.
          if (data.userId !== null && !data.isPrivate) messageTimes.note(data.ticketId, at, false);
          break;
      }
    }
    await messageTimes.apply(trx);
    return [];
  },
});
