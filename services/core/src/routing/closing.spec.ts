import { defaultCompanySettings } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { routeClosing, routeTransfer, type ClosingInput, type TransferInput } from './closing';
import { botAfter, connection, MORNING, TZ } from './fixtures';
import { initialBotState } from './model';
import { BOT_TEXTS, ratingRequest } from './texts';

const fresh = initialBotState();
const closing = (overrides: Partial<ClosingInput> = {}): ClosingInput => ({
  clock: { now: MORNING, timeZone: TZ },
  ticket: { id: 7, status: 'closed', queueId: 1, userId: 5, contactId: 3, whatsappId: 4, isGroup: false, channel: 'whatsapp' },
  contact: { id: 3, name: 'Maria Souza', number: '55', disableBot: false, active: true },
  settings: { ...defaultCompanySettings },
  connection: connection(),
  reason: 'resolved',
  farewell: true,
  attendantFarewellSent: false,
  userName: 'Ana',
  queueName: 'Vendas',
  ...overrides,
});
const rating = { settings: { ...defaultCompanySettings, userRating: 'enabled' as const } };

describe('routing: after a close', () => {
  it('given userRating on, a resolved ticket asks for the rating and waits in status nps', () => {
    expect(routeClosing(fresh, closing(rating))).toEqual([
      { type: 'reply', purpose: 'ratingRequest', body: `Como foi o atendimento?\n\n${BOT_TEXTS.ratingScale}` },
      { type: 'changeTicket', change: { kind: 'requestRating' } },
      { type: 'showMenu', menu: 'rating', queueId: null, path: [], attempt: 1, windowStartedAt: MORNING.toISOString() },
    ]);
    expect(routeClosing(fresh, closing({ ...rating, connection: connection({ ratingMessage: '' }) }))[0]).toMatchObject({ body: ratingRequest('') });
  });

  it('asks once: a second close event of the same ticket changes nothing', () => {
    const asked = botAfter([{ type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'requestRating' } } }]);
    expect(routeClosing(asked, closing(rating))).toEqual([]);
  });

  it.each([
    ['ignored while pending', { reason: 'ignored' as const, farewell: false }],
    ['closed with close-all', { reason: 'closeAll' as const, farewell: false }],
    ['closed by automation', { reason: 'automation' as const, farewell: false }],
    ['closed without an attendant', { ticket: { ...closing().ticket, userId: null } }],
    ['a group', { ticket: { ...closing().ticket, isGroup: true } }],
    ['a contact with disableBot', { contact: { ...closing().contact, disableBot: true } }],
  ])('asks no rating for a ticket %s', (_case, overrides) => {
    expect(routeClosing(fresh, closing({ ...rating, ...overrides })).some((action) => action.type === 'changeTicket')).toBe(false);
  });

  it('without rating, the connection farewell (complationMessage) goes out, with its variables', () => {
    expect(routeClosing(fresh, closing())).toEqual([{ type: 'reply', purpose: 'farewell', body: 'Obrigado pelo contato, Maria!' }]);
  });

  it("the attendant's own farewell stands in for the connection's; closing without farewell says nothing", () => {
    expect(routeClosing(fresh, closing({ attendantFarewellSent: true }))).toEqual([]);
    expect(routeClosing(fresh, closing({ farewell: false }))).toEqual([]);
    expect(routeClosing(fresh, closing({ connection: connection({ complationMessage: '' }) }))).toEqual([]);
  });

  it('an ignored waiting ticket gets the farewell only with sendFarewellWaitingTicket', () => {
    expect(routeClosing(fresh, closing({ reason: 'ignored', farewell: false }))).toEqual([]);
    expect(
      routeClosing(fresh, closing({ reason: 'ignored', farewell: false, settings: { ...defaultCompanySettings, sendFarewellWaitingTicket: 'enabled' } })),
    ).toEqual([{ type: 'reply', purpose: 'farewell', body: 'Obrigado pelo contato, Maria!' }]);
  });
});

describe('routing: transfers', () => {
  const transfer = (overrides: Partial<TransferInput> = {}): TransferInput => ({
    clock: { now: MORNING, timeZone: TZ },
    ticket: { id: 7, status: 'pending', queueId: 2, userId: null, contactId: 3, whatsappId: 4, isGroup: false, channel: 'whatsapp' },
    contact: { id: 3, name: 'Maria', number: '55', disableBot: false, active: true },
    settings: { ...defaultCompanySettings, sendMsgTransfTicket: 'enabled' },
    connection: connection(),
    byAttendant: true,
    toQueueName: 'Suporte',
    toUserName: null,
    ...overrides,
  });

  it('with sendMsgTransfTicket, the contact hears where an attendant transferred them, and the bot steps aside', () => {
    expect(routeTransfer(fresh, transfer())).toEqual([
      { type: 'reply', purpose: 'transfer', body: BOT_TEXTS.transfer('Suporte', null) },
      { type: 'handOver', reason: 'attendant' },
    ]);
    expect(routeTransfer(fresh, transfer({ toUserName: 'Ana' }))[0]).toMatchObject({
      body: 'Seu atendimento foi transferido para *Suporte*, com *Ana*. Aguarde, já vamos te atender!',
    });
  });

  it('without the setting only the bot steps aside; the bot’s own moves say nothing', () => {
    expect(routeTransfer(fresh, transfer({ settings: { ...defaultCompanySettings } }))).toEqual([{ type: 'handOver', reason: 'attendant' }]);
    expect(routeTransfer(fresh, transfer({ byAttendant: false }))).toEqual([]);
    expect(
      routeTransfer(botAfter([{ type: 'BotHandedOver', data: { ticketId: 7, reason: 'queued', at: MORNING.toISOString() } }]), transfer()).map(
        (action) => action.type,
      ),
    ).toEqual(['reply']);
  });
});
