import { withSchemaLock } from '@conversa/platform';
import type { ReadDatabase } from '@conversa/projections/database';
import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import type { OutboundMessage } from '../port';
import type { RunningSession, SessionDriver } from '../session-port';

/**
 * The sandbox's "phone": what the product sent to each contact of a sandbox connection. Written
 * only by the sandbox session (the channel's side), read by GET /sandbox/:id/outbox.
 */
export async function migrateSandbox(db: Kysely<ReadDatabase>): Promise<void> {
  // The API and the sandbox session of every process migrate it as they start; schema channels is shared.
  await withSchemaLock(db, (trx) =>
    sql`
      create schema if not exists channels;
      create table if not exists channels.sandbox_outbox (
        message_id text primary key,
        connection_id integer not null,
        company_id integer not null,
        to_number text not null,
        body text not null,
        media_url text,
        media_type text not null,
        created_at timestamptz not null default now()
      );
      create index if not exists sandbox_outbox_contact on channels.sandbox_outbox (connection_id, to_number, created_at);
      alter table channels.sandbox_outbox add column if not exists edited_at timestamptz, add column if not exists deleted_at timestamptz;
      comment on table channels.sandbox_outbox is 'Messages the product sent through sandbox (test) connections, as the contact''s phone received them';
    `.execute(trx),
  );
}

/** channels.sandbox_outbox as migrateSandbox creates it. */
interface SandboxOutboxTable {
  message_id: string;
  connection_id: number;
  company_id: number;
  to_number: string;
  body: string;
  media_url: string | null;
  media_type: string;
  created_at: Generated<Date>;
  edited_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The channel's own table beside the read models' (same database, schema channels). */
const withOutbox = (db: Kysely<ReadDatabase>) => db.withTables<{ 'channels.sandbox_outbox': SandboxOutboxTable }>();

/** The provider id a sandbox delivery answers: derived from Conversa's message id, so a resend is the same delivery. */
export const sandboxProviderId = (messageId: string) => `sandbox-${messageId}`;

export interface SandboxOutboxRow {
  id: string;
  to: string;
  body: string;
  mediaUrl: string | null;
  createdAt: string;
}

/** What was sent to these numbers on a sandbox connection, oldest first (the last 200). */
export async function sandboxOutbox(db: Kysely<ReadDatabase>, connectionId: number, numbers: readonly string[]): Promise<SandboxOutboxRow[]> {
  if (numbers.length === 0) return [];
  const rows = await withOutbox(db)
    .selectFrom('channels.sandbox_outbox')
    .select(['message_id', 'to_number', 'body', 'media_url', 'created_at'])
    .where('connection_id', '=', connectionId)
    .where('to_number', 'in', [...numbers])
    // Deleted for everyone: the phone no longer shows it.
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('message_id', 'desc')
    .limit(200)
    .execute();
  return rows
    .reverse()
    .map((row) => ({ id: row.message_id, to: row.to_number, body: row.body, mediaUrl: row.media_url, createdAt: new Date(row.created_at).toISOString() }));
}

/**
 * The sandbox channel (issue 6): a connection without a phone. Its session is CONNECTED as soon as
 * it runs; what the product sends lands in the outbox, once per message id (the sender's
 * at-least-once delivery never shows a message twice). Inbound messages come through
 * POST /sandbox/:id/messages, which hands them to the same session hooks a real channel uses.
 */
export function createSandboxDriver(options: { db: Kysely<ReadDatabase> }): SessionDriver {
  const db = withOutbox(options.db);
  let migrated: Promise<void> | null = null;
  const ready = () =>
    (migrated ??= migrateSandbox(options.db).catch((error) => {
      migrated = null;
      throw error;
    }));

  return {
    channel: 'sandbox',
    async start(connection, hooks) {
      await ready();
      await hooks.report({ status: 'CONNECTED', qrcode: '', retries: 0 });
      let open = true;
      const session: RunningSession = {
        async send(message: OutboundMessage) {
          if (!open) throw new Error('no channel connected');
          await db
            .insertInto('channels.sandbox_outbox')
            .values({
              message_id: message.messageId,
              connection_id: connection.id,
              company_id: connection.companyId,
              to_number: message.contact.number,
              body: message.body,
              media_url: message.media?.url ?? null,
              media_type: message.mediaType,
            })
            .onConflict((oc) => oc.column('message_id').doNothing())
            .execute();
          return { providerId: sandboxProviderId(message.messageId) };
        },
        // The sandbox has no phone book: every number is valid.
        async checkNumbers(numbers) {
          return numbers.map((number) => ({ number, valid: true }));
        },
        async amend(amendment) {
          const change = amendment.kind === 'edit' ? { body: amendment.body, edited_at: new Date() } : { deleted_at: new Date() };
          await db
            .updateTable('channels.sandbox_outbox')
            .set(change)
            .where('message_id', '=', amendment.messageId)
            .where('connection_id', '=', connection.id)
            .execute();
        },
        async stop() {
          open = false;
        },
        async logout() {
          open = false;
          await hooks.report({ status: 'DISCONNECTED', qrcode: '', retries: 0 });
        },
      };
      return session;
    },
  };
}
