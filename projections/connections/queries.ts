import { SECRET_SETTING_MASK, type ChannelAccount, type ConnectionChannel, type ConnectionView } from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { ConnectionsTable } from './tables';
import { isoTimes, liveIds } from '../reads';

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A row of read.connections, with its token when the query joined the secrets. */
export const connectionFromRow = (row: Selectable<ConnectionsTable> & { token?: string }): ConnectionView => ({
  id: row.id,
  companyId: row.company_id,
  name: row.name,
  channel: row.channel,
  status: row.status,
  qrcode: row.qrcode,
  retries: row.retries,
  number: row.number,
  isDefault: row.is_default,
  greetingMessage: row.greeting_message,
  complationMessage: row.complation_message,
  outOfHoursMessage: row.out_of_hours_message,
  ratingMessage: row.rating_message,
  maxUseBotQueues: row.max_use_bot_queues,
  maxUseBotQueuesNPS: row.max_use_bot_queues_nps,
  provider: row.provider,
  expiresTicket: row.expires_ticket,
  expiresTicketNPS: row.expires_ticket_nps,
  whenExpiresTicket: row.when_expires_ticket,
  expiresInactiveMessage: row.expires_inactive_message,
  allowGroup: row.allow_group,
  groupAsTicket: row.group_as_ticket,
  timeUseBotQueues: row.time_use_bot_queues,
  timeSendQueue: row.time_send_queue,
  sendIdQueue: row.send_id_queue,
  timeCreateNewTicket: row.time_create_new_ticket,
  timeInactiveMessage: row.time_inactive_message,
  inactiveMessage: row.inactive_message,
  greetingMediaAttachment: row.greeting_media_attachment,
  importOldMessages: isoOrNull(row.import_old_messages),
  importRecentMessages: isoOrNull(row.import_recent_messages),
  importOldMessagesGroups: row.import_old_messages_groups,
  closedTicketsPostImported: row.closed_tickets_post_imported,
  integrationId: row.integration_id,
  promptId: row.prompt_id,
  // The call token itself is a credential (auth.connection_secrets, sealed): answers show whether one is set.
  wavoip: row.has_call_token ? SECRET_SETTING_MASK : '',
  queueIds: row.queue_ids ?? [],
  schedules: row.schedules ?? [],
  statusImportMessages: row.status_import_messages,
  importProgress: row.import_progress ?? null,
  facebookPageUserId: row.facebook_page_user_id,
  ...isoTimes(row),
  ...(row.token !== undefined ? { token: row.token } : {}),
});

export interface FindConnectionOptions {
  /** Only this company's connection (what every request scoped to a company passes). */
  companyId?: number;
  /** Include the token (administrators' answers and the sandbox's own checks; never socket frames). */
  withToken?: boolean;
}

const liveConnections = (db: Kysely<ReadDatabase>) => db.selectFrom('read.connections as c').selectAll('c').where('c.deleted', '=', false);
const withTokens = (db: Kysely<ReadDatabase>) => liveConnections(db).innerJoin('auth.connection_secrets as s', 's.connection_id', 'c.id').select('s.token');

function connectionQuery(db: Kysely<ReadDatabase>, withToken: boolean) {
  return withToken ? withTokens(db) : liveConnections(db);
}

/** One live connection, or null (unknown, deleted, or another company's). */
export async function findConnection(db: Kysely<ReadDatabase>, id: number, options: FindConnectionOptions = {}): Promise<ConnectionView | null> {
  let query = connectionQuery(db, options.withToken ?? false).where('c.id', '=', id);
  if (options.companyId !== undefined) query = query.where('c.company_id', '=', options.companyId);
  const row = await query.executeTakeFirst();
  return row ? connectionFromRow(row) : null;
}

/** A company's live connections by name (GET /whatsapp). */
export async function listConnections(
  db: Kysely<ReadDatabase>,
  companyId: number,
  options: { channel?: ConnectionChannel; withToken?: boolean } = {},
): Promise<ConnectionView[]> {
  let query = connectionQuery(db, options.withToken ?? false).where('c.company_id', '=', companyId);
  if (options.channel) query = query.where('c.channel', '=', options.channel);
  const rows = await query.orderBy('c.name').orderBy('c.id').execute();
  return rows.map(connectionFromRow);
}

/** What the session manager needs to run one connection's session. */
export interface ConnectionToRun {
  id: number;
  companyId: number;
  channel: ConnectionChannel;
  /** The request generation the manager has to have acted on. */
  generation: number;
  /** What the latest request asked: start, renew (new QR), restart. */
  request: 'start' | 'renew' | 'restart' | null;
}

/** Live connections whose session should run, of the given channels (every channel by default). */
export async function connectionsToRun(
  db: Kysely<ReadDatabase>,
  options: { channels?: readonly ConnectionChannel[]; ids?: readonly number[] } = {},
): Promise<ConnectionToRun[]> {
  let query = db
    .selectFrom('read.connections')
    .select(['id', 'company_id', 'channel', 'session_generation', 'session_request'])
    .where('deleted', '=', false)
    .where('session_wanted', '=', true);
  if (options.channels) {
    if (options.channels.length === 0) return [];
    query = query.where('channel', 'in', options.channels);
  }
  if (options.ids) {
    if (options.ids.length === 0) return [];
    query = query.where('id', 'in', options.ids);
  }
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    companyId: row.company_id,
    channel: row.channel,
    generation: row.session_generation,
    request: row.session_request === 'stop' ? null : row.session_request,
  }));
}

