import type { ScheduleEntry } from '@conversa/contracts';
import { TICKET_RATING_MAX, TICKET_RATING_MIN } from '@conversa/contracts';
import { askConnector, connectorOf, routeToConnector } from './connectors';
import { isWithinOpeningHours } from './hours';
import type { BotAction, BotState, ChatbotOption, InboundInput, RoutingQueue } from './model';
import {
  BACK_ANSWERS,
  BOT_MARK,
  BOT_TEXTS,
  EXIT_ANSWERS,
  chosenNumber,
  fillVariables,
  invalidThen,
  lgpdRequest,
  normalizeAnswer,
  optionMenu,
  queueMenu,
  ratingRequest,
} from './texts';

/** The out-of-hours notice reaches a contact at most once in this long (issue 7). */
export const OUT_OF_HOURS_QUIET_MS = 5 * 60_000;
/**
 * The reply-storm guard: more bot replies than this on one ticket within the window, and the bot
 * stops answering it. A person never needs that many; two bots answering each other always do.
 */
export const BOT_BURST_LIMIT = 10;
export const BOT_BURST_WINDOW_MS = 60_000;
/**
 * A message that reaches Conversa this long after the contact sent it is history (a connection's
 * history import, a long outage): the bot does not answer the past.
 */
export const STALE_INBOUND_MS = 60 * 60_000;

const minutes = (count: number) => count * 60_000;
const elapsed = (since: string, now: Date) => now.getTime() - Date.parse(since);

/**
 * The bot's answer to a contact's message (queues, chatbot options, opening hours;
 * statuses lgpd and nps). Pure: the same state and input always give the same actions.
 *
 * Order of the rules: a message a bot wrote, or one from the past (an import), is never answered; contacts with disableBot, blocked
 * contacts, groups and tickets without a connection are left to humans; the reply-storm guard; then
 * by what the ticket waits on: a rating, the LGPD consent, an attendant (only the out-of-hours
 * notice), or the bot (consent first, then opening hours, then the greeting, queue menu and chatbot tree).
 */
export function routeInbound(bot: BotState, input: InboundInput): BotAction[] {
  const { ticket, contact, connection, message } = input;
  if (message.body.startsWith(BOT_MARK)) return [];
  if (Date.parse(message.recordedAt) - Date.parse(message.receivedAt) > STALE_INBOUND_MS) return [];
  if (contact.disableBot || !contact.active || ticket.isGroup || connection === null) return [];

  const now = input.clock.now;
  const recent = bot.recentReplies.filter((at) => elapsed(at, now) < BOT_BURST_WINDOW_MS);
  if (recent.length >= BOT_BURST_LIMIT) return bot.handedOver?.reason === 'loop' ? [] : [{ type: 'handOver', reason: 'loop' }];

  if (bot.awaitingRating && (ticket.status === 'nps' || ticket.status === 'closed')) return answerRating(bot, input);
  if (ticket.status === 'closed' || ticket.status === 'nps') return [];
  if (ticket.status === 'open' || ticket.status === 'group') return attendedOutOfHours(bot, input);
  // The journal may be ahead of the ticket (its effects are applied just after): the journal decides.
  if (bot.lgpd === 'refused') return [];
  if (bot.menu?.menu === 'lgpd' || (ticket.status === 'lgpd' && bot.lgpd === null)) return answerLgpd(bot, input);
  if (ticket.userId !== null) return [];

  if (needsConsent(bot, input)) {
    return [
      { type: 'reply', purpose: 'lgpdConsent', body: lgpdRequest(input.settings.lgpdMessage, input.settings.lgpdLink) },
      { type: 'showMenu', menu: 'lgpd', queueId: null, path: [], attempt: 1, windowStartedAt: now.toISOString() },
      { type: 'changeTicket', change: { kind: 'requestLgpd' } },
    ];
  }
  return routeWaiting(bot, input);
}

