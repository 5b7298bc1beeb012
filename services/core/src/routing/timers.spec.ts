import { describe, expect, it } from 'vitest';
import { botAfter, connection, later, MORNING, sales, TZ } from './fixtures';
import { initialBotState, type RoutingTicket } from './model';
import {
  DEFAULT_AUTO_CLOSE_HOURS,
  isRotationDue,
  nextInactivityCheck,
  nextUserInTurn,
  routeInactivity,
  routeRatingExpiry,
  routeRotation,
  routeSendQueue,
  type InactivityInput,
} from './timers';

const fresh = initialBotState();
const open: RoutingTicket = { id: 7, status: 'open', queueId: 1, userId: 5, contactId: 3, whatsappId: 4, isGroup: false, channel: 'whatsapp' };
const contact = { id: 3, name: 'Maria Souza', number: '55', disableBot: false, active: true };
const DAY_MINUTES = DEFAULT_AUTO_CLOSE_HOURS * 60;

const idle = (minutesLater: number, overrides: Partial<InactivityInput> = {}): InactivityInput => ({
  clock: { now: later(MORNING, minutesLater), timeZone: TZ },
  ticket: open,
  contact,
  connection: connection({
    expiresTicket: 60,
    expiresInactiveMessage: 'Encerramos por falta de resposta.',
    timeInactiveMessage: 20,
    inactiveMessage: 'Ainda está aí, {{firstName}}?',
  }),
  defaultAutoCloseMinutes: DAY_MINUTES,
  openedAt: later(MORNING, -30).toISOString(),
  lastContactMessageAt: MORNING.toISOString(),
  lastMessageAt: MORNING.toISOString(),
  ...overrides,
});

