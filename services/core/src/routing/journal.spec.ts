import type { BotEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { ticketBot } from './bot';
import { contactBot } from './contact-bot';
import { botAfter, inbound, later, menuShown, MORNING, NIGHT, schedule } from './fixtures';
import { isWithinOpeningHours } from './hours';
import { queueRotation } from './rotation';
import { fillVariables } from './texts';

describe('the bot journal (stream ticketbot-<id>)', () => {
  it('given a new ticket, when a message is routed, then the reply and the menu are recorded at the command’s time', () => {
    const now = later(MORNING, 1);
    spec(ticketBot)
      .given([])
      .when({ type: 'RouteInbound', input: inbound('oi') }, now)
      .then([
        {
          type: 'BotReplied',
          data: { ticketId: 7, purpose: 'queueMenu', body: 'Olá Maria! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte', at: now.toISOString() },
        },
        { type: 'BotMenuShown', data: { ticketId: 7, menu: 'queues', queueId: null, path: [], attempt: 1, windowStartedAt: now.toISOString() } },
      ]);
  });

  it('given the menu shown, when the contact answers 1, then the queue change is recorded for the ticket', () => {
    spec(ticketBot)
      .given([menuShown('queues')])
      .when({ type: 'RouteInbound', input: inbound('1') })
      .thenState((state) => expect(state).toMatchObject({ queueId: 1, menu: null, handedOver: { reason: 'queued' } }));
  });

  it('records contact notes with the contact, and folds the out-of-hours time', () => {
    const input = inbound('oi', { settings: { ...inbound('').settings, scheduleType: 'company' } });
    spec(ticketBot)
      .given([])
      .when({ type: 'RouteInbound', input }, NIGHT)
      .thenState((state) => expect(state.lastOutOfHoursAt).toBe(NIGHT.toISOString()));
    spec(ticketBot)
      .given([])
      .when({ type: 'RouteInbound', input }, NIGHT)
      .then([
        {
          type: 'BotReplied',
          data: { ticketId: 7, purpose: 'outOfHours', body: 'Estamos fechados agora. Atendemos das 08:00 às 18:00.', at: NIGHT.toISOString() },
        },
        { type: 'BotContactNoted', data: { ticketId: 7, contactId: 3, note: 'outOfHours', at: NIGHT.toISOString() } },
      ]);
  });

  it('an attendant taking over ends any question, once', () => {
    spec(ticketBot)
      .given([menuShown('queues')])
      .when({ type: 'RouteAttendantTookOver', ticketId: 7 })
      .then([{ type: 'BotHandedOver', data: { ticketId: 7, reason: 'attendant', at: '2026-01-15T12:00:00.000Z' } }]);
    spec(ticketBot)
      .given([{ type: 'BotHandedOver', data: { ticketId: 7, reason: 'exit', at: MORNING.toISOString() } }])
      .when({ type: 'RouteAttendantTookOver', ticketId: 7 })
      .then([]);
  });

  it('folds the rating wait: asked, then answered or lapsed', () => {
    const asked: BotEvent[] = [{ type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'requestRating' } } }, menuShown('rating')];
    expect(botAfter(asked).awaitingRating).toBe(true);
    expect(botAfter([...asked, { type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'rate', rating: 5 } } }]).awaitingRating).toBe(false);
    expect(botAfter([...asked, { type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'expireRating' } } }])).toMatchObject({
      awaitingRating: false,
      menu: null,
    });
  });
});

describe('the contact journal (stream contactbot-<id>)', () => {
  it('records each out-of-hours notice and the consent, once', () => {
    spec(contactBot)
      .given([])
      .when({ type: 'NoteOutOfHours', contactId: 3 }, NIGHT)
      .then([{ type: 'ContactOutOfHoursNotified', data: { contactId: 3, at: NIGHT.toISOString() } }]);
    spec(contactBot)
      .given([])
      .when({ type: 'RecordLgpdConsent', contactId: 3, accepted: true }, MORNING)
      .then([{ type: 'ContactLgpdConsentRecorded', data: { contactId: 3, accepted: true, at: MORNING.toISOString() } }]);
    const consented = { type: 'ContactLgpdConsentRecorded' as const, data: { contactId: 3, accepted: true, at: MORNING.toISOString() } };
    spec(contactBot).given([consented]).when({ type: 'RecordLgpdConsent', contactId: 3, accepted: true }).then([]);
    spec(contactBot)
      .given([consented])
      .when({ type: 'RecordLgpdConsent', contactId: 3, accepted: false })
      .thenState((state) => expect(state.lgpdAcceptedAt).toBeNull());
  });
});

