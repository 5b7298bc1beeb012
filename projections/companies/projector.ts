import { defaultCompanySettings, SECRET_SETTINGS, type SettingFrame } from '@conversa/contracts';
import { defineProjector, type ProjectionChange } from '@conversa/platform';
import type { Transaction } from 'kysely';
import { fieldColumns } from '../columns';
import type { ReadDatabase } from '../database';
import { migrateCompanies } from './migration';
import type { CompaniesTable } from './tables';
import { rowUpdater } from '../records';

const detailRow = fieldColumns<CompaniesTable>()({
  name: 'name',
  email: 'email',
  phone: 'phone',
  document: 'document',
  paymentMethod: 'payment_method',
  addressStreet: 'address_street',
  addressState: 'address_state',
  addressCity: 'address_city',
  recurrence: 'recurrence',
  status: 'status',
});

export const companiesProjector = defineProjector({
  name: 'companies',
  // MessageContentsExpired (the last retention run) came without a version change: no run was recorded before.
  version: 1,
  eventTypes: [
    'CompanyRegistered',
    'CompanyDetailsChanged',
    'CompanyPlanChanged',
    'CompanyDueDateSet',
    'CompanySettingChanged',
    'CompanySchedulesSet',
    'CompanyDeleted',
    'SessionStarted',
    'MessageContentsExpired',
  ],
  tables: ['read.companies', 'read.company_settings', 'read.company_retention'],
  migrate: migrateCompanies,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const changes: ProjectionChange[] = [];
    const update = rowUpdater(trx, 'read.companies');
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const { type, data } = event;
      switch (type) {
        case 'CompanyRegistered':
          await trx
            .insertInto('read.companies')
            .values({ id: data.companyId, plan_id: data.planId, due_date: data.dueDate, ...detailRow(data), created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          await trx
            .insertInto('read.company_settings')
            .values(Object.entries(defaultCompanySettings).map(([key, value]) => ({ company_id: data.companyId, key, value, updated_at: at })))
            .onConflict((oc) => oc.columns(['company_id', 'key']).doNothing())
            .execute();
          break;
        case 'CompanyDetailsChanged':
          await update(data.companyId, detailRow(data.changes), at);
          break;
        case 'CompanyPlanChanged':
          await update(data.companyId, { plan_id: data.planId }, at);
          break;
        case 'CompanyDueDateSet':
          await update(data.companyId, { due_date: data.dueDate }, at);
          break;
        case 'CompanySchedulesSet':
          await update(data.companyId, { schedules: JSON.stringify(data.schedules) }, at);
          break;
        case 'CompanyDeleted':
          await update(data.companyId, { deleted: true }, at);
          break;
        case 'CompanySettingChanged':
          await trx
            .insertInto('read.company_settings')
            .values({ company_id: data.companyId, key: data.key, value: data.value, updated_at: at })
            .onConflict((oc) => oc.columns(['company_id', 'key']).doUpdateSet({ value: data.value, updated_at: at }))
            .execute();
          changes.push({
            companyId: data.companyId,
            entity: 'settings',
            data: { action: 'update', setting: { key: data.key, value: SECRET_SETTINGS.has(data.key) ? '' : data.value } } satisfies SettingFrame,
          });
          continue;
        case 'MessageContentsExpired': {
          const run = { last_run_at: at, expired_before: new Date(data.before), days: data.days };
          await trx
            .insertInto('read.company_retention')
            .values({ company_id: data.companyId, ...run })
            .onConflict((oc) => oc.column('company_id').doUpdateSet(run))
            .execute();
          continue;
        }
        case 'SessionStarted':
          await trx.updateTable('read.companies').set({ last_login: at }).where('id', '=', data.companyId).execute();
          continue;
      }
      changes.push({
        companyId: data.companyId,
        entity: 'company',
        data: { action: type === 'CompanyDeleted' ? 'delete' : 'update', companyId: data.companyId },
      });
    }
    return changes;
  },
});
