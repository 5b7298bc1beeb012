import { SCHEDULE_DAYS, type OnDutyEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { isOnDutyAt, onDuty, onDutyAnnouncementText } from './on-duty';

const nights = SCHEDULE_DAYS.map((day) => ({
  ...day,
  startTime: day.weekdayEn === 'sunday' ? '' : '18:00',
  endTime: day.weekdayEn === 'sunday' ? '' : '08:00',
}));
const details = { userId: 3, phone: '5511988887777', interval: 2, days: nights };
const created: OnDutyEvent = { type: 'OnDutyCreated', data: { onDutyId: 9, ...details } };
const MESSAGE_1 = '0193a1a0-0000-7000-8000-000000000001';
const MESSAGE_2 = '0193a1a0-0000-7000-8000-000000000002';
const at = (iso: string) => new Date(iso);
const queued = (ticketId: number, messageId: string, iso: string): OnDutyEvent => ({
  type: 'OnDutyAnnouncementQueued',
  data: { onDutyId: 9, ticketId, messageId, whatsappId: 4, phone: details.phone, body: 'Plantão', at: iso },
});
const announce = (ticketId: number, messageId: string) => ({ type: 'QueueOnDutyAnnouncement' as const, ticketId, messageId, whatsappId: 4, body: 'Plantão' });

describe('on-duty decider', () => {
  it('creates, changes (only what changed) and deletes an entry', () => {
    spec(onDuty).given([]).when({ type: 'CreateOnDuty', onDutyId: 9, details }).then([created]);
    spec(onDuty).given([created]).when({ type: 'CreateOnDuty', onDutyId: 9, details }).thenThrows('ERR_VALIDATION');
    spec(onDuty)
      .given([created])
      .when({ type: 'ChangeOnDuty', changes: { phone: '5511911112222', interval: 2 } })
      .then([{ type: 'OnDutyChanged', data: { onDutyId: 9, changes: { phone: '5511911112222' } } }]);
    spec(onDuty)
      .given([created])
      .when({ type: 'DeleteOnDuty' })
      .then([{ type: 'OnDutyDeleted', data: { onDutyId: 9 } }]);
    spec(onDuty)
      .given([created, { type: 'OnDutyDeleted', data: { onDutyId: 9 } }])
      .when({ type: 'ChangeOnDuty', changes: { interval: 3 } })
      .thenThrows('ERR_NO_ON_DUTY_FOUND');
    spec(onDuty).given([]).when({ type: 'DeleteOnDuty' }).thenThrows('ERR_NO_ON_DUTY_FOUND');
  });

  it('queues an announcement to the entry’s phone, then none within the interval, then one again after it', () => {
    spec(onDuty)
      .given([created])
      .when(announce(100, MESSAGE_1), at('2026-01-15T23:00:00Z'))
      .then([queued(100, MESSAGE_1, '2026-01-15T23:00:00.000Z')]);
    // Two hours of interval: a ticket 1 h 59 min later is not announced; one 2 h later is.
    spec(onDuty)
      .given([created, queued(100, MESSAGE_1, '2026-01-15T23:00:00.000Z')])
      .when(announce(101, MESSAGE_2), at('2026-01-16T00:59:00Z'))
      .then([]);
    spec(onDuty)
      .given([created, queued(100, MESSAGE_1, '2026-01-15T23:00:00.000Z')])
      .when(announce(101, MESSAGE_2), at('2026-01-16T01:00:00Z'))
      .then([queued(101, MESSAGE_2, '2026-01-16T01:00:00.000Z')]);
  });

  it('announces a ticket once, even after the interval (a replayed ticket event)', () => {
    spec(onDuty)
      .given([created, queued(100, MESSAGE_1, '2026-01-15T23:00:00.000Z')])
      .when(announce(100, MESSAGE_2), at('2026-01-16T05:00:00Z'))
      .then([]);
  });

  it('a deleted entry announces nothing', () => {
    spec(onDuty)
      .given([created, { type: 'OnDutyDeleted', data: { onDutyId: 9 } }])
      .when(announce(100, MESSAGE_1))
      .then([]);
  });

  it('records the channel’s answer once', () => {
    const history = [created, queued(100, MESSAGE_1, '2026-01-15T23:00:00.000Z')];
    const sent: OnDutyEvent = { type: 'OnDutyAnnouncementSent', data: { onDutyId: 9, messageId: MESSAGE_1, providerId: 'SB-1' } };
    spec(onDuty).given(history).when({ type: 'RecordOnDutyAnnouncementSent', messageId: MESSAGE_1, providerId: 'SB-1' }).then([sent]);
    spec(onDuty)
      .given([...history, sent])
      .when({ type: 'RecordOnDutyAnnouncementSent', messageId: MESSAGE_1, providerId: 'SB-1' })
      .then([]);
    spec(onDuty)
      .given([...history, sent])
      .when({ type: 'RecordOnDutyAnnouncementFailed', messageId: MESSAGE_1, reason: 'x' })
      .then([]);
    spec(onDuty)
      .given(history)
      .when({ type: 'RecordOnDutyAnnouncementFailed', messageId: MESSAGE_1, reason: 'no session' })
      .then([{ type: 'OnDutyAnnouncementFailed', data: { onDutyId: 9, messageId: MESSAGE_1, reason: 'no session' } }]);
    spec(onDuty).given(history).when({ type: 'RecordOnDutyAnnouncementSent', messageId: MESSAGE_2, providerId: 'SB-2' }).then([]);
  });
});

describe('who is on duty', () => {
  const zone = 'America/Sao_Paulo';
  it('reads the window on the company’s wall clock, overnight windows included', () => {
    // Thursday 2026-01-15, 21:00 in São Paulo (UTC-3).
    expect(isOnDutyAt(nights, at('2026-01-16T00:00:00Z'), zone)).toBe(true);
    // Friday 06:00: the small hours of Thursday's 18:00–08:00.
    expect(isOnDutyAt(nights, at('2026-01-16T09:00:00Z'), zone)).toBe(true);
    // Thursday 12:00: off.
    expect(isOnDutyAt(nights, at('2026-01-15T15:00:00Z'), zone)).toBe(false);
    // Sunday 21:00: Sunday is off.
    expect(isOnDutyAt(nights, at('2026-01-19T00:00:00Z'), zone)).toBe(false);
    // Monday 03:00: Sunday had no window to spill over.
    expect(isOnDutyAt(nights, at('2026-01-19T06:00:00Z'), zone)).toBe(false);
  });

  it('an entry with no day on is never on duty', () => {
    expect(
      isOnDutyAt(
        nights.map((day) => ({ ...day, startTime: '', endTime: '' })),
        at('2026-01-16T00:00:00Z'),
        zone,
      ),
    ).toBe(false);
  });

  it('names the contact, the connection and the ticket', () => {
    expect(onDutyAnnouncementText({ id: 42, contactName: 'Ana', contactNumber: '5511977776666', connectionName: 'Loja' })).toBe(
      '🔔 Plantão: novo atendimento fora do horário.\nContato: Ana (5511977776666)\nConexão: Loja\nTicket #42',
    );
  });
});
