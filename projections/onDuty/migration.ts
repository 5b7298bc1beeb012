import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { companyKey, createTables, deletedFlag, integer, jsonb, smallint, stamps, text, type Tables } from '../ddl';

const tables: Tables = {
  'read.on_duty': {
    comment: 'On-duty attendants (plantão): who is told on their phone of new tickets outside the opening hours',
    columns: {
      ...companyKey,
      user_id: integer.notNull().comment('The attendant on duty'),
      phone: text.notNull().comment('Digits with country code the announcements are sent to'),
      interval: smallint.notNull().comment('Hours: at most one announcement per interval'),
      days: jsonb
        .notNull()
        .comment('Seven days from Monday: weekday, weekdayEn, startTime, endTime (HH:mm, both empty: off; end before start runs past midnight)'),
      ...stamps,
      ...deletedFlag("true: deleted; kept so the log's announcements still name the entry"),
    },
    indexes: {
      on_duty_company: '(company_id) where not deleted',
    },
  },
};

export async function migrateOnDuty(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