describe('timers: inactivity warning and auto-close', () => {
  it.each([
    { minutes: 10, expected: [] },
    { minutes: 20, expected: ['inactivityWarning'] },
    { minutes: 59, expected: ['inactivityWarning'] },
    { minutes: 60, expected: ['expired', 'close'] },
  ])('idle $minutes minutes (warn at 20, close at 60): $expected', ({ minutes, expected }) => {
    const actions = routeInactivity(fresh, idle(minutes));
    expect(
      actions.map((action) => (action.type === 'reply' ? action.purpose : action.type === 'changeTicket' ? action.change.kind : null)).filter(Boolean),
    ).toEqual(expected);
  });

  it('warns once per idle stretch, with its variables', () => {
    expect(routeInactivity(fresh, idle(25))).toEqual([
      { type: 'reply', purpose: 'inactivityWarning', body: 'Ainda está aí, Maria?' },
      { type: 'markInactivityWarned', idleSince: MORNING.toISOString() },
    ]);
    const warned = botAfter([{ type: 'BotInactivityWarned', data: { ticketId: 7, idleSince: MORNING.toISOString() } }]);
    expect(routeInactivity(warned, idle(30))).toEqual([]);
    // the contact wrote again: a new stretch, a new warning
    const wroteAgain = idle(60, { lastContactMessageAt: later(MORNING, 35).toISOString(), lastMessageAt: later(MORNING, 35).toISOString() });
    expect(routeInactivity(warned, wroteAgain)[0]).toMatchObject({ purpose: 'inactivityWarning' });
  });

  it('closes with expiresInactiveMessage', () => {
    expect(routeInactivity(fresh, idle(61))).toEqual([
      { type: 'reply', purpose: 'expired', body: 'Encerramos por falta de resposta.' },
      { type: 'changeTicket', change: { kind: 'close', reason: 'expired' } },
    ]);
  });

  it('without expiresTicket on the connection, the 24-hour environment default closes the ticket (0 there: never)', () => {
    const noExpiry = { connection: connection() };
    expect(routeInactivity(fresh, idle(DAY_MINUTES - 1, noExpiry))).toEqual([]);
    expect(routeInactivity(fresh, idle(DAY_MINUTES, noExpiry))).toEqual([{ type: 'changeTicket', change: { kind: 'close', reason: 'expired' } }]);
    expect(routeInactivity(fresh, idle(DAY_MINUTES * 7, { ...noExpiry, defaultAutoCloseMinutes: 0 }))).toEqual([]);
  });

  it("whenExpiresTicket '0' counts from the contact's last message, '1' from anyone's", () => {
    const attendantWroteLast = { lastContactMessageAt: MORNING.toISOString(), lastMessageAt: later(MORNING, 50).toISOString() };
    const fromContact = idle(61, { ...attendantWroteLast, connection: connection({ expiresTicket: 60, whenExpiresTicket: '0' }) });
    const fromAnyone = idle(61, { ...attendantWroteLast, connection: connection({ expiresTicket: 60, whenExpiresTicket: '1' }) });
    expect(routeInactivity(fresh, fromContact)).toContainEqual({ type: 'changeTicket', change: { kind: 'close', reason: 'expired' } });
    expect(routeInactivity(fresh, fromAnyone)).toEqual([]);
  });

  it('never counts from before the attendant took the ticket', () => {
    expect(routeInactivity(fresh, idle(61, { openedAt: later(MORNING, 30).toISOString() }))).toEqual([
      expect.objectContaining({ purpose: 'inactivityWarning' }),
      expect.anything(),
    ]);
  });

  it('closes a disableBot contact silently, and leaves waiting, group and closed tickets alone', () => {
    expect(routeInactivity(fresh, idle(61, { contact: { ...contact, disableBot: true } }))).toEqual([
      { type: 'changeTicket', change: { kind: 'close', reason: 'expired' } },
    ]);
    for (const ticket of [
      { ...open, status: 'pending' as const },
      { ...open, isGroup: true },
      { ...open, status: 'closed' as const },
    ]) {
      expect(routeInactivity(fresh, idle(DAY_MINUTES * 2, { ticket }))).toEqual([]);
    }
  });

  it('knows when to look next: the warning, then the close', () => {
    const { clock: _c, ticket: _t, contact: _p, ...schedule } = idle(0);
    expect(nextInactivityCheck(schedule, null)).toEqual(later(MORNING, 20));
    expect(nextInactivityCheck(schedule, MORNING.toISOString())).toEqual(later(MORNING, 60));
    expect(nextInactivityCheck({ ...schedule, connection: connection(), defaultAutoCloseMinutes: 0 }, null)).toBeNull();
  });
});

describe('timers: the rating lapses (expiresTicketNPS)', () => {
  const asked = botAfter([{ type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'requestRating' } } }]);
  const nps = { ...open, status: 'nps' as const };
  const input = (minutes: number, expiresTicketNPS: number) => ({
    clock: { now: later(MORNING, minutes), timeZone: TZ },
    ticket: nps,
    connection: connection({ expiresTicketNPS }),
    defaultAutoCloseMinutes: DAY_MINUTES,
    requestedAt: MORNING.toISOString(),
  });

  it('expires the rating after expiresTicketNPS minutes, or the environment default when unset', () => {
    expect(routeRatingExpiry(asked, input(29, 30))).toEqual([]);
    expect(routeRatingExpiry(asked, input(30, 30))).toEqual([{ type: 'changeTicket', change: { kind: 'expireRating' } }]);
    expect(routeRatingExpiry(asked, input(DAY_MINUTES - 1, 0))).toEqual([]);
    expect(routeRatingExpiry(asked, input(DAY_MINUTES, 0))).toEqual([{ type: 'changeTicket', change: { kind: 'expireRating' } }]);
  });

  it('does nothing once the rating came in', () => {
    const rated = botAfter([
      { type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'requestRating' } } },
      { type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'rate', rating: 5 } } },
    ]);
    expect(routeRatingExpiry(rated, input(60, 30))).toEqual([]);
    expect(routeRatingExpiry(asked, { ...input(60, 30), ticket: { ...nps, status: 'closed' } })).toEqual([]);
  });
});

