import type {
  BotConnectorRef,
  BotHandOverReason,
  BotMenu,
  BotReplyPurpose,
  BotTicketChange,
  Channel,
  ChatbotOptionDetails,
  CompanySettings,
  FileOption,
  MediaType,
  ScheduleEntry,
  TicketStatus,
} from '@conversa/contracts';

/**
 * What the routing engine decides over: plain data the routing reactors load from streams and
 * read models. The engine itself reads no clock, database or environment.
 */

/** The company's clock: opening hours and greetings ("Bom dia") are read in its time zone. */
export interface RoutingClock {
  now: Date;
  /** IANA zone, America/Sao_Paulo unless configured otherwise. */
  timeZone: string;
}

export interface RoutingTicket {
  id: number;
  status: TicketStatus;
  queueId: number | null;
  userId: number | null;
  contactId: number;
  whatsappId: number | null;
  isGroup: boolean;
  channel: Channel;
}

export interface RoutingContact {
  id: number;
  name: string;
  number: string;
  /** The contact asked not to talk to the bot: only humans answer it. */
  disableBot: boolean;
  /** false: blocked; nobody answers it. */
  active: boolean;
}

/** The company settings the engine reads (the company's settings satisfy it). */
export type RoutingSettings = Pick<
  CompanySettings,
  | 'userRating'
  | 'scheduleType'
  | 'sendGreetingMessageOneQueues'
  | 'sendFarewellWaitingTicket'
  | 'sendMessageOutExpedientTicketOpen'
  | 'sendQueuePosition'
  | 'enableLGPD'
  | 'lgpdConsent'
  | 'lgpdMessage'
  | 'lgpdLink'
  | 'sendMsgTransfTicket'
  | 'userRandom'
>;

/** The routing fields of a connection. Durations are minutes; 0 means off. */
export interface RoutingConnection {
  id: number;
  name: string;
  greetingMessage: string;
  /** The farewell (the spec's spelling). */
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  /** How many times a menu is shown before the bot hands over (0: no limit). */
  maxUseBotQueues: number;
  /** How many answers to the rating question are read before the rating lapses (0: no limit). */
  maxUseBotQueuesNPS: number;
  /** Close an attended ticket after this many idle minutes (0: the environment's default). */
  expiresTicket: number;
  /** Stop waiting for a rating after this many minutes (0: the environment's default). */
  expiresTicketNPS: number;
  /** Whose last message starts the idle clock: '0' the contact's, '1' anyone's. */
  whenExpiresTicket: '0' | '1';
  /** Sent when a ticket closes for inactivity. */
  expiresInactiveMessage: string;
  /** The window in which menu tries are counted, and after which a handed-over ticket may use the bot again (0: no window). */
  timeUseBotQueues: number;
  /** Minutes a ticket waits without a queue before it moves to sendIdQueue (0: off). */
  timeSendQueue: number;
  sendIdQueue: number | null;
  /** Idle minutes before `inactiveMessage` warns the contact (0: off). */
  timeInactiveMessage: number;
  inactiveMessage: string;
  schedules: ScheduleEntry[];
  /** A queue integration or AI prompt that answers the connection's new conversations before the menus. */
  integrationId?: number | null;
  promptId?: number | null;
}

export interface ChatbotOption extends ChatbotOptionDetails {
  id: number;
  options: ChatbotOption[];
}

export interface RoutingQueue {
  id: number;
  name: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: ScheduleEntry[];
  /** Rotation: a ticket waiting tempoRoteador minutes goes to the next online user of the queue. */
  ativarRoteador: boolean;
  tempoRoteador: number;
  /** The queue's chatbot tree (first level, each with its nested options). */
  options: ChatbotOption[];
  /** A queue integration or AI prompt that answers tickets entering the queue (instead of its tree). */
  integrationId?: number | null;
  promptId?: number | null;
  /** A file list the bot sends when it places a ticket in the queue. */
  fileListId?: number | null;
}

/** A file list as the bot sends it: its message, then its files. */
/** Stored media the bot sends (a spoken answer): what a file option carries. */
export type SpokenMedia = FileOption['media'];

export interface RoutingFileList {
  id: number;
  message: string;
  files: FileOption[];
}

