import { isBotActor, lastMessagePreview, type RecordedEvent, type TicketBefore, type TicketFrame, type TicketView } from '@conversa/contracts';
import { defineProjector, type ProjectionChange } from '@conversa/platform';
import { sql, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { ReadDatabase } from '../database';
import { migrateTickets } from './migration';
import { findTicketsById, ticketViewsReturnedBy } from './queries';
import type { TicketsTable } from './tables';
import { insertedNew, rowUpdater } from '../records';

/** The columns that decide who sees a ticket and which count it adds to. */
const keyColumns = ['company_id', 'status', 'queue_id', 'user_id', 'whatsapp_id', 'is_group'] as const;
type TicketKey = Pick<Selectable<TicketsTable>, (typeof keyColumns)[number]>;

type Frame = TicketFrame['action'];

class Batch {
  readonly counts = new Map<string, { key: TicketKey; delta: number }>();
  readonly touched = new Map<number, { companyId: number; frame: Frame; before: TicketBefore | null }>();
  /** Tickets as the batch leaves them, when the last statement that wrote them also returned them. */
  readonly views = new Map<number, TicketView>();

  count(key: TicketKey, delta: number) {
    const id = JSON.stringify(keyColumns.map((column) => key[column]));
    const entry = this.counts.get(id) ?? { key: Object.fromEntries(keyColumns.map((column) => [column, key[column]])) as unknown as TicketKey, delta: 0 };
    entry.delta += delta;
    this.counts.set(id, entry);
  }

  touch(ticketId: number, companyId: number, frame: Frame, before: TicketKey | null) {
    this.views.delete(ticketId);
    const seen = this.touched.get(ticketId);
    // 'delete' wins, then 'update'; an unread reset alone is the lightest frame.
    const rank = { updateUnread: 0, update: 1, delete: 2 };
    const winner = seen && rank[seen.frame] >= rank[frame] ? seen.frame : frame;
    const first = seen ? seen.before : before && { status: before.status, userId: before.user_id, queueId: before.queue_id, isGroup: before.is_group };
    this.touched.set(ticketId, { companyId, frame: winner, before: first });
  }
}

async function keyOf(trx: Transaction<ReadDatabase>, ticketId: number): Promise<(TicketKey & { deleted: boolean }) | undefined> {
  return trx
    .selectFrom('read.tickets')
    .select([...keyColumns, 'deleted'])
    .where('id', '=', ticketId)
    .executeTakeFirst();
}

/** Moves a ticket to a new status/user/queue, keeping the counts in step. */
async function move(
  trx: Transaction<ReadDatabase>,
  batch: Batch,
  event: RecordedEvent,
  ticketId: number,
  changes: Updateable<TicketsTable>,
  logEntries: LogEntry[],
) {
  const before = await keyOf(trx, ticketId);
  if (!before || before.deleted) return;
  const at = new Date(event.metadata.occurredAt);
  await rowUpdater(trx, 'read.tickets')(ticketId, changes, at);
  const after: TicketKey = { ...before, ...changes };
  batch.count(before, -1);
  batch.count(after, +1);
  batch.touch(ticketId, before.company_id, 'update', before);
  for (const entry of logEntries) await log(trx, event, ticketId, before.company_id, entry);
}

interface LogEntry {
  type: 'create' | 'open' | 'access' | 'transfered' | 'receivedTransfer' | 'pending' | 'closed' | 'queue';
  userId: number | null;
  queueId: number | null;
  /** Distinguishes the two entries one transfer writes. */
  suffix?: string;
}

async function log(trx: Transaction<ReadDatabase>, event: RecordedEvent, ticketId: number, companyId: number, entry: LogEntry) {
  await trx
    .insertInto('read.ticket_log')
    .values({
      company_id: companyId,
      ticket_id: ticketId,
      type: entry.type,
      user_id: entry.userId,
      queue_id: entry.queueId,
      created_at: new Date(event.metadata.occurredAt),
      event_id: entry.suffix ? uuidWithSuffix(event.id, entry.suffix) : event.id,
    })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

/** A second, stable id for the second log entry of one event (replays must not duplicate it). */
function uuidWithSuffix(id: string, suffix: string): string {
  const last = (parseInt(id.slice(-2), 16) ^ (suffix.length + 1)).toString(16).padStart(2, '0');
  return id.slice(0, -2) + last;
}

/** A ticket's newest message within a run of message events, and how many of them came in. */
interface NewestMessage {
  ticketId: number;
  preview: string;
  messageId: string;
  at: Date;
  unread: number;
}

async function applyNewestMessages(trx: Transaction<ReadDatabase>, messages: NewestMessage[]): Promise<TicketView[]> {
  // Arrays rather than a value list: one statement text whatever the batch holds, prepared once.
  const column = <T>(pick: (m: NewestMessage) => T) => messages.map(pick);
  return ticketViewsReturnedBy(
    trx,
    sql`
      update read.tickets t
      set last_message = case when t.contact_erased then '' else v.preview end, last_message_id = v.message_id, updated_at = v.at,
        -- The contact's answers to the rating question (nps, or closed once rated) are the bot's to read, never an attendant's.
        unread_messages = case when t.status in ('nps', 'closed') then t.unread_messages else t.unread_messages + v.unread end
      from unnest(${column((m) => m.ticketId)}::int[], ${column((m) => m.preview)}::text[], ${column((m) => m.messageId)}::uuid[],
        ${column((m) => m.at.toISOString())}::timestamptz[], ${column((m) => m.unread)}::int[]) as v(id, preview, message_id, at, unread)
      where t.id = v.id and not t.deleted
      returning t.*`,
    { prepared: true },
  );
}

const actorUserId = (event: RecordedEvent): number | null => (event.metadata.actor.kind === 'user' ? Number(event.metadata.actor.id) : null);

/**
 * isBot: the bot is handling the conversation now, waiting on the contact's answer to
 * its consent question, queue menu or chatbot tree; not yet handed to a person. The rating question
 * comes after a person closed the ticket, so it does not count. Only a waiting ticket (pending, or
 * lgpd) is the bot's: a menu decided just as an attendant took the ticket does not mark it.
 */
const BOT_ENDS_WITH: ReadonlySet<string> = new Set(['assignUser', 'answerLgpd', 'close', 'rate', 'expireRating']);

async function markBot(trx: Transaction<ReadDatabase>, batch: Batch, ticketId: number, isBot: boolean) {
  let query = trx.updateTable('read.tickets').set({ is_bot: isBot }).where('id', '=', ticketId).where('deleted', '=', false).where('is_bot', '<>', isBot);
  if (isBot) query = query.where('status', 'in', ['pending', 'lgpd']);
  const row = await query.returning(['company_id']).executeTakeFirst();
  if (row) batch.touch(ticketId, row.company_id, 'update', null);
}

export const ticketsProjector = defineProjector({
  name: 'tickets',
  // 2: is_bot from the bot's journal. 3: the bot's messages are no preview; rating answers are not unread.
  version: 3,
  eventTypes: [
    'TicketCreated',
    'TicketAccepted',
    'TicketClosed',
    'TicketReopened',
    'TicketReturnedToQueue',
    'TicketTransferred',
    'TicketDeleted',
    'TicketIntegrationToggled',
    'TicketAccessed',
    'TicketMessagesRead',
    'TicketQueueAssigned',
    'TicketLgpdConsentRequested',
    'TicketLgpdConsentAnswered',
    'TicketRatingRequested',
    'TicketRated',
    'TicketRatingExpired',
    'MessageReceived',
    'MessageQueued',
    'MessageEdited',
    'MessageDeleted',
    'BotMenuShown',
    'BotHandedOver',
    'BotTicketChangeDecided',
    // Came without a version change: no retention run was recorded before it was handled.
    'MessageContentsExpired',
    'ContactErased',
  ],
  tables: ['read.tickets', 'read.ticket_counts', 'read.ticket_log'],
  migrate: migrateTickets,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const batch = new Batch();
    // A run of new messages updates its tickets in one statement; any other event flushes it first.
    const newest = new Map<number, NewestMessage>();
    const flush = async () => {
      if (newest.size === 0) return;
      const views = await applyNewestMessages(trx, [...newest.values()]);
      newest.clear();
      for (const view of views) {
        batch.touch(view.id, view.companyId, 'update', null);
        batch.views.set(view.id, view);
      }
    };
    for (const event of events) {
      const { type, data } = event;
      const at = new Date(event.metadata.occurredAt);
      if (type === 'MessageReceived' || type === 'MessageQueued') {
        if (type === 'MessageQueued' && data.isPrivate) continue;
        // The bot's greeting, menus and queue position are not the conversation's preview: what the contact or a person wrote stays.
        if (type === 'MessageQueued' && isBotActor(event.metadata.actor)) continue;
        const earlier = newest.get(data.ticketId);
        newest.set(data.ticketId, {
          ticketId: data.ticketId,
          preview: lastMessagePreview(data),
          messageId: data.messageId,
          at,
          unread: (earlier?.unread ?? 0) + (type === 'MessageReceived' ? 1 : 0),
        });
        continue;
      }
      await flush();
      switch (type) {
        case 'TicketCreated': {
          const row = {
            id: data.ticketId,
            uuid: data.uuid,
            company_id: event.metadata.companyId,
            status: data.status,
            queue_id: data.queueId,
            user_id: data.userId,
            contact_id: data.contactId,
            whatsapp_id: data.whatsappId,
            channel: data.channel,
            is_group: data.isGroup,
            created_at: at,
            updated_at: at,
          };
          if (!(await insertedNew(trx.insertInto('read.tickets').values(row)))) break;
          batch.count(row, +1);
          batch.touch(data.ticketId, row.company_id, 'update', null);
          await log(trx, event, data.ticketId, row.company_id, { type: 'create', userId: actorUserId(event), queueId: data.queueId });
          break;
        }
        case 'TicketAccepted':
        case 'TicketReopened':
          await move(trx, batch, event, data.ticketId, { status: data.status, user_id: data.userId, queue_id: data.queueId, closed_at: null, is_bot: false }, [
            { type: 'open', userId: data.userId, queueId: data.queueId },
          ]);
          break;
        case 'TicketClosed': {
          const changes: Updateable<TicketsTable> = { status: 'closed', closed_at: at, unread_messages: 0, is_bot: false };
          if (data.userId !== null) changes.user_id = data.userId;
          await move(trx, batch, event, data.ticketId, changes, [{ type: 'closed', userId: data.userId ?? actorUserId(event), queueId: null }]);
          break;
        }
        case 'TicketReturnedToQueue':
          await move(trx, batch, event, data.ticketId, { status: 'pending', user_id: null, queue_id: data.queueId, is_bot: false }, [
            { type: 'pending', userId: actorUserId(event) ?? data.fromUserId, queueId: data.queueId },
          ]);
          break;
        case 'TicketTransferred':
          await move(trx, batch, event, data.ticketId, { status: data.status, user_id: data.to.userId, queue_id: data.to.queueId, is_bot: false }, [
            { type: 'transfered', userId: actorUserId(event) ?? data.from.userId, queueId: data.from.queueId },
            ...(data.to.userId !== null ? [{ type: 'receivedTransfer' as const, userId: data.to.userId, queueId: data.to.queueId, suffix: 'to' }] : []),
          ]);
          break;
        case 'TicketDeleted': {
          const before = await keyOf(trx, data.ticketId);
          if (!before || before.deleted) break;
          await trx.updateTable('read.tickets').set({ deleted: true, updated_at: at }).where('id', '=', data.ticketId).execute();
          batch.count(before, -1);
          batch.touch(data.ticketId, before.company_id, 'delete', before);
          break;
        }
        case 'TicketIntegrationToggled': {
          const changes: Updateable<TicketsTable> = { use_integration: data.useIntegration };
          if (data.promptId !== undefined) changes.prompt_id = data.promptId;
          if (data.amountUsedBotQueues !== undefined) changes.amount_used_bot_queues = data.amountUsedBotQueues;
          const row = await trx.updateTable('read.tickets').set(changes).where('id', '=', data.ticketId).returning(['company_id']).executeTakeFirst();
          if (row) batch.touch(data.ticketId, row.company_id, 'update', null);
          break;
        }
        case 'TicketAccessed': {
          const row = await trx.selectFrom('read.tickets').select(['company_id', 'queue_id']).where('id', '=', data.ticketId).executeTakeFirst();
          if (row) await log(trx, event, data.ticketId, row.company_id, { type: 'access', userId: data.userId, queueId: row.queue_id });
          break;
        }
        case 'TicketMessagesRead': {
          const row = await trx
            .updateTable('read.tickets')
            .set({ unread_messages: 0 })
            .where('id', '=', data.ticketId)
            .where('unread_messages', '>', 0)
            .returning(['company_id'])
            .executeTakeFirst();
          if (row) batch.touch(data.ticketId, row.company_id, 'updateUnread', null);
          break;
        }
        // The routing bot: queue chosen from its menu, the consent and rating waits (statuses lgpd, nps).
        case 'TicketQueueAssigned':
          await move(trx, batch, event, data.ticketId, { queue_id: data.queueId }, [{ type: 'queue', userId: null, queueId: data.queueId }]);
          break;
        case 'TicketLgpdConsentRequested':
          await move(trx, batch, event, data.ticketId, { status: 'lgpd' }, []);
          break;
        case 'TicketLgpdConsentAnswered':
          if (data.accepted) await move(trx, batch, event, data.ticketId, { status: 'pending' }, []);
          break;
        case 'TicketRatingRequested':
          await move(trx, batch, event, data.ticketId, { status: 'nps' }, []);
          break;
        case 'TicketRated':
          await move(trx, batch, event, data.ticketId, { status: 'closed', user_rating: data.rating }, []);
          break;
        case 'TicketRatingExpired':
          await move(trx, batch, event, data.ticketId, { status: 'closed' }, []);
          break;
        case 'BotMenuShown':
          await markBot(trx, batch, data.ticketId, data.menu !== 'rating');
          break;
        case 'BotHandedOver':
          await markBot(trx, batch, data.ticketId, false);
          break;
        case 'BotTicketChangeDecided':
          if (BOT_ENDS_WITH.has(data.change.kind)) await markBot(trx, batch, data.ticketId, false);
          break;
        case 'MessageEdited':
        case 'MessageDeleted': {
          const text = type === 'MessageEdited' ? data.body : '';
          const rows = await trx
            .updateTable('read.tickets')
            .set({ last_message: text })
            .where('last_message_id', '=', data.messageId)
            .where('contact_erased', '=', false)
            .returning(['id', 'company_id'])
            .execute();
          for (const row of rows) batch.touch(row.id, row.company_id, 'update', null);
          break;
        }
        case 'ContactErased': {
          // LGPD erasure: the tickets stay (and their figures), shown with a removed contact and no preview, now and
          // for any message that still reaches them.
          const rows = await trx
            .updateTable('read.tickets')
            .set({ last_message: '', contact_erased: true })
            .where('contact_id', '=', data.contactId)
            .where('company_id', '=', event.metadata.companyId)
            .returning(['id', 'company_id'])
            .execute();
          for (const row of rows) batch.touch(row.id, row.company_id, 'update', null);
          break;
        }
        case 'MessageContentsExpired':
          // Retention: the list's preview of a last message older than the cut (no activity since) goes with it.
          await trx
            .updateTable('read.tickets')
            .set({ last_message: '' })
            .where('company_id', '=', data.companyId)
            .where('updated_at', '<', new Date(data.before))
            .where('last_message', '<>', '')
            .execute();
          break;
      }
    }

    await flush();

    for (const { key, delta } of batch.counts.values()) {
      if (delta === 0) continue;
      await trx
        .insertInto('read.ticket_counts')
        .values({ ...key, tickets: delta })
        .onConflict((oc) => oc.constraint('ticket_counts_key').doUpdateSet({ tickets: sql`read.ticket_counts.tickets + excluded.tickets` }))
        .execute();
    }

    // Frames carry the rows as this batch leaves them; those no statement returned are read here,
    // in the batch's transaction (no other batch of this projector runs meanwhile).
    const unseen = [...batch.touched.keys()].filter((ticketId) => !batch.views.has(ticketId));
    for (const view of await findTicketsById(trx, unseen)) batch.views.set(view.id, view);
    const changes: ProjectionChange[] = [];
    for (const [ticketId, { companyId, frame, before }] of batch.touched) {
      const ticket = batch.views.get(ticketId);
      if (!ticket) continue;
      const data: TicketFrame = { action: frame, ticketId, ticket, before };
      changes.push({ companyId, entity: 'ticket', data });
    }
    return changes;
  },
});