/** A waiting ticket (pending, no attendant) past the consent question. */
function routeWaiting(bot: BotState, input: InboundInput): BotAction[] {
  const { ticket, connection } = input;
  const now = input.clock.now;
  const general = generalHours(input);
  if (general && !isWithinOpeningHours(general, now, input.clock.timeZone) && connection!.outOfHoursMessage.trim() !== '') {
    return outOfHoursNotice(bot, input, connection!.outOfHoursMessage);
  }

  const connector = routeToConnector(bot, input);
  if (connector) return connector;
  if (bot.handedOver) return mayRestart(bot, input) ? startRouting(bot, input) : [];
  if (bot.menu?.menu === 'queues') return answerQueueMenu(bot, input);
  if (bot.menu?.menu === 'options') return answerOptions(bot, input);
  // Placed in a queue by a person, or the bot already finished its part: attendants answer from here.
  if (ticket.queueId !== null || bot.queueId !== null) return [];
  return startRouting(bot, input);
}

/** timeUseBotQueues: once the window has passed, a contact the bot gave up on may use the menu again. */
function mayRestart(bot: BotState, input: InboundInput): boolean {
  const window = input.connection!.timeUseBotQueues;
  return (
    bot.handedOver!.reason === 'attempts' &&
    window > 0 &&
    elapsed(bot.handedOver!.at, input.clock.now) >= minutes(window) &&
    input.ticket.queueId === null &&
    bot.queueId === null
  );
}

/** The first answer: the greeting with the numbered queue menu, or straight into the only queue. */
function startRouting(bot: BotState, input: InboundInput): BotAction[] {
  const { connection, queues, settings } = input;
  // The connection's integration or prompt takes new conversations before the greeting and menus.
  const own = connectorOf(connection);
  if (own) return askConnector(input, own, true);
  const greeting = fill(input, connection!.greetingMessage).trim();
  if (queues.length === 0) {
    return [...(greeting ? [reply('greeting', greeting)] : []), { type: 'handOver', reason: 'noQueues' }];
  }
  if (queues.length === 1) {
    const only = queues[0]!;
    const greet = settings.sendGreetingMessageOneQueues === 'enabled' && greeting ? [reply('greeting', greeting)] : [];
    return [...greet, { type: 'changeTicket', change: { kind: 'assignQueue', queueId: only.id, reason: 'singleQueue' } }, ...enterQueue(bot, input, only)];
  }
  return [reply('queueMenu', queueMenu(greeting, queues)), menuAt('queues', null, [], 1, input.clock.now.toISOString())];
}

function answerQueueMenu(bot: BotState, input: InboundInput): BotAction[] {
  const choice = chosenNumber(input.message.body);
  const queue = choice !== null ? input.queues[choice - 1] : undefined;
  if (queue) return [{ type: 'changeTicket', change: { kind: 'assignQueue', queueId: queue.id, reason: 'menu' } }, ...enterQueue(bot, input, queue)];
  const greeting = fill(input, input.connection!.greetingMessage);
  return retry(bot, input, queueMenu(greeting, input.queues), input.connection!.maxUseBotQueues);
}

/**
 * The ticket is in `queue` now: the queue's hours, then its chatbot tree or its greeting and the
 * position. The queue's file list follows its greeting (or its menu, which holds the greeting).
 */
function enterQueue(bot: BotState, input: InboundInput, queue: RoutingQueue): BotAction[] {
  const now = input.clock.now;
  if (input.settings.scheduleType === 'queue' && !isWithinOpeningHours(queue.schedules, now, input.clock.timeZone)) {
    const text = (queue.outOfHoursMessage.trim() || input.connection!.outOfHoursMessage).trim();
    const notice: BotAction[] = text ? [reply('outOfHours', fill(input, text, queue)), { type: 'noteContact', note: 'outOfHours' }] : [];
    return [...notice, { type: 'handOver', reason: 'outOfHours' }];
  }
  // The queue's integration or prompt answers in place of its chatbot tree.
  const own = connectorOf(queue);
  const files = sendFiles(bot, input, queue.fileListId ?? null, 'queue', queue);
  if (own) return [...files, ...askConnector(input, own, true)];
  if (queue.options.length > 0) {
    return [
      reply('optionMenu', optionMenu(fill(input, queue.greetingMessage, queue), queue.options)),
      ...files,
      menuAt('options', queue.id, [], 1, now.toISOString()),
    ];
  }
  const greeting = fill(input, queue.greetingMessage, queue).trim();
  return [...(greeting ? [reply('greeting', greeting)] : []), ...files, ...queuePosition(input, queue.id), { type: 'handOver', reason: 'queued' }];
}