/** One thing the bot does. The bot journal records each as an event; the effects reactor carries them out. */
export type BotAction =
  | { type: 'reply'; purpose: BotReplyPurpose; body: string }
  | { type: 'showMenu'; menu: BotMenu; queueId: number | null; path: number[]; attempt: number; windowStartedAt: string }
  | { type: 'handOver'; reason: BotHandOverReason }
  | { type: 'changeTicket'; change: BotTicketChange }
  | { type: 'noteContact'; note: 'outOfHours' | 'lgpdAccepted' | 'lgpdRefused' }
  | { type: 'markInactivityWarned'; idleSince: string }
  | { type: 'sendFiles'; source: 'queue' | 'option'; list: RoutingFileList }
  | { type: 'speak'; media: SpokenMedia }
  /** The contact's message goes to a connector (the bot-connectors reactor answers it). */
  | {
      type: 'askConnector';
      connector: BotConnectorRef;
      first: boolean;
      previousAt: string | null;
      message: { messageId: string; body: string; mediaType: string };
    }
  | { type: 'noteConnectorSession'; sessionId: string | null }
  | { type: 'armConnector'; connector: BotConnectorRef };

/** Where the bot stands on one ticket, folded from its journal. */
export interface BotState {
  /** The question the bot waits on, with its place in the tree; null when it waits on nothing. */
  menu: { menu: BotMenu; queueId: number | null; path: number[]; attempt: number; windowStartedAt: string } | null;
  /** The queue the bot placed the ticket in, if it did. */
  queueId: number | null;
  /** The bot has stopped answering this ticket. */
  handedOver: { reason: BotHandOverReason; at: string } | null;
  lgpd: 'accepted' | 'refused' | null;
  lastOutOfHoursAt: string | null;
  /** When the bot replied lately: the reply-storm guard counts them. */
  recentReplies: string[];
  /** The idle stretch the inactivity warning was last sent for. */
  warnedFor: string | null;
  /** The bot asked for a rating and has not had its answer or given up. */
  awaitingRating: boolean;
  /** The bot gave the ticket to a person (an attendent option, rotation, userRandom) since it last placed it in a queue. */
  userAssigned: boolean;
  /** The connector answering this ticket, with its conversation id and when it was last asked; null: none. */
  connector: { ref: BotConnectorRef; sessionId: string | null; lastAskedAt: string } | null;
  /** An attendant switched the integration on: the next message starts this connector. */
  armed: BotConnectorRef | null;
  /** The file lists the bot sent on this ticket: each goes once. */
  filesSent: number[];
}

export const initialBotState = (): BotState => ({
  menu: null,
  queueId: null,
  handedOver: null,
  lgpd: null,
  lastOutOfHoursAt: null,
  recentReplies: [],
  warnedFor: null,
  awaitingRating: false,
  userAssigned: false,
  connector: null,
  armed: null,
  filesSent: [],
});

/** What the bot knows of the contact from earlier tickets (stream contactbot-<id>). */
export interface ContactBotState {
  lastOutOfHoursAt: string | null;
  lgpdAcceptedAt: string | null;
}

export interface InboundMessage {
  messageId: string;
  body: string;
  mediaType: MediaType;
  /** When the contact sent it (the channel's time) and when Conversa recorded it. */
  receivedAt: string;
  recordedAt: string;
}

/** The trigger of an inbound decision: a contact's message on a ticket, and all the engine reads. */
export interface InboundInput {
  clock: RoutingClock;
  ticket: RoutingTicket;
  contact: RoutingContact;
  contactBot: ContactBotState;
  message: InboundMessage;
  settings: RoutingSettings;
  /** The connection the ticket runs on; null for tickets without one (the bot then stays out). */
  connection: RoutingConnection | null;
  /** The connection's queues in menu order (orderQueue, then name). */
  queues: RoutingQueue[];
  /** Opening hours of the company (scheduleType company). */
  companySchedules: ScheduleEntry[];
  /** Queues chatbot options send the ticket to that are not on the connection's menu. */
  otherQueues?: RoutingQueue[];
  /** Tickets waiting (pending, no attendant) in each queue, not counting this one: the position is one more. */
  waitingInQueue: Record<number, number>;
  /** Queues with assignment on: their line tells the place and an estimate (docs/assignment.md), the bot's own count would double it. */
  lineQueueIds?: readonly number[];
  /** The file lists the queues and chatbot options name, by id (a deleted or foreign list is absent). */
  fileLists?: Record<number, RoutingFileList>;
}
