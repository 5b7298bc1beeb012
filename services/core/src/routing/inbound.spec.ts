import { describe, expect, it } from 'vitest';
import { BOT_BURST_LIMIT, OUT_OF_HOURS_QUIET_MS, routeInbound, STALE_INBOUND_MS } from './inbound';
import { initialBotState, type BotAction } from './model';
import { botAfter, connection, finance, inbound, later, menuShown, MORNING, NIGHT, opt, queue, sales, schedule, support } from './fixtures';
import { BOT_MARK, BOT_TEXTS } from './texts';

const fresh = initialBotState();
const replies = (actions: BotAction[]) => actions.filter((action) => action.type === 'reply').map((action) => (action as { body: string }).body);
const kinds = (actions: BotAction[]) =>
  actions.map((action) =>
    action.type === 'changeTicket'
      ? `change:${action.change.kind}`
      : action.type === 'reply'
        ? `reply:${action.purpose}`
        : action.type === 'handOver'
          ? `handOver:${action.reason}`
          : action.type,
  );

describe('routing: greeting and the queue menu', () => {
  it('given a new ticket, when the contact writes, then the greeting goes out with the numbered queue menu', () => {
    const actions = routeInbound(fresh, inbound('oi'));
    expect(actions).toEqual([
      { type: 'reply', purpose: 'queueMenu', body: 'Olá Maria! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte' },
      { type: 'showMenu', menu: 'queues', queueId: null, path: [], attempt: 1, windowStartedAt: MORNING.toISOString() },
    ]);
  });

  it('given the menu, when the contact answers 1, then the ticket goes to that queue with its greeting', () => {
    const actions = routeInbound(botAfter([menuShown('queues')]), inbound('1'));
    expect(actions).toEqual([
      { type: 'changeTicket', change: { kind: 'assignQueue', queueId: 1, reason: 'menu' } },
      { type: 'reply', purpose: 'greeting', body: 'Bem-vindo a Vendas.' },
      { type: 'handOver', reason: 'queued' },
    ]);
  });

  it('given the menu, when the contact answers 2 and the queue has a chatbot, then its options are shown', () => {
    const actions = routeInbound(botAfter([menuShown('queues')]), inbound(' 2 '));
    expect(actions[0]).toEqual({ type: 'changeTicket', change: { kind: 'assignQueue', queueId: 2, reason: 'menu' } });
    expect(replies(actions)).toEqual([
      'Suporte: escolha uma opção.\n\n*[ 1 ]* - Boletos\n*[ 2 ]* - Falar com a Ana\n*[ 3 ]* - Financeiro\n\n*[ 0 ]* - Voltar\n*[ # ]* - Sair',
    ]);
    expect(actions.at(-1)).toMatchObject({ type: 'showMenu', menu: 'options', queueId: 2, path: [], attempt: 1 });
  });

  it.each([
    ['an unknown number', '9'],
    ['a word', 'quero falar com alguém'],
    ['zero', '0'],
  ])('given the menu, when the contact answers %s, then the menu is shown again as the next try', (_case, body) => {
    const actions = routeInbound(botAfter([menuShown('queues')]), inbound(body));
    expect(replies(actions)).toEqual([`${BOT_TEXTS.invalidOption}\n\nOlá Maria! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte`]);
    expect(actions[1]).toMatchObject({ type: 'showMenu', menu: 'queues', attempt: 2 });
  });

  it('given the menu shown maxUseBotQueues times, when the answer is still invalid, then the bot hands over to a person', () => {
    const bot = botAfter([menuShown('queues', 1), menuShown('queues', 2), menuShown('queues', 3)]);
    expect(routeInbound(bot, inbound('x'))).toEqual([
      { type: 'reply', purpose: 'handOver', body: BOT_TEXTS.gaveUp },
      { type: 'handOver', reason: 'attempts' },
    ]);
    // and then stays quiet
    expect(
      routeInbound(
        botAfter([menuShown('queues', 3), { type: 'BotHandedOver', data: { ticketId: 7, reason: 'attempts', at: MORNING.toISOString() } }]),
        inbound('1'),
      ),
    ).toEqual([]);
  });

  it.each([
    { maxUseBotQueues: 1, shown: 1, handsOver: true },
    { maxUseBotQueues: 2, shown: 1, handsOver: false },
    { maxUseBotQueues: 5, shown: 4, handsOver: false },
    { maxUseBotQueues: 5, shown: 5, handsOver: true },
    { maxUseBotQueues: 0, shown: 40, handsOver: false },
  ])('maxUseBotQueues $maxUseBotQueues after $shown showings: hands over $handsOver (0 is no limit)', ({ maxUseBotQueues, shown, handsOver }) => {
    const actions = routeInbound(botAfter([menuShown('queues', shown)]), inbound('x', { connection: connection({ maxUseBotQueues }) }));
    expect(actions.some((action) => action.type === 'handOver')).toBe(handsOver);
  });

  it('counts the tries within timeUseBotQueues of the first showing: after the window the count starts again', () => {
    const bot = botAfter([menuShown('queues', 3, { windowStartedAt: MORNING.toISOString() })]);
    const withWindow = connection({ timeUseBotQueues: 10 });
    expect(routeInbound(bot, inbound('x', { connection: withWindow }, later(MORNING, 5)))).toContainEqual({ type: 'handOver', reason: 'attempts' });
    const afterWindow = routeInbound(bot, inbound('x', { connection: withWindow }, later(MORNING, 11)));
    expect(afterWindow.at(-1)).toEqual({
      type: 'showMenu',
      menu: 'queues',
      queueId: null,
      path: [],
      attempt: 1,
      windowStartedAt: later(MORNING, 11).toISOString(),
    });
  });

  it('given a hand-over for too many tries, the contact may use the menu again once timeUseBotQueues has passed', () => {
    const bot = botAfter([menuShown('queues', 3), { type: 'BotHandedOver', data: { ticketId: 7, reason: 'attempts', at: MORNING.toISOString() } }]);
    const withWindow = { connection: connection({ timeUseBotQueues: 30 }) };
    expect(routeInbound(bot, inbound('oi', withWindow, later(MORNING, 20)))).toEqual([]);
    expect(kinds(routeInbound(bot, inbound('oi', withWindow, later(MORNING, 31))))).toEqual(['reply:queueMenu', 'showMenu']);
  });

  it('fills the message variables in the greeting', () => {
    const actions = routeInbound(
      fresh,
      inbound('oi', { connection: connection({ greetingMessage: '{{greeting}}, {{name}}! Protocolo {{protocol}} ({{connection}})' }) }),
    );
    expect(replies(actions)[0]).toMatch(/^Bom dia, Maria Souza! Protocolo 202603107 \(Loja\)\n\n/);
  });
});

