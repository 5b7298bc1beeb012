import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateOnDuty(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.on_duty (
      id integer primary key,
      company_id integer not null,
      user_id integer not null,
      phone text not null,
      interval smallint not null,
      days jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false
    );
    create index if not exists on_duty_company on read.on_duty (company_id) where not deleted;
    comment on table read.on_duty is 'On-duty attendants (plantão): who is told on their phone of new tickets outside the opening hours';
    comment on column read.on_duty.user_id is 'The attendant on duty';
    comment on column read.on_duty.phone is 'Digits with country code the announcements are sent to';
    comment on column read.on_duty.interval is 'Hours: at most one announcement per interval';
    comment on column read.on_duty.days is 'Seven days from Monday: weekday, weekdayEn, startTime, endTime (HH:mm, both empty: off; end before start runs past midnight)';
    comment on column read.on_duty.deleted is 'true: deleted; kept so the log''s announcements still name the entry';
  `.execute(db);
}
