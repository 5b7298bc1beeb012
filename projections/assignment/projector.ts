import type { UserStatusFrame } from '@conversa/contracts';
import { defineProjector, type ProjectionChange } from '@conversa/platform';
import type { Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { migrateAssignment } from './migration';

/** Who is available for assignment and each queue's work settings; the line itself is read.ticket_routing's waiting tickets. */
export const assignmentProjector = defineProjector({
  name: 'assignment',
  version: 1,
  eventTypes: ['QueueWorkSettingsSet', 'QueueDeleted', 'UserStatusChanged', 'UserDeleted', 'TicketAccepted', 'TicketReopened', 'TicketTransferred'],
  tables: ['read.assignment_queues', 'read.assignment_agents'],
  migrate: migrateAssignment,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const received = async (userId: number | null, at: Date) => {
      if (userId !== null) await trx.updateTable('read.assignment_agents').set({ idle_since: at }).where('user_id', '=', userId).execute();
    };
    const frames: ProjectionChange[] = [];
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      const { type, data } = event;
      switch (type) {
        case 'QueueWorkSettingsSet': {
          const row = {
            company_id: companyId,
            auto_assign: data.autoAssign,
            position_step: data.positionStep,
            priority_tag_ids: data.priorityTagIds,
            capacities: JSON.stringify(data.capacities),
            first_response_minutes: data.firstResponseMinutes,
            resolution_minutes: data.resolutionMinutes,
          };
          await trx
            .insertInto('read.assignment_queues')
            .values({ queue_id: data.queueId, ...row })
            .onConflict((oc) => oc.column('queue_id').doUpdateSet(row))
            .execute();
          break;
        }
        case 'QueueDeleted':
          await trx.deleteFrom('read.assignment_queues').where('queue_id', '=', data.queueId).execute();
          break;
        case 'UserStatusChanged': {
          // The top bar follows a status the sockets' grace set, without a reload.
          frames.push({ companyId, entity: 'assignmentStatus', data: { userId: data.userId, status: data.status } satisfies UserStatusFrame });
          const row = { company_id: companyId, status: data.status, status_reason: data.reason, status_changed_at: at };
          // Coming online starts her idle time; away or offline keeps it.
          await trx
            .insertInto('read.assignment_agents')
            .values({ user_id: data.userId, ...row, idle_since: at })
            .onConflict((oc) => oc.column('user_id').doUpdateSet(data.status === 'online' ? { ...row, idle_since: at } : row))
            .execute();
          break;
        }
        case 'UserDeleted':
          await trx.deleteFrom('read.assignment_agents').where('user_id', '=', data.userId).execute();
          break;
        case 'TicketAccepted':
        case 'TicketReopened':
          await received(data.userId, at);
          break;
        case 'TicketTransferred':
          await received(data.to.userId, at);
          break;
      }
    }
    return frames;
  },
});