describe('routing: one queue, no queue', () => {
  it('given a single queue, the ticket goes straight to it, greeted only with sendGreetingMessageOneQueues', () => {
    const onlySales = { queues: [sales] };
    expect(kinds(routeInbound(fresh, inbound('oi', onlySales)))).toEqual(['reply:greeting', 'change:assignQueue', 'reply:greeting', 'handOver:queued']);
    expect(routeInbound(fresh, inbound('oi', onlySales))[1]).toEqual({
      type: 'changeTicket',
      change: { kind: 'assignQueue', queueId: 1, reason: 'singleQueue' },
    });
    const quiet = inbound('oi', { ...onlySales, settings: { ...inbound('').settings, sendGreetingMessageOneQueues: 'disabled' } });
    expect(kinds(routeInbound(fresh, quiet))).toEqual(['change:assignQueue', 'reply:greeting', 'handOver:queued']);
  });

  it('given a single queue with a chatbot, its options are shown at once', () => {
    const actions = routeInbound(fresh, inbound('oi', { queues: [support] }));
    expect(kinds(actions)).toEqual(['reply:greeting', 'change:assignQueue', 'reply:optionMenu', 'showMenu']);
  });

  it('given no queue on the connection, the greeting goes out once and people take over', () => {
    expect(kinds(routeInbound(fresh, inbound('oi', { queues: [] })))).toEqual(['reply:greeting', 'handOver:noQueues']);
    expect(
      routeInbound(botAfter([{ type: 'BotHandedOver', data: { ticketId: 7, reason: 'noQueues', at: MORNING.toISOString() } }]), inbound('oi', { queues: [] })),
    ).toEqual([]);
  });

  it('given a ticket a person already put in a queue, the bot stays out', () => {
    expect(routeInbound(fresh, inbound('oi', { ticket: { ...inbound('').ticket, queueId: 2 } }))).toEqual([]);
  });
});

