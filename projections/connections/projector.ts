import { IMPORT_CLOSE_BUTTON, type ConnectionFrame, type ConnectionSessionFrame, type ImportFrame } from '@conversa/contracts';
import { defineProjector, type ProjectionChange } from '@conversa/platform';
import { sql, type Kysely, type Transaction } from 'kysely';
import { fieldColumns } from '../columns';
import type { ReadDatabase } from '../database';
import { migrateConnections } from './migration';
import { connectionFromRow } from './queries';
import type { ConnectionsTable } from './tables';
import { rowUpdater } from '../records';

/** Event field → column of read.connections. */
const detailRow = fieldColumns<ConnectionsTable>()(
  {
    name: 'name',
    greetingMessage: 'greeting_message',
    complationMessage: 'complation_message',
    outOfHoursMessage: 'out_of_hours_message',
    ratingMessage: 'rating_message',
    maxUseBotQueues: 'max_use_bot_queues',
    maxUseBotQueuesNPS: 'max_use_bot_queues_nps',
    provider: 'provider',
    expiresTicket: 'expires_ticket',
    expiresTicketNPS: 'expires_ticket_nps',
    whenExpiresTicket: 'when_expires_ticket',
    expiresInactiveMessage: 'expires_inactive_message',
    allowGroup: 'allow_group',
    groupAsTicket: 'group_as_ticket',
    timeUseBotQueues: 'time_use_bot_queues',
    timeSendQueue: 'time_send_queue',
    sendIdQueue: 'send_id_queue',
    timeCreateNewTicket: 'time_create_new_ticket',
    timeInactiveMessage: 'time_inactive_message',
    inactiveMessage: 'inactive_message',
    greetingMediaAttachment: 'greeting_media_attachment',
    importOldMessages: 'import_old_messages',
    importRecentMessages: 'import_recent_messages',
    importOldMessagesGroups: 'import_old_messages_groups',
    closedTicketsPostImported: 'closed_tickets_post_imported',
    integrationId: 'integration_id',
    promptId: 'prompt_id',
    queueIds: 'queue_ids',
    schedules: 'schedules',
  },
  // jsonb: pg would send a JS array as a Postgres array.
  { schedules: JSON.stringify },
);

type Touch = { companyId: number; frames: Set<'create' | 'update' | 'delete' | 'session'> };