describe('timers: timeSendQueue', () => {
  const waiting: RoutingTicket = { ...open, status: 'pending', userId: null, queueId: null };
  const input = (minutes: number, overrides = {}) => ({
    clock: { now: later(MORNING, minutes), timeZone: TZ },
    ticket: waiting,
    connection: connection({ timeSendQueue: 15, sendIdQueue: 3 }),
    waitingSince: MORNING.toISOString(),
    ...overrides,
  });

  it('moves a ticket waiting without a queue for timeSendQueue minutes to sendIdQueue, and the bot stops asking', () => {
    expect(routeSendQueue(fresh, input(14))).toEqual([]);
    expect(routeSendQueue(fresh, input(15))).toEqual([
      { type: 'changeTicket', change: { kind: 'assignQueue', queueId: 3, reason: 'timeSendQueue' } },
      { type: 'handOver', reason: 'timeSendQueue' },
    ]);
  });

  it.each([
    ['timeSendQueue is off', { connection: connection({ timeSendQueue: 0, sendIdQueue: 3 }) }],
    ['no sendIdQueue is set', { connection: connection({ timeSendQueue: 15, sendIdQueue: null }) }],
    ['the ticket has a queue', { ticket: { ...waiting, queueId: 1 } }],
    ['an attendant has it', { ticket: { ...waiting, status: 'open' as const, userId: 5 } }],
  ])('leaves the ticket when %s', (_case, overrides) => {
    expect(routeSendQueue(fresh, input(60, overrides))).toEqual([]);
  });

  it('leaves a ticket the bot already placed (its queue change may not have reached the ticket yet)', () => {
    const placed = botAfter([{ type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'assignQueue', queueId: 1, reason: 'menu' } } }]);
    expect(routeSendQueue(placed, input(60))).toEqual([]);
  });
});

describe('timers: rotation (ativarRoteador / tempoRoteador)', () => {
  const rotating = { ...sales, ativarRoteador: true, tempoRoteador: 5 };
  const waiting: RoutingTicket = { ...open, status: 'pending', userId: null, queueId: 1 };
  const input = (minutes: number, userId: number | null = 12, overrides = {}) => ({
    clock: { now: later(MORNING, minutes), timeZone: TZ },
    ticket: waiting,
    queue: rotating,
    waitingSince: MORNING.toISOString(),
    userId,
    ...overrides,
  });

  it('gives a ticket waiting tempoRoteador minutes to the user whose turn it is', () => {
    expect(routeRotation(fresh, input(4))).toEqual([]);
    expect(routeRotation(fresh, input(5))).toEqual([{ type: 'changeTicket', change: { kind: 'assignUser', userId: 12, queueId: 1, reason: 'rotation' } }]);
  });

  it('does nothing with rotation off, nobody online, or the ticket taken or moved', () => {
    expect(routeRotation(fresh, input(10, 12, { queue: { ...rotating, ativarRoteador: false } }))).toEqual([]);
    expect(routeRotation(fresh, input(10, null))).toEqual([]);
    expect(isRotationDue({ ...input(10), ticket: { ...waiting, status: 'open', userId: 5 } })).toBe(false);
    expect(isRotationDue({ ...input(10), ticket: { ...waiting, queueId: 2 } })).toBe(false);
  });

  it.each([
    { online: [3, 7, 9], last: null, next: 3 },
    { online: [3, 7, 9], last: 3, next: 7 },
    { online: [9, 3, 7], last: 7, next: 9 },
    { online: [3, 7, 9], last: 9, next: 3 },
    { online: [3, 9], last: 7, next: 9 },
    { online: [], last: 3, next: null },
  ])('next in turn among $online after $last: $next', ({ online, last, next }) => {
    expect(nextUserInTurn(online, last)).toBe(next);
  });
});
