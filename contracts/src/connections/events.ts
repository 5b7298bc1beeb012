import { z } from 'zod';
import { ScheduleEntry } from '../companies/events';
import { defineEvent, type EventUnion } from '../events/registry';
import { defaultOpeningHours } from '../queues/schedules';
import type { Channel } from '../tickets/events';
import { INT32_MAX, RecordId, realDateTime, safeText } from '../common/bounds';

/**
 * A connection's channel: a WhatsApp number through Baileys, the WhatsApp Cloud API
 * (`whatsappapi`), a Facebook page, an Instagram account, or Conversa's test channel (`sandbox`).
 */
export const ConnectionChannel = z.enum(['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'sandbox']);
export type ConnectionChannel = z.infer<typeof ConnectionChannel>;

/** A connection's session status. `qrcode` is lower-case as the original writes it. */
export const ConnectionStatus = z.enum(['DISCONNECTED', 'OPENING', 'qrcode', 'CONNECTED', 'PAIRING', 'TIMEOUT']);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

/** Statuses the connections screen counts as needing attention; CONNECTED is online. */
export const ATTENTION_STATUSES: readonly ConnectionStatus[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

/** The tickets' name of a connection's channel (tickets say `whatsapp_cloud` for the Cloud API). */
export const ticketChannelOf = (channel: ConnectionChannel): Channel => (channel === 'whatsappapi' ? 'whatsapp_cloud' : channel);

/** A connection token is 30 characters from upper-case letters and digits. */
export const CONNECTION_TOKEN_PATTERN = /^[A-Z0-9]{30}$/;
export const ConnectionToken = safeText().regex(CONNECTION_TOKEN_PATTERN, 'token: 30 characters, A–Z and 0–9');

/** While the import timestamp is younger than this, a disabled 'preparing' button shows. */
export const IMPORT_PREPARING_WINDOW_MS = 35_000;
/** `statusImportMessages` once the import is done: the close-imported-tickets button shows. */
export const IMPORT_CLOSE_BUTTON = 'renderButtonCloseTickets';
/** The timeSendQueue options, in minutes (the spec's 20 and 25 read as intended, not as the source's 15). */
export const TIME_SEND_QUEUE_OPTIONS = [0, 5, 10, 15, 20, 25, 30, 60] as const;
/** Sandbox connections a company may hold; they do not count against the plan's connections. */
export const MAX_SANDBOX_CONNECTIONS = 3;

const id = RecordId;
const minutes = z.number().int().min(0).max(525_600);
const message = safeText().max(4000);

/**
 * What an administrator sets on a connection. Times are minutes unless named
 * otherwise; the routing helpers read these for greetings, opening hours, bot limits and expiry.
 */
export const ConnectionDetails = z.object({
  name: safeText().trim().min(2).max(50),
  greetingMessage: message,
  /** Farewell message (the spec's spelling). */
  complationMessage: message,
  outOfHoursMessage: message,
  ratingMessage: message,
  /** How many times the bot may show the queue menu before giving up (default 3). */
  maxUseBotQueues: z.number().int().min(0).max(100),
  maxUseBotQueuesNPS: z.number().int().min(0).max(100),
  /** Baileys release line the session uses: 'beta' (default) or 'stable'. */
  provider: z.enum(['beta', 'stable']),
  /** Close open tickets after this many minutes without activity (0: never). */
  expiresTicket: minutes,
  /** Close a ticket waiting for its NPS answer after this many minutes (0: never). */
  expiresTicketNPS: minutes,
  /** Whose last message starts the expiry clock: '0' the contact's, '1' anyone's. */
  whenExpiresTicket: z.enum(['0', '1']),
  /** Sent when a ticket expires. */
  expiresInactiveMessage: message,
  allowGroup: z.boolean(),
  groupAsTicket: z.enum(['disabled', 'enabled']),
  /** Minutes before the bot may be used again by the same contact (0: always). */
  timeUseBotQueues: minutes,
  /** Minutes a ticket waits without a queue before it moves to sendIdQueue (0: off). */
  timeSendQueue: z
    .number()
    .int()
    .refine((value) => (TIME_SEND_QUEUE_OPTIONS as readonly number[]).includes(value), `timeSendQueue: one of ${TIME_SEND_QUEUE_OPTIONS.join(', ')}`),
  sendIdQueue: id.nullable(),
  /** Seconds after a ticket closes during which a new message reopens it instead of opening a new one (0: always new). */
  timeCreateNewTicket: z.number().int().min(0).max(31_536_000),
  /** Minutes without an answer before inactiveMessage is sent (0: off). */
  timeInactiveMessage: minutes,
  inactiveMessage: message,
  /** A media-store url sent with the greeting (POST /whatsapp/:id/media-upload). */
  greetingMediaAttachment: safeText().max(500).nullable(),
  /** Import history from this moment (ISO datetime) when the session pairs; null: no import. */
  importOldMessages: realDateTime().nullable(),
  /** Import history up to this moment (ISO datetime). */
  importRecentMessages: realDateTime().nullable(),
  importOldMessagesGroups: z.boolean(),
  /** Close the tickets the import opened once it finishes. */
  closedTicketsPostImported: z.boolean(),
  integrationId: id.nullable(),
  promptId: id.nullable(),
  /**
   * Call (click-to-call) token: a credential, recorded sealed (`enc:v1:…`, SECRETS_KEY; '' when none);
   * answers carry SECRET_SETTING_MASK, and GET /tickets/:id/call opens it for the attendant placing a call.
   */
  wavoip: safeText().max(2000),
  queueIds: z.array(id).max(200),
  schedules: z.array(ScheduleEntry).max(7),
});
export type ConnectionDetails = z.infer<typeof ConnectionDetails>;

/** A new connection's defaults (maxUseBotQueues 3, maxUseBotQueuesNPS 3, provider beta, default opening hours). */
export const defaultConnectionDetails = (): Omit<ConnectionDetails, 'name'> => ({
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  maxUseBotQueues: 3,
  maxUseBotQueuesNPS: 3,
  provider: 'beta',
  expiresTicket: 0,
  expiresTicketNPS: 0,
  whenExpiresTicket: '0',
  expiresInactiveMessage: '',
  allowGroup: false,
  groupAsTicket: 'disabled',
  timeUseBotQueues: 0,
  timeSendQueue: 0,
  sendIdQueue: null,
  timeCreateNewTicket: 0,
  timeInactiveMessage: 0,
  inactiveMessage: '',
  greetingMediaAttachment: null,
  importOldMessages: null,
  importRecentMessages: null,
  importOldMessagesGroups: false,
  closedTicketsPostImported: false,
  integrationId: null,
  promptId: null,
  wavoip: '',
  queueIds: [],
  schedules: defaultOpeningHours(),
});

/**
 * The account a Meta channel speaks for (POST /facebook): the page, Instagram account or Cloud API
 * phone number id, and the tokens the Graph API wants. Secrets: never sent to browsers.
 */
export const ChannelAccount = z.object({
  facebookUserId: safeText().max(100).nullable(),
  facebookUserToken: safeText().max(2000).nullable(),
  /** The page id (facebook), Instagram business account id (instagram) or phone number id (whatsappapi). */
  facebookPageUserId: safeText().max(100).nullable(),
  /** The page (or system user) access token the Graph API is called with. */
  tokenMeta: safeText().max(2000).nullable(),
});
export type ChannelAccount = z.infer<typeof ChannelAccount>;

/** What a session reports (session events change status, qrcode and retries). */
export const SessionState = z.object({
  status: ConnectionStatus,
  /** The QR code to show while status is qrcode; '' otherwise (the modal closes when it empties). */
  qrcode: safeText().max(2000),
  retries: z.number().int().min(0).max(1_000_000),
});
export type SessionState = z.infer<typeof SessionState>;

const connectionId = id;

export const ConnectionCreated = defineEvent(
  'ConnectionCreated',
  ConnectionDetails.extend({
    connectionId,
    companyId: id,
    channel: ConnectionChannel,
    token: ConnectionToken,
    status: ConnectionStatus,
    account: ChannelAccount.nullable(),
  }),
);
export const ConnectionDetailsChanged = defineEvent('ConnectionDetailsChanged', z.object({ connectionId, changes: ConnectionDetails.partial() }));
export const ConnectionTokenChanged = defineEvent('ConnectionTokenChanged', z.object({ connectionId, token: ConnectionToken }));
export const ConnectionAccountChanged = defineEvent('ConnectionAccountChanged', z.object({ connectionId, account: ChannelAccount }));
export const ConnectionDeleted = defineEvent('ConnectionDeleted', z.object({ connectionId }));

/**
 * Someone asked for the session to run: `start` (try again), `renew` (new QR: forget the pairing
 * first) or `restart` (close and open again, keeping the pairing). The session manager that owns
 * the connection acts on the generation it has not acted on yet.
 */
export const ConnectionSessionRequested = defineEvent(
  'ConnectionSessionRequested',
  z.object({ connectionId, kind: z.enum(['start', 'renew', 'restart']), generation: RecordId }),
);
/** Someone disconnected the session (DELETE /whatsappsession/:id): it logs out and stays down. */
export const ConnectionSessionStopRequested = defineEvent('ConnectionSessionStopRequested', z.object({ connectionId, generation: RecordId }));
/** The running session's status, QR code or retry count changed (and the number, once paired). */
export const ConnectionSessionChanged = defineEvent('ConnectionSessionChanged', SessionState.extend({ connectionId, number: safeText().max(50).optional() }));

/** The history import began (status shows 'preparing' for 35 s), advanced, and finished. */
export const ConnectionImportStarted = defineEvent('ConnectionImportStarted', z.object({ connectionId, startedAt: realDateTime() }));
export const ConnectionImportProgressed = defineEvent(
  'ConnectionImportProgressed',
  z.object({
    connectionId,
    processed: z.number().int().min(-1).max(INT32_MAX),
    /** -1 while the total is not known yet (the import's 'preparing'). */
    total: z.number().int().min(-1).max(INT32_MAX),
    /** The date of the message being imported (ISO datetime). */
    date: realDateTime().nullable(),
    /** Tickets the import opened or wrote to since the last report: what POST /closedimported closes. */
    ticketIds: z.array(id).max(10_000),
  }),
);
export const ConnectionImportFinished = defineEvent('ConnectionImportFinished', z.object({ connectionId, finishedAt: realDateTime() }));
/** POST /closedimported/:id: the imported tickets were closed and the button goes away. */
export const ImportedTicketsClosed = defineEvent('ImportedTicketsClosed', z.object({ connectionId, ticketIds: z.array(id) }));

/**
 * Guard stream `connectionroster-<companyId>`: the company's live connections and its default.
 * Its expected revision keeps the plan's connection limit and the single default under concurrency.
 */
export const ConnectionRegistered = defineEvent('ConnectionRegistered', z.object({ connectionId, channel: ConnectionChannel }));
export const ConnectionUnregistered = defineEvent('ConnectionUnregistered', z.object({ connectionId }));
export const DefaultConnectionChanged = defineEvent(
  'DefaultConnectionChanged',
  z.object({ connectionId: connectionId.nullable(), previousId: connectionId.nullable() }),
);

/**
 * The claim on a Meta account id (a page, an Instagram account, a Cloud API phone number id): its
 * stream's expected revision makes the id belong to one live connection across all companies.
 */
export const MetaAccountChannel = z.enum(['facebook', 'instagram', 'whatsappapi']);
export type MetaAccountChannel = z.infer<typeof MetaAccountChannel>;
const accountClaim = z.object({ channel: MetaAccountChannel, accountId: safeText().min(1).max(100), connectionId });
export const ChannelAccountClaimed = defineEvent('ChannelAccountClaimed', accountClaim);
export const ChannelAccountReleased = defineEvent('ChannelAccountReleased', accountClaim);

const connectionStreamEvents = [
  ConnectionCreated,
  ConnectionDetailsChanged,
  ConnectionTokenChanged,
  ConnectionAccountChanged,
  ConnectionDeleted,
  ConnectionSessionRequested,
  ConnectionSessionStopRequested,
  ConnectionSessionChanged,
  ConnectionImportStarted,
  ConnectionImportProgressed,
  ConnectionImportFinished,
  ImportedTicketsClosed,
];
const connectionRosterEvents = [ConnectionRegistered, ConnectionUnregistered, DefaultConnectionChanged];
const channelAccountEvents = [ChannelAccountClaimed, ChannelAccountReleased];
export const connectionEvents = [...connectionStreamEvents, ...connectionRosterEvents, ...channelAccountEvents];

export type ConnectionEvent = EventUnion<typeof connectionStreamEvents>;
export type ConnectionRosterEvent = EventUnion<typeof connectionRosterEvents>;

export type ChannelAccountEvent = EventUnion<typeof channelAccountEvents>;

export const connectionStream = (connectionId: number) => `connection-${connectionId}`;
/** Guard: one stream per Meta account id and channel (see ChannelAccountClaimed). */
export const channelAccountStream = (channel: MetaAccountChannel, accountId: string) => `channelaccount-${channel}-${accountId}`;
export const connectionRosterStream = (companyId: number) => `connectionroster-${companyId}`;
