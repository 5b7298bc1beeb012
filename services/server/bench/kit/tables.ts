/**
 * What the benches write straight into the read tables and the log (issue 4 allows bulk loads): contacts and waiting
 * tickets by id range, the tickets' counts, the id sequences moved past the loaded rows, and inbound messages'
 * MessageReceived as the inbound path records them.
 */
import type { Actor, EventToAppend } from '@conversa/contracts';
import type { ReadDatabase } from '@conversa/projections/database';
import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Wiring } from '../../src/wiring';

/** Contacts `from`..`to` of a company ('Contato <id>', number 5511900000000 + id), written `age` ago ('3 days'). */
export async function insertContacts(db: Kysely<ReadDatabase>, companyId: number, from: number, to: number, age: string): Promise<void> {
  await sql`
    insert into read.contacts (id, company_id, name, number, email, profile_pic_url, active, disable_bot, accept_audio_message, channel, is_group, extra_info, created_at, updated_at, deleted)
    select g, ${companyId}, 'Contato ' || g, (5511900000000 + g)::text, '', null, true, false, true, 'whatsapp', false, '[]'::jsonb, now() - ${age}::interval, now() - ${age}::interval, false
    from generate_series(${from}::int, ${to}::int) g`.execute(db);
}

/**
 * Waiting tickets `from`..`to` of the company, one per contact of the same id, updated 30 s apart (the newest last);
 * `queue`, `user`, `status` and `unread` are SQL over the id `g`.
 */
export async function insertTickets(
  db: Kysely<ReadDatabase>,
  companyId: number,
  from: number,
  to: number,
  columns: { status: ReturnType<typeof sql>; queue: ReturnType<typeof sql>; user: ReturnType<typeof sql>; unread: ReturnType<typeof sql> },
): Promise<void> {
  await sql`
    insert into read.tickets (id, uuid, company_id, status, queue_id, user_id, contact_id, whatsapp_id, channel, is_group, unread_messages, last_message, created_at, updated_at)
    select g, gen_random_uuid(), ${companyId}, ${columns.status}, ${columns.queue}, ${columns.user}, g, null, 'whatsapp', false, ${columns.unread},
      'Mensagem da conversa ' || g, now() - interval '3 days', now() - ((${to}::int - g) * interval '30 seconds')
    from generate_series(${from}::int, ${to}::int) g`.execute(db);
}

/** read.ticket_counts recounted from read.tickets (of one company, or all), as the projector keeps it. */
export async function recountTickets(db: Kysely<ReadDatabase>, companyId?: number): Promise<void> {
  await sql`
    insert into read.ticket_counts (company_id, status, queue_id, user_id, whatsapp_id, is_group, tickets)
    select company_id, status, queue_id, user_id, whatsapp_id, is_group, count(*) from read.tickets
    where not deleted ${companyId === undefined ? sql`` : sql`and company_id = ${companyId}`}
    group by company_id, status, queue_id, user_id, whatsapp_id, is_group
    on conflict on constraint ticket_counts_key do update set tickets = excluded.tickets`.execute(db);
}

/** New records allocate ids past the bulk-loaded ones (below `base`): each sequence is moved to base × 10. */
export async function idsPast(wiring: Wiring, base: number, kinds: ReadonlyArray<'ticket' | 'contact'> = ['ticket', 'contact']): Promise<void> {
  for (const kind of kinds) {
    await wiring.ctx.ids.next(kind);
    await sql.raw(`select setval('ids.${kind}', ${base * 10})`).execute(wiring.db);
  }
}

/** A contact's text message as the inbound path records it (MessageReceived on its own message stream). */
export function messageReceived(
  message: {
    ticketId: number;
    contactId: number;
    whatsappId: number;
    body: string;
    providerId: string;
    at: string;
    participant?: { name: string; number: string };
  },
  metadata: { companyId: number; actor: Actor; schemaVersion?: number; correlationId?: string },
): { messageId: string; event: EventToAppend } {
  const messageId = randomUUID();
  const { at, participant = null, ...data } = message;
  const { schemaVersion = 1, correlationId = messageId, ...who } = metadata;
  return {
    messageId,
    event: {
      id: randomUUID(),
      type: 'MessageReceived',
      data: { messageId, ...data, mediaType: 'chat', media: null, location: null, quotedMessageId: null, participant, receivedAt: at },
      metadata: { ...who, correlationId, causationId: correlationId, occurredAt: at, schemaVersion },
    },
  };
}