/** A file list goes once per ticket; a list deleted, foreign or empty sends nothing. */
function sendFiles(bot: BotState, input: InboundInput, fileListId: number | null, source: 'queue' | 'option', queue: RoutingQueue): BotAction[] {
  if (fileListId === null || bot.filesSent.includes(fileListId)) return [];
  const list = input.fileLists?.[fileListId];
  if (!list || (list.files.length === 0 && list.message.trim() === '')) return [];
  return [{ type: 'sendFiles', source, list: { ...list, message: fill(input, list.message, queue).trim() } }];
}

function queuePosition(input: InboundInput, queueId: number): BotAction[] {
  if (input.settings.sendQueuePosition !== 'enabled' || input.lineQueueIds?.includes(queueId)) return [];
  return [reply('queuePosition', BOT_TEXTS.queuePosition((input.waitingInQueue[queueId] ?? 0) + 1))];
}

/** The chatbot tree (spec 2 chatbot options): a number picks an option, 0 goes back a level, # leaves the bot. */
function answerOptions(bot: BotState, input: InboundInput): BotAction[] {
  const menu = bot.menu!;
  const queue = findQueue(input, menu.queueId);
  if (!queue) return [{ type: 'handOver', reason: 'option' }];
  const level = levelAt(queue, menu.path);
  const answer = normalizeAnswer(input.message.body);
  const now = input.clock.now.toISOString();

  if (EXIT_ANSWERS.includes(answer)) return [reply('handOver', BOT_TEXTS.handOver), { type: 'handOver', reason: 'exit' }];
  if (BACK_ANSWERS.includes(answer)) {
    if (menu.path.length > 0) {
      const parentPath = menu.path.slice(0, -1);
      const parent = levelAt(queue, parentPath);
      return [reply('optionMenu', optionMenu(fill(input, parent.leadIn, queue), parent.options)), menuAt('options', queue.id, parentPath, 1, now)];
    }
    if (input.queues.length > 1) {
      return [reply('queueMenu', queueMenu(fill(input, input.connection!.greetingMessage), input.queues)), menuAt('queues', null, [], 1, now)];
    }
    return [reply('optionMenu', optionMenu(fill(input, queue.greetingMessage, queue), queue.options)), menuAt('options', queue.id, [], 1, now)];
  }

  const choice = chosenNumber(input.message.body);
  const option = choice !== null ? level.options[choice - 1] : undefined;
  if (!option) return retry(bot, input, optionMenu(fill(input, level.leadIn, queue), level.options), input.connection!.maxUseBotQueues);
  return chooseOption(bot, input, queue, menu.path, option);
}

/** What picking an option does, by its queueType. */
function chooseOption(bot: BotState, input: InboundInput, queue: RoutingQueue, path: number[], option: ChatbotOption): BotAction[] {
  const now = input.clock.now.toISOString();
  const message = fill(input, option.greetingMessage, queue).trim();
  const said: BotAction[] = message ? [reply('optionMessage', message)] : [];
  const close: BotAction[] = [{ type: 'changeTicket', change: { kind: 'close', reason: 'chatbot' } }];

  switch (option.queueType) {
    case 'queue': {
      if (option.optQueueId === null) break;
      const target = findQueue(input, option.optQueueId);
      const moved: BotAction = { type: 'changeTicket', change: { kind: 'assignQueue', queueId: option.optQueueId, reason: 'chatbot' } };
      return [
        ...said,
        moved,
        ...(target ? enterQueue(bot, input, target) : [...queuePosition(input, option.optQueueId), { type: 'handOver', reason: 'queued' } as BotAction]),
      ];
    }
    case 'attendent': {
      if (option.optUserId === null) break;
      return [
        ...said,
        { type: 'changeTicket', change: { kind: 'assignUser', userId: option.optUserId, queueId: option.optQueueId ?? queue.id, reason: 'chatbot' } },
        { type: 'handOver', reason: 'option' },
      ];
    }
    case 'text':
      // An option leads to its nested options only when it has a message of its own.
      if (option.options.length > 0 && message) {
        return [reply('optionMenu', optionMenu(message, option.options)), menuAt('options', queue.id, [...path, option.id], 1, now)];
      }
      break;
    case 'integration':
      if (option.optIntegrationId !== null) return [...said, ...askConnector(input, { kind: 'integration', id: option.optIntegrationId }, true)];
      break;
    case 'file':
      // The option's message, the list's message and files; then it closes or hands over like any option.
      return [
        ...said,
        ...sendFiles(bot, input, option.optFileId, 'option', queue),
        ...(option.closeTicket ? close : [...queuePosition(input, queue.id), { type: 'handOver', reason: 'option' } as BotAction]),
      ];
  }
  return [...said, ...(option.closeTicket ? close : [...queuePosition(input, queue.id), { type: 'handOver', reason: 'option' } as BotAction])];
}

