import type { QueueCapacity } from '@conversa/contracts';
import type { Json, Timestamp } from '../columns';

// Rows of the tables projections/assignment/migration.ts creates, column for column.

export interface AssignmentQueuesTable {
  queue_id: number;
  company_id: number;
  auto_assign: boolean;
  position_step: number;
  priority_tag_ids: number[];
  capacities: Json<QueueCapacity[]>;
  first_response_minutes: number | null;
  resolution_minutes: number | null;
}

export interface AssignmentAgentsTable {
  user_id: number;
  company_id: number;
  status: string;
  status_reason: string;
  status_changed_at: Timestamp;
  idle_since: Timestamp;
}

/** The tables of the assignment read model, as its queries name them. */
export interface AssignmentTables {
  'read.assignment_queues': AssignmentQueuesTable;
  'read.assignment_agents': AssignmentAgentsTable;
}