describe('routing: the chatbot tree', () => {
  const inSupport = (path: number[] = [], attempt = 1) =>
    botAfter([
      menuShown('queues'),
      { type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'assignQueue', queueId: 2, reason: 'menu' } } },
      menuShown('options', attempt, { queueId: 2, path }),
    ]);

  it('given the first level, when an option with nested options is picked, then its level is shown with back and exit', () => {
    const actions = routeInbound(inSupport(), inbound('1'));
    expect(actions).toEqual([
      { type: 'reply', purpose: 'optionMenu', body: 'Sobre boletos:\n\n*[ 1 ]* - Segunda via\n*[ 2 ]* - Cancelar\n\n*[ 0 ]* - Voltar\n*[ # ]* - Sair' },
      { type: 'showMenu', menu: 'options', queueId: 2, path: [21], attempt: 1, windowStartedAt: MORNING.toISOString() },
    ]);
  });

  it('given a nested level, 0 goes back to the level above', () => {
    const actions = routeInbound(inSupport([21]), inbound('0'));
    expect(replies(actions)[0]).toMatch(/^Suporte: escolha uma opção\./);
    expect(actions.at(-1)).toMatchObject({ type: 'showMenu', menu: 'options', queueId: 2, path: [] });
  });

  it('given the first level, back returns to the queue menu', () => {
    const actions = routeInbound(inSupport(), inbound('voltar'));
    expect(kinds(actions)).toEqual(['reply:queueMenu', 'showMenu']);
    expect(actions[1]).toMatchObject({ menu: 'queues', attempt: 1 });
  });

  it('# (or sair) leaves the bot: a person takes over', () => {
    for (const body of ['#', 'Sair']) {
      expect(routeInbound(inSupport([21]), inbound(body))).toEqual([
        { type: 'reply', purpose: 'handOver', body: BOT_TEXTS.handOver },
        { type: 'handOver', reason: 'exit' },
      ]);
    }
  });

  it('a text leaf sends its message and hands over; with closeTicket it closes the ticket', () => {
    expect(kinds(routeInbound(inSupport([21]), inbound('1')))).toEqual(['reply:optionMessage', 'handOver:option']);
    expect(routeInbound(inSupport([21]), inbound('2'))).toEqual([
      { type: 'reply', purpose: 'optionMessage', body: 'Cancelado.' },
      { type: 'changeTicket', change: { kind: 'close', reason: 'chatbot' } },
    ]);
  });

  it('an attendent option gives the ticket to that user in the queue', () => {
    expect(routeInbound(inSupport(), inbound('2'))).toEqual([
      { type: 'reply', purpose: 'optionMessage', body: 'A Ana vai te atender.' },
      { type: 'changeTicket', change: { kind: 'assignUser', userId: 9, queueId: 2, reason: 'chatbot' } },
      { type: 'handOver', reason: 'option' },
    ]);
  });

  it('a queue option moves the ticket to that queue and greets from there', () => {
    expect(routeInbound(inSupport(), inbound('3'))).toEqual([
      { type: 'reply', purpose: 'optionMessage', body: 'Vou te passar para o Financeiro.' },
      { type: 'changeTicket', change: { kind: 'assignQueue', queueId: finance.id, reason: 'chatbot' } },
      { type: 'reply', purpose: 'greeting', body: 'Financeiro aqui.' },
      { type: 'handOver', reason: 'queued' },
    ]);
  });

  it('an option with nested options but no message of its own does not lead on (spec 2 §5)', () => {
    const silent = queue(2, 'Suporte', { options: [opt(31, 'Mudo', { options: [opt(311, 'Nunca visto')] })] });
    expect(kinds(routeInbound(inSupport(), inbound('1', { queues: [sales, silent] })))).toEqual(['handOver:option']);
  });

  it('an unknown option repeats the level, counting tries like the queue menu', () => {
    const again = routeInbound(inSupport([21], 1), inbound('7'));
    expect(replies(again)[0]).toBe(
      `${BOT_TEXTS.invalidOption}\n\nSobre boletos:\n\n*[ 1 ]* - Segunda via\n*[ 2 ]* - Cancelar\n\n*[ 0 ]* - Voltar\n*[ # ]* - Sair`,
    );
    expect(again[1]).toMatchObject({ menu: 'options', path: [21], attempt: 2 });
    expect(routeInbound(inSupport([21], 3), inbound('7'))).toContainEqual({ type: 'handOver', reason: 'attempts' });
  });
});

