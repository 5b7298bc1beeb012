import { USER_ACCESS_ENTITY, type UserAccessChange, type UserDetails } from '@conversa/contracts';
import { defineProjector, type ProjectionChange } from '@conversa/platform';
import type { Transaction } from 'kysely';
import { fieldColumns } from '../columns';
import type { ReadDatabase } from '../database';
import { entityFrames } from '../frames';
import { migrateUsers } from './migration';
import { findUser } from './queries';
import type { UsersTable } from './tables';
import { rowUpdater } from '../records';

const userRow = fieldColumns<UsersTable>()({
  name: 'name',
  email: 'email',
  profile: 'profile',
  super: 'super',
  language: 'language',
  profileImage: 'profile_image',
  startWork: 'start_work',
  endWork: 'end_work',
  farewellMessage: 'farewell_message',
  allTicket: 'all_ticket',
  allowGroup: 'allow_group',
  defaultMenu: 'default_menu',
  defaultTheme: 'default_theme',
  whatsappId: 'whatsapp_id',
  queueIds: 'queue_ids',
  showDashboard: 'show_dashboard',
  allowRealTime: 'allow_real_time',
  allowConnections: 'allow_connections',
});

/** Details that decide what a user's sockets may see (ticket visibility): a change re-scopes them. */
const scopeFields: ReadonlyArray<keyof UserDetails> = ['profile', 'queueIds', 'allTicket', 'allowGroup'];

export const usersProjector = defineProjector({
  name: 'users',
  version: 3,
  eventTypes: ['UserCreated', 'UserDetailsChanged', 'UserPasswordChanged', 'UserDeleted', 'UserWentOnline', 'UserWentOffline', 'SessionStarted'],
  tables: ['read.users', 'auth.user_credentials'],
  migrate: migrateUsers,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const logins: ProjectionChange[] = [];
    // Announced by this read model, after its commit: the edges hearing it reload the new row.
    const rescoped: ProjectionChange[] = [];
    const touched = new Map<number, { companyId: number; action: 'create' | 'update' | 'delete' }>();
    const update = rowUpdater(trx, 'read.users');
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const { type, data } = event;
      switch (type) {
        case 'UserCreated':
          await trx
            .insertInto('read.users')
            .values({ id: data.userId, company_id: data.companyId, ...userRow(data), phone: data.phone ?? '', created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          await trx
            .insertInto('auth.user_credentials')
            .values({ user_id: data.userId, company_id: data.companyId, email: data.email, password_hash: data.passwordHash })
            .onConflict((oc) => oc.column('user_id').doNothing())
            .execute();
          touched.set(data.userId, { companyId: data.companyId, action: 'create' });
          break;
        case 'UserDetailsChanged': {
          const row = userRow(data.changes);
          const phone = data.changes.phone !== undefined ? { phone: data.changes.phone } : {};
          await update(data.userId, { ...row, ...phone }, at);
          if (row.email !== undefined) await trx.updateTable('auth.user_credentials').set({ email: row.email }).where('user_id', '=', data.userId).execute();
          touched.set(data.userId, { companyId: event.metadata.companyId, action: touched.get(data.userId)?.action ?? 'update' });
          if (scopeFields.some((field) => data.changes[field] !== undefined)) {
            const change: UserAccessChange = { userId: data.userId, change: 'rescoped' };
            rescoped.push({ companyId: event.metadata.companyId, entity: USER_ACCESS_ENTITY, data: change });
          }
          break;
        }
        case 'UserPasswordChanged':
          await trx.updateTable('auth.user_credentials').set({ password_hash: data.passwordHash }).where('user_id', '=', data.userId).execute();
          break;
        case 'UserDeleted':
          await update(data.userId, { deleted: true }, at);
          await trx.deleteFrom('auth.user_credentials').where('user_id', '=', data.userId).execute();
          touched.set(data.userId, { companyId: event.metadata.companyId, action: 'delete' });
          break;
        case 'UserWentOnline':
        case 'UserWentOffline': {
          const online = type === 'UserWentOnline';
          await trx.updateTable('read.users').set({ online, online_changed_at: at }).where('id', '=', data.userId).execute();
          touched.set(data.userId, { companyId: event.metadata.companyId, action: touched.get(data.userId)?.action ?? 'update' });
          break;
        }
        case 'SessionStarted':
          await trx.updateTable('read.users').set({ last_login: at }).where('id', '=', data.userId).execute();
          // Tells the user's other browsers that the account was opened elsewhere.
          logins.push({ companyId: data.companyId, entity: 'auth', data: { action: 'update', user: { id: data.userId }, sessionId: data.sessionId } });
          break;
      }
    }
    // UserFrame's shape: { action: 'delete', userId } or { action, user }.
    const changes = await entityFrames(touched, { entity: 'user', idKey: 'userId', viewKey: 'user' }, (_companyId, id) => findUser(trx, id));
    return [...changes, ...logins, ...rescoped];
  },
});
