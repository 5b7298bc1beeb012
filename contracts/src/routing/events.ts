import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { TicketQueueAssignedReason } from '../tickets/events';
import { INT32_MAX, RecordId, realDateTime, safeText } from '../common/bounds';
import { FILE_LIST_MAX_OPTIONS, FileOption } from '../files/events';

/**
 * The routing bot's journal. Stream `ticketbot-<ticketId>`: what the bot decided for one ticket
 * (replies, menus shown, its place in the chatbot tree, hand-overs, ticket changes), each in
 * answer to a trigger (a contact's message, a close, a transfer, a timer). The effects (messages
 * queued, ticket commands) are applied from these events by the routing effects reactor, so a
 * decision is recorded once and its effects reach the ticket at least once, never twice.
 */

const id = RecordId;
const at = realDateTime();

/** Why the bot wrote to the contact. */
export const BotReplyPurpose = z.enum([
  'greeting',
  'queueMenu',
  'optionMenu',
  'optionMessage',
  'invalidOption',
  'handOver',
  'outOfHours',
  'queuePosition',
  'lgpdConsent',
  'lgpdRefused',
  'ratingRequest',
  'ratingThanks',
  'farewell',
  'transfer',
  'inactivityWarning',
  'expired',
  /** A connector's answer (Typebot, n8n, webhook, Dialogflow, AI prompt). */
  'connector',
]);
export type BotReplyPurpose = z.infer<typeof BotReplyPurpose>;

/** Which question the bot is waiting on an answer to. */
export const BotMenu = z.enum(['lgpd', 'queues', 'options', 'rating']);
export type BotMenu = z.infer<typeof BotMenu>;

/** Why the bot stopped answering a ticket (a human takes it from here). */
/** connector: the connector ended or asked for a person; connectorFailed: it failed or timed out; integrationOff: an attendant switched the ticket's integration off. */
export const BotHandOverReason = z.enum([
  'attempts',
  'exit',
  'option',
  'noQueues',
  'queued',
  'outOfHours',
  'loop',
  'timeSendQueue',
  'attendant',
  'connector',
  'connectorFailed',
  'integrationOff',
]);
export type BotHandOverReason = z.infer<typeof BotHandOverReason>;

/** What the bot changes on the ticket; applied as the ticket's own commands. */
export const BotTicketChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('assignQueue'), queueId: id, reason: TicketQueueAssignedReason }),
  /** chatbot: an attendent option; rotation: the queue's turn (ativarRoteador); random: the userRandom setting. */
  z.object({ kind: z.literal('assignUser'), userId: id, queueId: id.nullable(), reason: z.enum(['chatbot', 'rotation', 'random']) }),
  z.object({ kind: z.literal('requestLgpd') }),
  z.object({ kind: z.literal('answerLgpd'), accepted: z.boolean() }),
  z.object({ kind: z.literal('close'), reason: z.enum(['lgpdRefused', 'chatbot', 'expired']) }),
  z.object({ kind: z.literal('requestRating') }),
  z.object({ kind: z.literal('rate'), rating: z.number().int().min(1).max(5) }),
  z.object({ kind: z.literal('expireRating') }),
  /** The ticket's useIntegration flag (and prompt) follow the connector: on while it answers, off once it hands over. */
  z.object({ kind: z.literal('setIntegration'), useIntegration: z.boolean(), promptId: id.nullable().optional() }),
]);
export type BotTicketChange = z.infer<typeof BotTicketChange>;

/** The bot wrote `body` to the contact of the ticket. */
export const BotReplied = defineEvent('BotReplied', z.object({ ticketId: id, purpose: BotReplyPurpose, body: safeText().min(1).max(65_536), at }));
/** The bot asked a question and waits for the answer: its place (queue and path of option ids) and the try it is on. */
export const BotMenuShown = defineEvent(
  'BotMenuShown',
  z.object({
    ticketId: id,
    menu: BotMenu,
    queueId: id.nullable(),
    /** Chatbot option ids from the queue's first level down to the level shown. */
    path: z.array(id).max(50),
    /** 1 for the first showing; each invalid answer shows it again with the next number. */
    attempt: z.number().int().min(1).max(INT32_MAX),
    /** When the current run of tries started (timeUseBotQueues counts from here). */
    windowStartedAt: at,
  }),
);
export const BotHandedOver = defineEvent('BotHandedOver', z.object({ ticketId: id, reason: BotHandOverReason, at }));
export const BotTicketChangeDecided = defineEvent('BotTicketChangeDecided', z.object({ ticketId: id, change: BotTicketChange }));
/** Something about the contact that outlives the ticket (the out-of-hours notice, LGPD consent). */
export const BotContactNoted = defineEvent(
  'BotContactNoted',
  z.object({ ticketId: id, contactId: id, note: z.enum(['outOfHours', 'lgpdAccepted', 'lgpdRefused']), at }),
);
/**
 * The bot sends a file list in the conversation: a queue's list when the bot places the ticket in
 * it, a `file` option's list when the contact picks it. The list's message and files are recorded
 * as they were when decided, so applying the event again sends the same messages (their ids come
 * from this event and each file's optionId), never a second copy.
 */