describe('routing: opening hours', () => {
  const settings = (scheduleType: 'company' | 'connection' | 'queue' | 'disabled', extra = {}) => ({
    settings: { ...inbound('').settings, scheduleType, ...extra },
  });

  it.each(['company', 'connection'] as const)('by %s schedule: out of hours the notice goes out instead of the menu', (scheduleType) => {
    const actions = routeInbound(fresh, inbound('oi', settings(scheduleType), NIGHT));
    expect(actions).toEqual([
      { type: 'reply', purpose: 'outOfHours', body: 'Estamos fechados agora. Atendemos das 08:00 às 18:00.' },
      { type: 'noteContact', note: 'outOfHours' },
    ]);
    expect(kinds(routeInbound(fresh, inbound('oi', settings(scheduleType), MORNING)))).toEqual(['reply:queueMenu', 'showMenu']);
  });

  it('reads the hours on the company clock (America/Sao_Paulo), not the server clock', () => {
    // 20:30 UTC is 17:30 in São Paulo: open; 21:30 UTC is 18:30: closed.
    expect(kinds(routeInbound(fresh, inbound('oi', settings('company'), new Date('2026-03-10T20:30:00Z'))))).toEqual(['reply:queueMenu', 'showMenu']);
    expect(kinds(routeInbound(fresh, inbound('oi', settings('company'), new Date('2026-03-10T21:30:00Z'))))).toEqual(['reply:outOfHours', 'noteContact']);
  });

  it('uses the company schedule it is given, by weekday', () => {
    const weekdaysOnly = {
      ...settings('company'),
      companySchedules: schedule({ startTimeA: '09:00', endTimeA: '17:00' }, ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']),
    };
    const saturdayMorning = new Date('2026-03-14T13:00:00Z');
    expect(kinds(routeInbound(fresh, inbound('oi', weekdaysOnly, saturdayMorning)))).toEqual(['reply:outOfHours', 'noteContact']);
    expect(kinds(routeInbound(fresh, inbound('oi', weekdaysOnly, MORNING)))).toEqual(['reply:queueMenu', 'showMenu']);
  });

  it('sends the notice at most once per 5 minutes per contact, and routes nothing meanwhile', () => {
    const noticed = botAfter([{ type: 'BotContactNoted', data: { ticketId: 7, contactId: 3, note: 'outOfHours', at: NIGHT.toISOString() } }]);
    expect(routeInbound(noticed, inbound('oi?', settings('company'), later(NIGHT, 4)))).toEqual([]);
    expect(kinds(routeInbound(noticed, inbound('oi?', settings('company'), new Date(NIGHT.getTime() + OUT_OF_HOURS_QUIET_MS))))).toEqual([
      'reply:outOfHours',
      'noteContact',
    ]);
    // another ticket of the same contact (another connection) noticed it: the contact's own record counts too
    const contactNoticed = inbound(
      'oi',
      { ...settings('company'), contactBot: { lastOutOfHoursAt: later(NIGHT, -2).toISOString(), lgpdAcceptedAt: null } },
      NIGHT,
    );
    expect(routeInbound(fresh, contactNoticed)).toEqual([]);
  });

  it('without an out-of-hours text, routing goes on as usual', () => {
    expect(kinds(routeInbound(fresh, inbound('oi', { ...settings('company'), connection: connection({ outOfHoursMessage: '' }) }, NIGHT)))).toEqual([
      'reply:queueMenu',
      'showMenu',
    ]);
  });

  it('by queue schedule: choosing a closed queue places the ticket and says the queue is closed', () => {
    const nightShiftLess = queue(1, 'Vendas', {
      greetingMessage: 'Bem-vindo a Vendas.',
      outOfHoursMessage: 'Vendas abre às 8h.',
      schedules: schedule({ startTimeA: '08:00', endTimeA: '18:00' }),
    });
    const actions = routeInbound(botAfter([menuShown('queues')]), inbound('1', { ...settings('queue'), queues: [nightShiftLess, support] }, NIGHT));
    expect(actions).toEqual([
      { type: 'changeTicket', change: { kind: 'assignQueue', queueId: 1, reason: 'menu' } },
      { type: 'reply', purpose: 'outOfHours', body: 'Vendas abre às 8h.' },
      { type: 'noteContact', note: 'outOfHours' },
      { type: 'handOver', reason: 'outOfHours' },
    ]);
    // the menu itself is not held back by queue hours
    expect(kinds(routeInbound(fresh, inbound('oi', settings('queue'), NIGHT)))).toEqual(['reply:queueMenu', 'showMenu']);
  });

  it('an attended ticket hears the notice only with sendMessageOutExpedientTicketOpen', () => {
    const attended = { ticket: { ...inbound('').ticket, status: 'open' as const, userId: 5, queueId: 1 } };
    expect(routeInbound(fresh, inbound('oi', { ...attended, ...settings('company') }, NIGHT))).toEqual([]);
    expect(kinds(routeInbound(fresh, inbound('oi', { ...attended, ...settings('company', { sendMessageOutExpedientTicketOpen: 'enabled' }) }, NIGHT)))).toEqual(
      ['reply:outOfHours', 'noteContact'],
    );
    expect(routeInbound(fresh, inbound('oi', { ...attended, ...settings('company', { sendMessageOutExpedientTicketOpen: 'enabled' }) }, MORNING))).toEqual([]);
  });
});

describe('routing: queue position', () => {
  it('with sendQueuePosition, a ticket placed in a queue hears its place (those waiting, plus one)', () => {
    const input = inbound('1', { settings: { ...inbound('').settings, sendQueuePosition: 'enabled' }, waitingInQueue: { 1: 4 } });
    expect(routeInbound(botAfter([menuShown('queues')]), input)).toContainEqual({ type: 'reply', purpose: 'queuePosition', body: BOT_TEXTS.queuePosition(5) });
    expect(replies(routeInbound(botAfter([menuShown('queues')]), inbound('1')))).not.toContain(BOT_TEXTS.queuePosition(1));
  });

  it('a queue with assignment on tells the place through its line, so the bot says nothing of it (no double message)', () => {
    const input = inbound('1', { settings: { ...inbound('').settings, sendQueuePosition: 'enabled' }, waitingInQueue: { 1: 4 }, lineQueueIds: [1] });
    const actions = routeInbound(botAfter([menuShown('queues')]), input);
    expect(actions.map((action) => (action.type === 'reply' ? action.purpose : action.type))).not.toContain('queuePosition');
    expect(actions).toContainEqual(expect.objectContaining({ type: 'handOver' }));
  });
});

describe('routing: who the bot leaves alone', () => {
  it.each([
    ['a contact with disableBot', { contact: { id: 3, name: 'Maria', number: '55', disableBot: true, active: true } }],
    ['a blocked contact', { contact: { id: 3, name: 'Maria', number: '55', disableBot: false, active: false } }],
    ['a group', { ticket: { ...inbound('').ticket, isGroup: true } }],
    ['a ticket without a connection', { connection: null }],
    ['an attended ticket', { ticket: { ...inbound('').ticket, status: 'open' as const, userId: 5 } }],
    ['a closed ticket', { ticket: { ...inbound('').ticket, status: 'closed' as const } }],
  ])('%s gets no bot answer', (_case, overrides) => {
    expect(routeInbound(fresh, inbound('oi', overrides))).toEqual([]);
  });

  it('never answers a message another bot wrote (it starts with the bot mark)', () => {
    expect(routeInbound(fresh, inbound(`${BOT_MARK}Olá! Escolha uma opção: 1 - Vendas`))).toEqual([]);
    expect(routeInbound(botAfter([menuShown('queues')]), inbound(`${BOT_MARK}Opção inválida`))).toEqual([]);
  });

  it('does not answer the past: a message recorded over an hour after it was sent (a history import) gets nothing', () => {
    const imported = inbound('oi');
    const sentLongAgo = { ...imported, message: { ...imported.message, receivedAt: new Date(MORNING.getTime() - STALE_INBOUND_MS - 1000).toISOString() } };
    expect(routeInbound(fresh, sentLongAgo)).toEqual([]);
    const aBitLate = { ...imported, message: { ...imported.message, receivedAt: later(MORNING, -10).toISOString() } };
    expect(kinds(routeInbound(fresh, aBitLate))).toEqual(['reply:queueMenu', 'showMenu']);
  });

  it('stops a reply storm: after BOT_BURST_LIMIT replies within a minute the bot hands the ticket over, once', () => {
    const replied = Array.from({ length: BOT_BURST_LIMIT }, (_, index) => ({
      type: 'BotReplied' as const,
      data: { ticketId: 7, purpose: 'invalidOption' as const, body: 'x', at: new Date(MORNING.getTime() - 50_000 + index * 1000).toISOString() },
    }));
    const bot = botAfter([menuShown('queues'), ...replied]);
    expect(routeInbound(bot, inbound('x', { connection: connection({ maxUseBotQueues: 0 }) }))).toEqual([{ type: 'handOver', reason: 'loop' }]);
    expect(
      routeInbound(botAfter([...replied, { type: 'BotHandedOver', data: { ticketId: 7, reason: 'loop', at: MORNING.toISOString() } }]), inbound('x')),
    ).toEqual([]);
    // a minute later the burst is over
    expect(routeInbound(bot, inbound('x', { connection: connection({ maxUseBotQueues: 0 }) }, later(MORNING, 2)))[0]).toMatchObject({
      purpose: 'invalidOption',
    });
  });
});

describe('routing: LGPD consent (status lgpd)', () => {
  const lgpd = (extra = {}) => ({
    settings: {
      ...inbound('').settings,
      enableLGPD: 'enabled' as const,
      lgpdMessage: 'Tratamos seus dados com cuidado.',
      lgpdLink: 'https://exemplo.com/privacidade',
      ...extra,
    },
  });

  it('asks for consent before anything else and waits in status lgpd', () => {
    expect(routeInbound(fresh, inbound('oi', lgpd()))).toEqual([
      {
        type: 'reply',
        purpose: 'lgpdConsent',
        body: `Tratamos seus dados com cuidado.\n\nConsulte a nossa política de privacidade: https://exemplo.com/privacidade\n\n${BOT_TEXTS.lgpdQuestion}`,
      },
      { type: 'showMenu', menu: 'lgpd', queueId: null, path: [], attempt: 1, windowStartedAt: MORNING.toISOString() },
      { type: 'changeTicket', change: { kind: 'requestLgpd' } },
    ]);
  });

  it('given the question, 1 accepts: the consent is recorded and routing goes on with the menu', () => {
    const actions = routeInbound(botAfter([menuShown('lgpd')]), inbound('1', { ...lgpd(), ticket: { ...inbound('').ticket, status: 'lgpd' } }));
    expect(kinds(actions)).toEqual(['change:answerLgpd', 'noteContact', 'reply:queueMenu', 'showMenu']);
    expect(actions[0]).toEqual({ type: 'changeTicket', change: { kind: 'answerLgpd', accepted: true } });
  });

  it('given the question, 2 refuses: the contact is told and the ticket closes', () => {
    expect(routeInbound(botAfter([menuShown('lgpd')]), inbound('2', lgpd()))).toEqual([
      { type: 'changeTicket', change: { kind: 'answerLgpd', accepted: false } },
      { type: 'noteContact', note: 'lgpdRefused' },
      { type: 'reply', purpose: 'lgpdRefused', body: BOT_TEXTS.lgpdRefused },
      { type: 'changeTicket', change: { kind: 'close', reason: 'lgpdRefused' } },
    ]);
  });

  it('asks again on other answers, and closes after maxUseBotQueues tries', () => {
    expect(kinds(routeInbound(botAfter([menuShown('lgpd', 1)]), inbound('talvez', lgpd())))).toEqual(['reply:invalidOption', 'showMenu']);
    expect(kinds(routeInbound(botAfter([menuShown('lgpd', 3)]), inbound('talvez', lgpd())))).toEqual(['reply:lgpdRefused', 'change:close']);
  });

  it('a contact who consented before is not asked again, unless lgpdConsent asks on every ticket', () => {
    const consented = { contactBot: { lastOutOfHoursAt: null, lgpdAcceptedAt: '2026-01-01T10:00:00.000Z' } };
    expect(kinds(routeInbound(fresh, inbound('oi', { ...lgpd(), ...consented })))).toEqual(['reply:queueMenu', 'showMenu']);
    expect(kinds(routeInbound(fresh, inbound('oi', { ...lgpd({ lgpdConsent: 'enabled' }), ...consented })))).toEqual([
      'reply:lgpdConsent',
      'showMenu',
      'change:requestLgpd',
    ]);
  });

  it('without enableLGPD, nobody is asked', () => {
    expect(kinds(routeInbound(fresh, inbound('oi')))).toEqual(['reply:queueMenu', 'showMenu']);
  });
});

describe('routing: the rating (status nps)', () => {
  const asked = botAfter([{ type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'requestRating' } } }, menuShown('rating')]);
  const nps = (body: string, extra = {}) => inbound(body, { ticket: { ...inbound('').ticket, status: 'nps', userId: 5, queueId: 1 }, ...extra });

  it.each([1, 2, 3, 4, 5])('given the rating question, %i is recorded as the ticket userRating with the farewell', (rating) => {
    expect(routeInbound(asked, nps(String(rating)))).toEqual([
      { type: 'changeTicket', change: { kind: 'rate', rating } },
      { type: 'reply', purpose: 'ratingThanks', body: 'Obrigado pelo contato, Maria!' },
    ]);
  });

  it('thanks in its own words when the connection has no farewell', () => {
    expect(routeInbound(asked, nps('4', { connection: connection({ complationMessage: '' }) }))[1]).toEqual({
      type: 'reply',
      purpose: 'ratingThanks',
      body: BOT_TEXTS.ratingThanks,
    });
  });

  it.each(['0', '6', '10', 'ótimo'])('given the rating question, %s asks again', (body) => {
    const actions = routeInbound(asked, nps(body));
    expect(kinds(actions)).toEqual(['reply:invalidOption', 'showMenu']);
    expect(actions[1]).toMatchObject({ menu: 'rating', attempt: 2 });
  });

  it('gives up after maxUseBotQueuesNPS answers: the rating lapses and the ticket closes without one', () => {
    const third = botAfter([{ type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'requestRating' } } }, menuShown('rating', 3)]);
    expect(routeInbound(third, nps('bom'))).toEqual([{ type: 'changeTicket', change: { kind: 'expireRating' } }]);
    expect(kinds(routeInbound(third, nps('bom', { connection: connection({ maxUseBotQueuesNPS: 5 }) })))).toEqual(['reply:invalidOption', 'showMenu']);
  });
});