/**
 * An answer the menu does not know: the menu again, at most `max` showings in all (0: no limit)
 * within timeUseBotQueues minutes of the first; past that the bot hands over to a person.
 */
function retry(bot: BotState, input: InboundInput, question: string, max: number): BotAction[] {
  const menu = bot.menu!;
  const now = input.clock.now;
  const window = input.connection!.timeUseBotQueues;
  const windowOver = window > 0 && elapsed(menu.windowStartedAt, now) >= minutes(window);
  const attempt = windowOver ? 1 : menu.attempt + 1;
  if (max > 0 && attempt > max) return [reply('handOver', BOT_TEXTS.gaveUp), { type: 'handOver', reason: 'attempts' }];
  return [
    reply('invalidOption', invalidThen(question)),
    menuAt(menu.menu, menu.queueId, menu.path, attempt, windowOver ? now.toISOString() : menu.windowStartedAt),
  ];
}

/** The rating is a number from 1 to 5; other answers ask again, up to maxUseBotQueuesNPS times. */
function answerRating(bot: BotState, input: InboundInput): BotAction[] {
  const connection = input.connection!;
  const rating = chosenNumber(input.message.body);
  if (rating !== null && rating >= TICKET_RATING_MIN && rating <= TICKET_RATING_MAX) {
    const thanks = fill(input, connection.complationMessage).trim() || BOT_TEXTS.ratingThanks;
    return [{ type: 'changeTicket', change: { kind: 'rate', rating } }, reply('ratingThanks', thanks)];
  }
  const menu = bot.menu ?? { menu: 'rating' as const, queueId: null, path: [], attempt: 1, windowStartedAt: input.clock.now.toISOString() };
  const attempt = menu.attempt + 1;
  const max = connection.maxUseBotQueuesNPS;
  if (max > 0 && attempt > max) return [{ type: 'changeTicket', change: { kind: 'expireRating' } }];
  return [reply('invalidOption', invalidThen(ratingRequest(fill(input, connection.ratingMessage)))), menuAt('rating', null, [], attempt, menu.windowStartedAt)];
}

/** enableLGPD: consent before anything else, once per contact (or on every ticket with lgpdConsent). */
function needsConsent(bot: BotState, input: InboundInput): boolean {
  const { settings } = input;
  if (settings.enableLGPD !== 'enabled' || bot.lgpd !== null || bot.menu !== null || bot.handedOver !== null || bot.queueId !== null) return false;
  if (input.ticket.queueId !== null) return false;
  return input.contactBot.lgpdAcceptedAt === null || settings.lgpdConsent === 'enabled';
}

