import type { ScheduleEvent, ScheduleFields } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { isDue, schedule, scheduleMessageId } from './schedule';

const now = new Date('2026-01-15T12:00:00.000Z');
const fields: ScheduleFields = { contactId: 4, body: 'Lembrete da consulta', sendAt: '2026-01-15T13:00:00.000Z', userId: 2 };
const created: ScheduleEvent = { type: 'ScheduleCreated', data: { scheduleId: 6, ticketId: 11, ...fields } };
const messageId = scheduleMessageId(6, 0);
const sent: ScheduleEvent = { type: 'ScheduleSent', data: { scheduleId: 6, sentAt: now.toISOString(), messageId, ticketId: 11 } };
const failed: ScheduleEvent = { type: 'ScheduleFailed', data: { scheduleId: 6, reason: 'no connection', failedAt: now.toISOString() } };

describe('schedule decider', () => {
  it('creates a pending schedule', () => {
    spec(schedule).given([]).when({ type: 'CreateSchedule', scheduleId: 6, fields, ticketId: 11 }).then([created]);
    spec(schedule)
      .given([])
      .when({ type: 'CreateSchedule', scheduleId: 6, fields, ticketId: 11 })
      .thenState((state) => expect(state.status).toBe('PENDENTE'));
  });

  it('refuses a body under 5 characters', () => {
    spec(schedule)
      .given([])
      .when({ type: 'CreateSchedule', scheduleId: 6, fields: { ...fields, body: ' oi  ' }, ticketId: null })
      .thenThrows('ERR_VALIDATION');
    spec(schedule)
      .given([created])
      .when({ type: 'ChangeSchedule', changes: { body: 'abc' } })
      .thenThrows('ERR_VALIDATION');
  });

  it('records only what changed, and nothing for an unchanged save', () => {
    spec(schedule)
      .given([created])
      .when({ type: 'ChangeSchedule', changes: { body: fields.body, sendAt: '2026-01-16T09:00:00.000Z' } })
      .then([{ type: 'ScheduleChanged', data: { scheduleId: 6, changes: { sendAt: '2026-01-16T09:00:00.000Z' } } }]);
    spec(schedule)
      .given([created])
      .when({ type: 'ChangeSchedule', changes: { body: fields.body } })
      .then([]);
  });

  it('records the send once and refuses a second send', () => {
    spec(schedule).given([created]).when({ type: 'RecordScheduleSent', messageId, ticketId: 11 }, now).then([sent]);
    spec(schedule).given([created, sent]).when({ type: 'RecordScheduleSent', messageId, ticketId: 11 }).thenThrows('ERR_SCHEDULE_ALREADY_SENT');
  });

  it('cannot save, delete or fail a sent schedule', () => {
    spec(schedule)
      .given([created, sent])
      .when({ type: 'ChangeSchedule', changes: { body: 'Outro lembrete' } })
      .thenThrows('ERR_SCHEDULE_ALREADY_SENT');
    spec(schedule).given([created, sent]).when({ type: 'DeleteSchedule' }).thenThrows('ERR_SCHEDULE_ALREADY_SENT');
    spec(schedule).given([created, sent]).when({ type: 'RecordScheduleFailed', reason: 'x' }).thenThrows('ERR_SCHEDULE_ALREADY_SENT');
  });

  it('marks a failure as ERRO once', () => {
    spec(schedule).given([created]).when({ type: 'RecordScheduleFailed', reason: 'no connection' }, now).then([failed]);
    spec(schedule).given([created, failed]).when({ type: 'RecordScheduleFailed', reason: 'again' }).then([]);
    spec(schedule)
      .given([created])
      .when({ type: 'RecordScheduleFailed', reason: 'no connection' }, now)
      .thenState((state) => expect(state.status).toBe('ERRO'));
  });

  it('puts a failed schedule back in line when saved, even unchanged, under a new message id', () => {
    spec(schedule)
      .given([created, failed])
      .when({ type: 'ChangeSchedule', changes: { body: fields.body } })
      .then([{ type: 'ScheduleChanged', data: { scheduleId: 6, changes: {} } }]);
    spec(schedule)
      .given([created, failed])
      .when({ type: 'ChangeSchedule', changes: {} })
      .thenState((state) => {
        expect(state.status).toBe('PENDENTE');
        expect(state.status !== 'none' && state.failures).toBe(1);
      });
    expect(scheduleMessageId(6, 1)).not.toBe(scheduleMessageId(6, 0));
    expect(scheduleMessageId(6, 0)).toBe(messageId);
  });

  it('deletes a pending schedule; a deleted one is not found', () => {
    spec(schedule)
      .given([created])
      .when({ type: 'DeleteSchedule' })
      .then([{ type: 'ScheduleDeleted', data: { scheduleId: 6 } }]);
    spec(schedule)
      .given([created, { type: 'ScheduleDeleted', data: { scheduleId: 6 } }])
      .when({ type: 'RecordScheduleSent', messageId, ticketId: 11 })
      .thenThrows('ERR_NO_SCHEDULE_FOUND');
    spec(schedule).given([]).when({ type: 'DeleteSchedule' }).thenThrows('ERR_NO_SCHEDULE_FOUND');
  });

  it('is due from its send time while pending', () => {
    const state = [created].reduce(schedule.evolve, schedule.initialState());
    expect(isDue(state, new Date('2026-01-15T12:59:59.999Z'))).toBe(false);
    expect(isDue(state, new Date('2026-01-15T13:00:00.000Z'))).toBe(true);
    expect(isDue([created, sent].reduce(schedule.evolve, schedule.initialState()), new Date('2026-01-16T00:00:00Z'))).toBe(false);
    expect(isDue([created, failed].reduce(schedule.evolve, schedule.initialState()), new Date('2026-01-16T00:00:00Z'))).toBe(false);
  });
});