/** The token and Meta account of a live connection (sandbox and external API checks, Graph API calls). */
export async function connectionSecrets(db: Kysely<ReadDatabase>, id: number): Promise<{ companyId: number; token: string; account: ChannelAccount } | null> {
  const row = await db
    .selectFrom('auth.connection_secrets as s')
    .innerJoin('read.connections as c', 'c.id', 's.connection_id')
    .select(['s.company_id', 's.token', 's.facebook_user_token', 's.token_meta', 'c.facebook_user_id', 'c.facebook_page_user_id'])
    .where('s.connection_id', '=', id)
    .where('c.deleted', '=', false)
    .executeTakeFirst();
  if (!row) return null;
  return {
    companyId: row.company_id,
    token: row.token,
    account: {
      facebookUserId: row.facebook_user_id,
      facebookUserToken: row.facebook_user_token,
      facebookPageUserId: row.facebook_page_user_id,
      tokenMeta: row.token_meta,
    },
  };
}

/** Connections whose Meta tokens are stored in clear (recorded before tokens were sealed): the start reseals them. */
export async function connectionsWithClearTokens(db: Kysely<ReadDatabase>): Promise<number[]> {
  if (!(await secretsTableExists(db))) return [];
  const rows = await db
    .selectFrom('auth.connection_secrets')
    .select('connection_id')
    .where((eb) => eb.or([eb('token_meta', 'not like', 'enc:v1:%'), eb('facebook_user_token', 'not like', 'enc:v1:%')]))
    .where((eb) => eb.or([eb('token_meta', '<>', ''), eb('facebook_user_token', '<>', '')]))
    .orderBy('connection_id')
    .execute();
  return rows.map((row) => row.connection_id);
}

/**
 * The start's reseal may run before the connections projector first made its tables (a fresh database:
 * nothing to reseal yet), or while it rebuilds them (what it misses is resealed at the next start).
 */
async function secretsTableExists(db: Kysely<ReadDatabase>): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`select to_regclass('auth.connection_secrets') is not null as ok`.execute(db);
  return rows[0]?.ok === true;
}

/** Connections whose call token an earlier version recorded in clear: the start reseals them. */
export async function connectionsWithClearCallTokens(db: Kysely<ReadDatabase>): Promise<number[]> {
  if (!(await secretsTableExists(db))) return [];
  const rows = await db
    .selectFrom('auth.connection_secrets')
    .select('connection_id')
    .where('wavoip', '<>', '')
    .where('wavoip', 'not like', 'enc:v1:%')
    .orderBy('connection_id')
    .execute();
  return rows.map((row) => row.connection_id);
}

/** A live connection's call token as stored (sealed; '' when none or unknown). */
export async function connectionCallToken(db: Kysely<ReadDatabase>, companyId: number, id: number): Promise<string> {
  const row = await liveConnections(db)
    .innerJoin('auth.connection_secrets as s', 's.connection_id', 'c.id')
    .select('s.wavoip')
    .where('c.id', '=', id)
    .where('c.company_id', '=', companyId)
    .executeTakeFirst();
  return row?.wavoip ?? '';
}

/** The live connection holding a token (the external message API authenticates with it). */
export async function connectionByToken(db: Kysely<ReadDatabase>, token: string): Promise<ConnectionView | null> {
  const row = await withTokens(db).where('s.token', '=', token).orderBy('c.id').executeTakeFirst();
  return row ? connectionFromRow(row) : null;
}

/** The company's default connection (new tickets that name none go there). */
export async function defaultConnection(db: Kysely<ReadDatabase>, companyId: number): Promise<ConnectionView | null> {
  const row = await connectionQuery(db, false).where('c.company_id', '=', companyId).where('c.is_default', '=', true).executeTakeFirst();
  return row ? connectionFromRow(row) : null;
}

/**
 * The live connections of a Meta account (a page id, an Instagram account id or a Cloud API phone
 * number id, with its channel): where a webhook delivery for that account goes.
 */
export async function connectionsOfAccount(
  db: Kysely<ReadDatabase>,
  channel: ConnectionChannel,
  accountId: string,
  options: { companyId?: number } = {},
): Promise<Array<{ id: number; companyId: number; channel: ConnectionChannel }>> {
  let query = db
    .selectFrom('read.connections')
    .select(['id', 'company_id', 'channel'])
    .where('deleted', '=', false)
    .where('channel', '=', channel)
    .where('facebook_page_user_id', '=', accountId);
  if (options.companyId !== undefined) query = query.where('company_id', '=', options.companyId);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, companyId: row.company_id, channel: row.channel }));
}

/** Live connections counted by their session's status and channel (the channel sessions gauge of /metrics). */
export async function connectionCountsByStatus(db: Kysely<ReadDatabase>): Promise<Array<{ status: string; channel: string; count: number }>> {
  const rows = await db
    .selectFrom('read.connections')
    .select(['status', 'channel', (eb) => eb.fn.countAll<string>().as('count')])
    .where('deleted', '=', false)
    .groupBy(['status', 'channel'])
    .execute();
  return rows.map((row) => ({ status: row.status, channel: row.channel, count: Number(row.count) }));
}

/** A connection's channel, deleted or not (an inbound message's metrics are labelled by it). */
export async function connectionChannel(db: Kysely<ReadDatabase>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('read.connections').select('channel').where('id', '=', id).executeTakeFirst();
  return row?.channel;
}

/** Which of these connections of the company exist and are not deleted (a campaign's readiness). */
export async function liveConnectionIds(db: Kysely<ReadDatabase>, companyId: number, ids: readonly number[]): Promise<number[]> {
  return liveIds(db, 'read.connections', companyId, ids);
}
