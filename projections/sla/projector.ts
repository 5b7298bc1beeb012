import type { ScheduleEntry } from '@conversa/contracts';
import { businessMinutesBetween, slaDue, type BusinessHours } from '@conversa/contracts/sla/clock';
import { defineProjector } from '@conversa/platform';
import type { Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { dashboardTimeZone } from '../dashboard/zone';
import { migrateSla } from './migration';

type Trx = Transaction<ReadDatabase>;

async function companyRow(trx: Trx, companyId: number) {
  await trx
    .insertInto('read.sla_companies')
    .values({ company_id: companyId })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
  return trx.selectFrom('read.sla_companies').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
}

/** Starts a ticket's clocks when it arrives in a queue with a target; a ticket's clocks start once. */
async function start(trx: Trx, companyId: number, ticketId: number, queueId: number, userId: number | null, at: Date) {
  const queue = await trx.selectFrom('read.sla_queues').selectAll().where('queue_id', '=', queueId).executeTakeFirst();
  if (!queue || (queue.first_response_minutes === null && queue.resolution_minutes === null)) return;
  const company = await companyRow(trx, companyId);
  const schedules: ScheduleEntry[] | null =
    company.schedule_type === 'queue' ? queue.schedules : company.schedule_type === 'company' ? company.schedules : null;
  const hours: BusinessHours = { schedules, timeZone: dashboardTimeZone() };
  const first = queue.first_response_minutes !== null ? slaDue(at, queue.first_response_minutes, 0, hours) : null;
  const resolution = queue.resolution_minutes !== null ? slaDue(at, queue.resolution_minutes, 0, hours) : null;
  await trx
    .insertInto('read.ticket_sla')
    .values({
      ticket_id: ticketId,
      company_id: companyId,
      queue_id: queueId,
      user_id: userId,
      started_at: at,
      hours: JSON.stringify(schedules),
      time_zone: hours.timeZone,
      pause_on_customer: company.pause_on_customer,
      first_response_minutes: queue.first_response_minutes,
      first_response_warn: first?.warnAt ?? null,
      first_response_due: first?.dueAt ?? null,
      resolution_minutes: queue.resolution_minutes,
      resolution_warn: resolution?.warnAt ?? null,
      resolution_due: resolution?.dueAt ?? null,
    })
    .onConflict((oc) => oc.column('ticket_id').doNothing())
    .execute();
}

/** The customer answered: the resolution clock runs again, its due moments moved on by the business minutes it stood still. */
async function resume(trx: Trx, ticketId: number, at: Date) {
  const row = await trx.selectFrom('read.ticket_sla').selectAll().where('ticket_id', '=', ticketId).where('paused_since', 'is not', null).executeTakeFirst();
  if (!row || row.paused_since === null) return;
  const hours: BusinessHours = { schedules: row.hours, timeZone: row.time_zone };
  const pausedMinutes = row.paused_minutes + Math.round(businessMinutesBetween(new Date(row.paused_since), at, hours));
  const due = row.resolution_minutes !== null ? slaDue(new Date(row.started_at), row.resolution_minutes, pausedMinutes, hours) : null;
  await trx
    .updateTable('read.ticket_sla')
    .set({ paused_since: null, paused_minutes: pausedMinutes, resolution_warn: due?.warnAt ?? null, resolution_due: due?.dueAt ?? null })
    .where('ticket_id', '=', ticketId)
    .execute();
}

/**
 * The SLA clocks (docs/metrics.md "SLA"): a ticket's first-response and resolution clocks in business
 * minutes of the opening hours that applied when it arrived. Everything comes from the log, the
 * queues' hours and targets and the company's settings included, so a rebuild gives the same rows.
 */
export const slaProjector = defineProjector({
  name: 'sla',
  version: 1,
  eventTypes: [
    'QueueCreated',
    'QueueChanged',
    'QueueDeleted',
    'QueueWorkSettingsSet',
    'CompanySettingChanged',
    'CompanySchedulesSet',
    'TicketCreated',
    'TicketQueueAssigned',
    'TicketTransferred',
    'TicketAccepted',
    'TicketReopened',
    'TicketClosed',
    'TicketDeleted',
    'MessageQueued',
    'MessageReceived',
    'TicketSlaBreached',
  ],
  tables: ['read.sla_queues', 'read.sla_companies', 'read.ticket_sla'],
  migrate: migrateSla,
  async handle(trx: Trx, events) {
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      const { type, data } = event;
      const ticket = (id: number) => trx.updateTable('read.ticket_sla').where('ticket_id', '=', id);
      switch (type) {
        case 'QueueCreated':
          await trx
            .insertInto('read.sla_queues')
            .values({ queue_id: data.queueId, company_id: companyId, schedules: JSON.stringify(data.schedules) })
            .onConflict((oc) => oc.column('queue_id').doUpdateSet({ schedules: JSON.stringify(data.schedules) }))
            .execute();
          break;
        case 'QueueChanged':
          if (data.changes.schedules)
            await trx
              .updateTable('read.sla_queues')
              .set({ schedules: JSON.stringify(data.changes.schedules) })
              .where('queue_id', '=', data.queueId)
              .execute();
          break;
        case 'QueueDeleted':
          await trx.deleteFrom('read.sla_queues').where('queue_id', '=', data.queueId).execute();
          break;
        case 'QueueWorkSettingsSet':
          await trx
            .insertInto('read.sla_queues')
            .values({
              queue_id: data.queueId,
              company_id: companyId,
              first_response_minutes: data.firstResponseMinutes,
              resolution_minutes: data.resolutionMinutes,
            })
            .onConflict((oc) =>
              oc.column('queue_id').doUpdateSet({ first_response_minutes: data.firstResponseMinutes, resolution_minutes: data.resolutionMinutes }),
            )
            .execute();
          break;
        case 'CompanySettingChanged':
          if (data.key === 'scheduleType' || data.key === 'slaPauseOnCustomer') {
            await companyRow(trx, data.companyId);
            const set = data.key === 'scheduleType' ? { schedule_type: data.value } : { pause_on_customer: data.value === 'enabled' };
            await trx.updateTable('read.sla_companies').set(set).where('company_id', '=', data.companyId).execute();
          }
          break;
        case 'CompanySchedulesSet':
          await companyRow(trx, data.companyId);
          await trx
            .updateTable('read.sla_companies')
            .set({ schedules: JSON.stringify(data.schedules) })
            .where('company_id', '=', data.companyId)
            .execute();
          break;
        case 'TicketCreated':
          if (data.queueId !== null) await start(trx, companyId, data.ticketId, data.queueId, data.userId, at);
          break;
        case 'TicketQueueAssigned':
          await start(trx, companyId, data.ticketId, data.queueId, null, at);
          break;
        case 'TicketTransferred':
          await start(trx, companyId, data.ticketId, data.to.queueId, data.to.userId, at);
          await ticket(data.ticketId).set({ user_id: data.to.userId }).execute();
          break;
        case 'TicketAccepted':
        case 'TicketReopened':
          await ticket(data.ticketId).set({ user_id: data.userId }).execute();
          break;
        case 'TicketClosed':
          // A close before any answer stops the first-response clock too.
          await ticket(data.ticketId).set({ first_response_at: at }).where('first_response_at', 'is', null).execute();
          await ticket(data.ticketId).set({ resolved_at: at, paused_since: null }).where('resolved_at', 'is', null).execute();
          break;
        case 'TicketDeleted':
          await trx.deleteFrom('read.ticket_sla').where('ticket_id', '=', data.ticketId).execute();
          break;
        case 'MessageQueued':
          if (data.userId === null || data.isPrivate) break;
          await ticket(data.ticketId).set({ first_response_at: at }).where('first_response_at', 'is', null).execute();
          await ticket(data.ticketId)
            .set({ paused_since: at })
            .where('pause_on_customer', '=', true)
            .where('resolved_at', 'is', null)
            .where('paused_since', 'is', null)
            .execute();
          break;
        case 'MessageReceived':
          await resume(trx, data.ticketId, at);
          break;
        case 'TicketSlaBreached':
          await ticket(data.ticketId)
            .set(data.clock === 'firstResponse' ? { first_response_breached: true } : { resolution_breached: true })
            .execute();
          break;
      }
    }
    return [];
  },
});