describe('the queue rotation (stream queuerotation-<id>)', () => {
  it('hands out turns in order among the online users', () => {
    const turn = (ticketId: number, userId: number) => ({ type: 'QueueRotationAdvanced' as const, data: { queueId: 1, ticketId, userId } });
    spec(queueRotation)
      .given([])
      .when({ type: 'TakeTurn', queueId: 1, ticketId: 20, onlineUserIds: [8, 5] })
      .then([turn(20, 5)]);
    spec(queueRotation)
      .given([turn(20, 5)])
      .when({ type: 'TakeTurn', queueId: 1, ticketId: 21, onlineUserIds: [8, 5] })
      .then([turn(21, 8)]);
    spec(queueRotation)
      .given([turn(20, 5), turn(21, 8)])
      .when({ type: 'TakeTurn', queueId: 1, ticketId: 22, onlineUserIds: [8, 5] })
      .then([turn(22, 5)]);
    spec(queueRotation)
      .given([turn(20, 5)])
      .when({ type: 'TakeTurn', queueId: 1, ticketId: 21, onlineUserIds: [] })
      .then([]);
  });
});

describe('opening hours', () => {
  const tz = 'America/Sao_Paulo';
  const at = (iso: string) => new Date(iso);

  it.each([
    // São Paulo local time = UTC − 3
    { when: '2026-03-10T10:59:00Z', local: 'Tue 07:59', open: false },
    { when: '2026-03-10T11:00:00Z', local: 'Tue 08:00', open: true },
    { when: '2026-03-10T15:00:00Z', local: 'Tue 12:00 (lunch)', open: false },
    { when: '2026-03-10T16:00:00Z', local: 'Tue 13:00', open: true },
    { when: '2026-03-10T20:59:00Z', local: 'Tue 17:59', open: true },
    { when: '2026-03-10T21:00:00Z', local: 'Tue 18:00', open: false },
  ])('default hours 08–12 and 13–18: $local is open $open', ({ when, open }) => {
    expect(isWithinOpeningHours([], at(when), tz)).toBe(open);
  });

  it('a weekday missing from the schedule is closed; an empty window is unused', () => {
    const weekdays = schedule({ startTimeA: '09:00', endTimeA: '17:00' }, ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
    expect(isWithinOpeningHours(weekdays, at('2026-03-10T13:00:00Z'), tz)).toBe(true);
    expect(isWithinOpeningHours(weekdays, at('2026-03-14T13:00:00Z'), tz)).toBe(false);
    expect(isWithinOpeningHours(schedule({}), at('2026-03-10T13:00:00Z'), tz)).toBe(false);
  });

  it('a window past midnight belongs to the day it starts', () => {
    const nights = schedule({ startTimeA: '22:00', endTimeA: '02:00' }, ['friday']);
    expect(isWithinOpeningHours(nights, at('2026-03-14T01:30:00Z'), tz)).toBe(true); // Fri 22:30
    expect(isWithinOpeningHours(nights, at('2026-03-14T04:30:00Z'), tz)).toBe(true); // Sat 01:30
    expect(isWithinOpeningHours(nights, at('2026-03-14T05:30:00Z'), tz)).toBe(false); // Sat 02:30
    expect(isWithinOpeningHours(nights, at('2026-03-13T04:30:00Z'), tz)).toBe(false); // Fri 01:30 (Thursday has no night)
  });

  it('reads the wall clock of the zone given', () => {
    expect(isWithinOpeningHours([], at('2026-03-10T16:00:00Z'), 'America/Sao_Paulo')).toBe(true); // 13:00
    expect(isWithinOpeningHours([], at('2026-03-10T16:00:00Z'), 'Asia/Tokyo')).toBe(false); // 01:00
  });
});

describe('message variables', () => {
  const at = (iso: string) => new Date(iso);
  it('fills the known ones and leaves the others as written', () => {
    const clock = { now: at('2026-03-10T22:15:00Z'), timeZone: 'America/Sao_Paulo' };
    expect(
      fillVariables('{{ms}} {{firstName}} — {{date}} {{hour}} #{{ticket_id}} {{queue}} {{unknown}}', {
        clock,
        contactName: 'Maria Souza',
        ticketId: 42,
        queueName: 'Vendas',
      }),
    ).toBe('Boa noite Maria — 10/03/2026 19:15:00 #42 Vendas {{unknown}}');
  });
});
