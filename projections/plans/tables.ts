import type { Timestamp } from '../columns';

// Rows of the tables projections/plans/migration.ts creates, column for column.

export interface PlansTable {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: string;
  use_whatsapp: boolean;
  use_facebook: boolean;
  use_instagram: boolean;
  use_campaigns: boolean;
  use_schedules: boolean;
  use_internal_chat: boolean;
  use_external_api: boolean;
  use_kanban: boolean;
  use_open_ai: boolean;
  use_integrations: boolean;
  is_public: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The tables of the plans read model, as its queries name them. */
export interface PlansTables {
  'read.plans': PlansTable;
}
