import type { OnDutyDay } from '@conversa/contracts';
import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../columns';

// Rows of the table projections/onDuty/migration.ts creates, column for column.

export interface OnDutyTable {
  id: number;
  company_id: number;
  user_id: number;
  phone: string;
  interval: number;
  days: Json<OnDutyDay[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted: Generated<boolean>;
}

/** The tables of the on-duty read model, as its queries name them. */
export interface OnDutyTables {
  'read.on_duty': OnDutyTable;
}