/** 1 accepts (routing goes on at once), 2 refuses (the ticket closes); anything else asks again. */
function answerLgpd(bot: BotState, input: InboundInput): BotAction[] {
  const choice = chosenNumber(input.message.body);
  if (choice === 1) {
    const accepted: BotState = { ...bot, lgpd: 'accepted', menu: null };
    return [
      { type: 'changeTicket', change: { kind: 'answerLgpd', accepted: true } },
      { type: 'noteContact', note: 'lgpdAccepted' },
      ...routeWaiting(accepted, input),
    ];
  }
  if (choice === 2) {
    return [
      { type: 'changeTicket', change: { kind: 'answerLgpd', accepted: false } },
      { type: 'noteContact', note: 'lgpdRefused' },
      reply('lgpdRefused', BOT_TEXTS.lgpdRefused),
      { type: 'changeTicket', change: { kind: 'close', reason: 'lgpdRefused' } },
    ];
  }
  const menu = bot.menu ?? { menu: 'lgpd' as const, queueId: null, path: [], attempt: 1, windowStartedAt: input.clock.now.toISOString() };
  const max = input.connection!.maxUseBotQueues;
  if (max > 0 && menu.attempt + 1 > max) {
    return [reply('lgpdRefused', BOT_TEXTS.lgpdNoAnswer), { type: 'changeTicket', change: { kind: 'close', reason: 'lgpdRefused' } }];
  }
  return [
    reply('invalidOption', invalidThen(lgpdRequest(input.settings.lgpdMessage, input.settings.lgpdLink))),
    menuAt('lgpd', null, [], menu.attempt + 1, menu.windowStartedAt),
  ];
}

/** An attended ticket hears from the bot only out of hours, with sendMessageOutExpedientTicketOpen. */
function attendedOutOfHours(bot: BotState, input: InboundInput): BotAction[] {
  const { settings, connection, ticket } = input;
  if (settings.sendMessageOutExpedientTicketOpen !== 'enabled') return [];
  const queue = settings.scheduleType === 'queue' && ticket.queueId !== null ? findQueue(input, ticket.queueId) : undefined;
  const hours = queue ? queue.schedules : generalHours(input);
  if (!hours || isWithinOpeningHours(hours, input.clock.now, input.clock.timeZone)) return [];
  const text = ((queue?.outOfHoursMessage.trim() ?? '') || connection!.outOfHoursMessage).trim();
  return text ? outOfHoursNotice(bot, input, text, queue) : [];
}

/** The hours scheduleType company or connection names (queue hours are read when a queue is entered). */
function generalHours(input: InboundInput): ScheduleEntry[] | null {
  switch (input.settings.scheduleType) {
    case 'company':
      return input.companySchedules;
    case 'connection':
      return input.connection!.schedules;
    default:
      return null;
  }
}

/** Out of hours: the notice, at most once per OUT_OF_HOURS_QUIET_MS per contact; nothing else happens. */
function outOfHoursNotice(bot: BotState, input: InboundInput, text: string, queue?: RoutingQueue): BotAction[] {
  const last = [bot.lastOutOfHoursAt, input.contactBot.lastOutOfHoursAt]
    .filter((at): at is string => at !== null)
    .sort()
    .at(-1);
  if (last && elapsed(last, input.clock.now) < OUT_OF_HOURS_QUIET_MS) return [];
  return [reply('outOfHours', fill(input, text, queue)), { type: 'noteContact', note: 'outOfHours' }];
}

function findQueue(input: InboundInput, queueId: number | null): RoutingQueue | undefined {
  if (queueId === null) return undefined;
  return input.queues.find((queue) => queue.id === queueId) ?? input.otherQueues?.find((queue) => queue.id === queueId);
}

/** The options at `path` in the queue's tree, with the text that leads into them. */
function levelAt(queue: RoutingQueue, path: readonly number[]): { leadIn: string; options: ChatbotOption[] } {
  let leadIn = queue.greetingMessage;
  let options = queue.options;
  for (const id of path) {
    const next = options.find((option) => option.id === id);
    if (!next) break;
    leadIn = next.greetingMessage;
    options = next.options;
  }
  return { leadIn, options };
}

const reply = (purpose: Extract<BotAction, { type: 'reply' }>['purpose'], body: string): BotAction => ({ type: 'reply', purpose, body });

const menuAt = (
  menu: Extract<BotAction, { type: 'showMenu' }>['menu'],
  queueId: number | null,
  path: number[],
  attempt: number,
  windowStartedAt: string,
): BotAction => ({
  type: 'showMenu',
  menu,
  queueId,
  path,
  attempt,
  windowStartedAt,
});

function fill(input: InboundInput, text: string, queue?: RoutingQueue): string {
  return fillVariables(text, {
    clock: input.clock,
    contactName: input.contact.name,
    ticketId: input.ticket.id,
    queueName: queue?.name ?? null,
    connectionName: input.connection?.name ?? null,
  });
}