export const BotFilesSent = defineEvent(
  'BotFilesSent',
  z.object({
    ticketId: id,
    fileListId: id,
    source: z.enum(['queue', 'option']),
    message: safeText().max(4096),
    files: z.array(FileOption).max(FILE_LIST_MAX_OPTIONS),
    at,
  }),
);
/** A connector's answer spoken (text to speech): sent after its texts, as the journal orders them. */
export const BotSpoke = defineEvent('BotSpoke', z.object({ ticketId: id, media: FileOption.shape.media, at }));
/** The inactivity warning went out for the idle stretch that began at `idleSince`. */
export const BotInactivityWarned = defineEvent('BotInactivityWarned', z.object({ ticketId: id, idleSince: at }));

/** What answers a waiting ticket instead of the menus: a queue integration or an AI prompt. */
export const BotConnectorRef = z.object({ kind: z.enum(['integration', 'prompt']), id });
export type BotConnectorRef = z.infer<typeof BotConnectorRef>;

/**
 * The contact's message goes to the connector (the bot-connectors reactor asks it and records its
 * answer). `first`: a new conversation with it (Typebot starts a new session).
 */
export const BotConnectorAsked = defineEvent(
  'BotConnectorAsked',
  z.object({
    ticketId: id,
    connector: BotConnectorRef,
    messageId: safeText().min(1).max(200),
    body: safeText().max(65_536),
    mediaType: safeText().max(50),
    first: z.boolean(),
    at,
    /** The previous question to this connector on the ticket (session expiry counts from it). */ previousAt: at.nullable(),
  }),
);
/** The connector's conversation id (Typebot's sessionId), kept for the next message; null: start anew. */
export const BotConnectorSessionNoted = defineEvent('BotConnectorSessionNoted', z.object({ ticketId: id, sessionId: safeText().max(500).nullable(), at }));
/** An attendant armed the connector on this ticket (the integration toggle): the next message goes to it. */
export const BotConnectorArmed = defineEvent('BotConnectorArmed', z.object({ ticketId: id, connector: BotConnectorRef, at }));

/** Stream `contactbot-<contactId>`: what the bot knows of a contact across its tickets. */
export const ContactOutOfHoursNotified = defineEvent('ContactOutOfHoursNotified', z.object({ contactId: id, at }));
export const ContactLgpdConsentRecorded = defineEvent('ContactLgpdConsentRecorded', z.object({ contactId: id, accepted: z.boolean(), at }));

/** Stream `queuerotation-<queueId>`: whose turn it is in a queue's rotation (ativarRoteador). */
export const QueueRotationAdvanced = defineEvent('QueueRotationAdvanced', z.object({ queueId: id, ticketId: id, userId: id }));

const ticketBotEvents = [
  BotReplied,
  BotMenuShown,
  BotHandedOver,
  BotTicketChangeDecided,
  BotContactNoted,
  BotInactivityWarned,
  BotFilesSent,
  BotSpoke,
  BotConnectorAsked,
  BotConnectorSessionNoted,
  BotConnectorArmed,
];
const contactBotEvents = [ContactOutOfHoursNotified, ContactLgpdConsentRecorded];
const queueRotationEvents = [QueueRotationAdvanced];
export const routingEvents = [...ticketBotEvents, ...contactBotEvents, ...queueRotationEvents];

export type BotEvent = EventUnion<typeof ticketBotEvents>;
export type ContactBotEvent = EventUnion<typeof contactBotEvents>;
export type QueueRotationEvent = EventUnion<typeof queueRotationEvents>;

export const ticketBotStream = (ticketId: number) => `ticketbot-${ticketId}`;
export const contactBotStream = (contactId: number) => `contactbot-${contactId}`;
export const queueRotationStream = (queueId: number) => `queuerotation-${queueId}`;
