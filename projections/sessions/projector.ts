import { USER_ACCESS_ENTITY, type UserAccessChange } from '@conversa/contracts';
import { defineProjector, type ProjectionChange } from '@conversa/platform';
import type { Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { migrateSessions } from './migration';

/**
 * Which sessions are active. A password change or a deletion ends every session the user started
 * before it in the log, so the revocation needs no event per session and replays the same way.
 * Every revocation is announced (company.<id>.user-access) after the batch commits, so a process
 * that hears it reads the committed state. (Re-scoping is announced by the users read model, whose
 * rows the edges then reload.)
 */
export const sessionsProjector = defineProjector({
  name: 'sessions',
  version: 1,
  eventTypes: ['SessionStarted', 'SessionRevoked', 'UserPasswordChanged', 'UserDeleted', 'CompanyDeleted'],
  tables: ['auth.sessions'],
  migrate: migrateSessions,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const changes: ProjectionChange[] = [];
    const announce = (companyId: number, change: UserAccessChange) => changes.push({ companyId, entity: USER_ACCESS_ENTITY, data: change });
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      const { type, data } = event;
      switch (type) {
        case 'SessionStarted':
          await trx
            .insertInto('auth.sessions')
            .values({ session_id: data.sessionId, user_id: data.userId, company_id: data.companyId, started_at: at })
            .onConflict((oc) => oc.column('session_id').doNothing())
            .execute();
          break;
        case 'SessionRevoked': {
          const revoked = await trx
            .updateTable('auth.sessions')
            .set({ revoked_at: at, revoked_reason: data.reason })
            .where('session_id', '=', data.sessionId)
            .where('revoked_at', 'is', null)
            .returning(['user_id', 'company_id'])
            .executeTakeFirst();
          if (revoked) announce(revoked.company_id, { userId: revoked.user_id, sessionId: data.sessionId, change: 'revoked' });
          break;
        }
        case 'UserPasswordChanged':
        case 'UserDeleted': {
          const revoked = await trx
            .updateTable('auth.sessions')
            .set({ revoked_at: at, revoked_reason: type === 'UserDeleted' ? 'user-deleted' : 'password-changed' })
            .where('user_id', '=', data.userId)
            .where('revoked_at', 'is', null)
            .returning('session_id')
            .execute();
          // A deleted user has no session left to spare: all their sockets go. A password change names
          // the sessions it ended, so one started after it (applied late by a lagging projector) stays.
          if (type === 'UserDeleted') announce(companyId, { userId: data.userId, change: 'revoked' });
          else for (const { session_id } of revoked) announce(companyId, { userId: data.userId, sessionId: session_id, change: 'revoked' });
          break;
        }
        case 'CompanyDeleted': {
          // Its users can no longer act: each session still open ends, and its sockets with it.
          const revoked = await trx
            .updateTable('auth.sessions')
            .set({ revoked_at: at, revoked_reason: 'company-deleted' })
            .where('company_id', '=', data.companyId)
            .where('revoked_at', 'is', null)
            .returning(['session_id', 'user_id'])
            .execute();
          for (const row of revoked) announce(data.companyId, { userId: row.user_id, sessionId: row.session_id, change: 'revoked' });
          break;
        }
      }
    }
    return changes;
  },
});