export const connectionsProjector = defineProjector({
  name: 'connections',
  // 2: the call token moved out of read.connections into auth.connection_secrets.
  version: 2,
  eventTypes: [
    'ConnectionCreated',
    'ConnectionDetailsChanged',
    'ConnectionTokenChanged',
    'ConnectionAccountChanged',
    'ConnectionDeleted',
    'ConnectionSessionRequested',
    'ConnectionSessionStopRequested',
    'ConnectionSessionChanged',
    'ConnectionImportStarted',
    'ConnectionImportProgressed',
    'ConnectionImportFinished',
    'ImportedTicketsClosed',
    'DefaultConnectionChanged',
  ],
  tables: ['read.connections', 'read.default_connections', 'auth.connection_secrets'],
  migrate: migrateConnections,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched = new Map<number, Touch>();
    const imports: ProjectionChange[] = [];
    const touch = (connectionId: number, companyId: number, frame: 'create' | 'update' | 'delete' | 'session') => {
      const entry = touched.get(connectionId) ?? { companyId, frames: new Set() };
      entry.frames.add(frame);
      touched.set(connectionId, entry);
    };
    const update = rowUpdater(trx, 'read.connections');
    /** The company's default connection moves: the old one loses the mark, the new one (if still live) takes it. */
    const markDefault = async (connectionId: number, companyId: number, isDefault: boolean) => {
      let query = trx.updateTable('read.connections').set({ is_default: isDefault }).where('id', '=', connectionId).where('company_id', '=', companyId);
      if (isDefault) query = query.where('deleted', '=', false);
      await query.execute();
      touch(connectionId, companyId, 'update');
    };

    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      const { type, data } = event;
      switch (type) {
        case 'ConnectionCreated':
          await trx
            .insertInto('read.connections')
            .values({
              id: data.connectionId,
              company_id: data.companyId,
              channel: data.channel,
              status: data.status,
              ...detailRow(data),
              has_call_token: data.wavoip !== '',
              facebook_user_id: data.account?.facebookUserId ?? null,
              facebook_page_user_id: data.account?.facebookPageUserId ?? null,
              session_wanted: data.channel !== 'whatsapp',
              // The roster may have named it the default before this row existed.
              is_default: sql<boolean>`coalesce((select d.connection_id = ${data.connectionId} from read.default_connections d where d.company_id = ${data.companyId}), false)`,
              created_at: at,
              updated_at: at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          await trx
            .insertInto('auth.connection_secrets')
            .values({
              connection_id: data.connectionId,
              company_id: data.companyId,
              token: data.token,
              facebook_user_token: data.account?.facebookUserToken ?? null,
              token_meta: data.account?.tokenMeta ?? null,
              wavoip: data.wavoip,
            })
            .onConflict((oc) => oc.column('connection_id').doNothing())
            .execute();
          touch(data.connectionId, data.companyId, 'create');
          break;
        case 'ConnectionDetailsChanged': {
          const { wavoip, ...changes } = data.changes;
          if (wavoip !== undefined) await trx.updateTable('auth.connection_secrets').set({ wavoip }).where('connection_id', '=', data.connectionId).execute();
          await update(data.connectionId, { ...detailRow(changes), ...(wavoip !== undefined ? { has_call_token: wavoip !== '' } : {}) }, at);
          touch(data.connectionId, companyId, 'update');
          break;
        }
        case 'ConnectionTokenChanged':
          await trx.updateTable('auth.connection_secrets').set({ token: data.token }).where('connection_id', '=', data.connectionId).execute();
          await update(data.connectionId, {}, at);
          touch(data.connectionId, companyId, 'update');
          break;
        case 'ConnectionAccountChanged':
          await trx
            .updateTable('auth.connection_secrets')
            .set({ facebook_user_token: data.account.facebookUserToken, token_meta: data.account.tokenMeta })
            .where('connection_id', '=', data.connectionId)
            .execute();
          await update(data.connectionId, { facebook_user_id: data.account.facebookUserId, facebook_page_user_id: data.account.facebookPageUserId }, at);
          touch(data.connectionId, companyId, 'update');
          break;
        case 'ConnectionDeleted':
          await update(data.connectionId, { deleted: true, is_default: false, session_wanted: false }, at);
          touch(data.connectionId, companyId, 'delete');
          break;
        case 'ConnectionSessionRequested':
          await update(data.connectionId, { session_wanted: true, session_generation: data.generation, session_request: data.kind }, at);
          break;
        case 'ConnectionSessionStopRequested':
          await update(data.connectionId, { session_wanted: false, session_generation: data.generation, session_request: 'stop' }, at);
          break;
        case 'ConnectionSessionChanged':
          await update(
            data.connectionId,
            { status: data.status, qrcode: data.qrcode, retries: data.retries, ...(data.number !== undefined ? { number: data.number } : {}) },
            at,
          );
          touch(data.connectionId, companyId, 'session');
          break;
        case 'ConnectionImportStarted':
          await update(
            data.connectionId,
            { status_import_messages: String(Date.parse(data.startedAt)), import_progress: JSON.stringify({ this: -1, all: -1, date: null }) },
            at,
          );
          touch(data.connectionId, companyId, 'update');
          imports.push({
            companyId,
            entity: 'importMessages',
            data: { action: 'update', status: { this: -1, all: -1, date: null }, whatsappId: data.connectionId } satisfies ImportFrame,
          });
          break;
        case 'ConnectionImportProgressed': {
          const status = { this: data.processed, all: data.total, date: data.date };
          await update(data.connectionId, { import_progress: JSON.stringify(status) }, at);
          imports.push({ companyId, entity: 'importMessages', data: { action: 'update', status, whatsappId: data.connectionId } satisfies ImportFrame });
          break;
        }
        case 'ConnectionImportFinished':
          await update(data.connectionId, { status_import_messages: IMPORT_CLOSE_BUTTON }, at);
          touch(data.connectionId, companyId, 'update');
          imports.push({ companyId, entity: 'importMessages', data: { action: 'refresh', whatsappId: data.connectionId } satisfies ImportFrame });
          break;
        case 'ImportedTicketsClosed':
          await update(data.connectionId, { status_import_messages: null, import_progress: null }, at);
          touch(data.connectionId, companyId, 'update');
          break;
        case 'DefaultConnectionChanged':
          await trx
            .insertInto('read.default_connections')
            .values({ company_id: companyId, connection_id: data.connectionId })
            .onConflict((oc) => oc.column('company_id').doUpdateSet({ connection_id: data.connectionId }))
            .execute();
          if (data.previousId !== null) await markDefault(data.previousId, companyId, false);
          if (data.connectionId !== null) await markDefault(data.connectionId, companyId, true);
          break;
      }
    }

    // Frames are built from the committed rows (without the token: frames reach every socket of the company).
    return async (db: Kysely<ReadDatabase>) => {
      const ids = [...touched.keys()];
      const rows = ids.length ? await db.selectFrom('read.connections').selectAll().where('id', 'in', ids).execute() : [];
      const byId = new Map(rows.map((row) => [row.id, connectionFromRow(row)]));
      const changes: ProjectionChange[] = [];
      for (const [connectionId, { companyId, frames }] of touched) {
        const view = byId.get(connectionId);
        if (frames.has('delete') || !view) {
          changes.push({ companyId, entity: 'whatsapp', data: { action: 'delete', whatsappId: connectionId } satisfies ConnectionFrame });
          continue;
        }
        if (frames.has('create') || frames.has('update'))
          changes.push({
            companyId,
            entity: 'whatsapp',
            data: { action: frames.has('create') ? 'create' : 'update', whatsapp: view } satisfies ConnectionFrame,
          });
        if (frames.has('session'))
          changes.push({ companyId, entity: 'whatsappSession', data: { action: 'update', session: view } satisfies ConnectionSessionFrame });
      }
      return [...changes, ...imports];
    };
  },
});
