import type { CompanySettings, ChannelAccount, ConnectionChannel, ConnectionStatus, ConnectionView, StoredMedia } from '@conversa/contracts';
import type { CommandContext, IdAllocator, ReceivedMessage, ReceiveMessageInput, SecretBox } from '@conversa/core';
import type { MediaStore } from '@conversa/media';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';
import type { Readable } from 'node:stream';
import type { OutboundMessage } from './port';

// The port between Conversa and a channel's sessions: what a driver is given (hooks) and what it gives back (a running session).

/** What a session needs from its process: commands, the read models, ids and the media store. */
/** `secrets` opens the Meta tokens the read model keeps sealed. */
export type SessionContext = CommandContext & { ids: IdAllocator; db: Kysely<ReadDatabase>; media: MediaStore; secrets: SecretBox };

/** The connection a driver runs, as the read model shows it, plus the Meta account's secrets. */
export interface SessionConnection {
  id: number;
  companyId: number;
  channel: ConnectionChannel;
  /** Every setting (groupAsTicket, allowGroup, importOldMessages …) as it was when the session started; `hooks.connection()` reads it fresh. */
  settings: ConnectionView;
  /** Meta channels: the page / account and its tokens; null for the others. */
  account: ChannelAccount | null;
}

export interface SessionStartOptions {
  /** Forget the stored pairing first (the 'new QR' button, or an import that needs a fresh pairing). */
  fresh: boolean;
}

/** A state report: what the connections screen shows live. Omitted fields keep their value, except qrcode, which empties. */
export interface SessionReport {
  status: ConnectionStatus;
  qrcode?: string;
  retries?: number;
  /** The paired number (or account), once known. */
  number?: string;
}

/** An inbound message as a driver hands it over; the connection, company and channel are the hooks'. */
export type InboundMessage = Omit<ReceiveMessageInput, 'companyId' | 'whatsappId' | 'channel'>;

export interface ImportProgressReport {
  processed: number;
  /** -1 while the total is not known yet. */
  total: number;
  /** The date of the message being imported. */
  date: Date | string | null;
  /** Tickets the import wrote to since the last report (what POST /closedimported closes). */
  ticketIds?: number[];
}

export interface SessionLogger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/**
 * What a running session calls back (one object per connection, made by the session manager).
 * Every method records through the product's commands, so a session never writes tables itself,
 * and every method is idempotent on the provider's ids: a reconnect that replays events is harmless.
 */
export interface SessionHooks {
  readonly connectionId: number;
  readonly companyId: number;
  readonly channel: ConnectionChannel;
  /** Status, QR code, retries, number. Recorded only when something changed. */
  report(report: SessionReport): Promise<void>;
  /**
   * The session ended for good (logged out on the phone, banned, the account's token revoked): the
   * connection is DISCONNECTED and stays down until someone starts it again. The manager stops it.
   */
  ended(reason: string): Promise<void>;
  /**
   * A contact wrote (text, media, location, contact card, or a reaction as mediaType 'reactionMessage'
   * with quotedProviderId naming the message reacted to). Idempotent on `providerId`.
   */
  receiveMessage(input: InboundMessage): Promise<ReceivedMessage>;
  /**
   * The connection's own account wrote outside Conversa (from the phone, the page inbox): recorded
   * on the contact's ticket as an outbound message already sent. Idempotent on `providerId`.
   */
  recordSentElsewhere(input: InboundMessage): Promise<ReceivedMessage>;
  /** Whether a provider's message is already recorded (received, or sent by us or elsewhere): skip downloading it again. */
  isRecorded(providerId: string): Promise<boolean>;
  /**
   * The channel acknowledged one of our messages (1 sent, 2 delivered, 3 or 4 read). `messageId`
   * (Conversa's id, which `send` was given) is used when the driver knows it; otherwise the
   * provider id is looked up. Answers false when no such message is known (yet).
   */
  messageAck(ack: { providerId: string; ack: number; messageId?: string }): Promise<boolean>;
  /** A message was edited on the channel: by the contact, or (`fromMe`) from the connection's own account. False when it is unknown. */
  messageEdited(edit: { providerId: string; body: string; editedAt?: Date | string; fromMe?: boolean }): Promise<boolean>;
  /** A message was deleted on the channel: by the contact ('this message was deleted by the contact') or from the connection's own account. False when unknown. */
  messageDeleted(deletion: { providerId: string; fromMe?: boolean }): Promise<boolean>;
  /** History import: started → progress… → finished. Progress is recorded at most about once a second. */
  importStarted(): Promise<void>;
  importProgress(progress: ImportProgressReport): Promise<void>;
  importFinished(): Promise<void>;
  /** Stores a downloaded file in the media store (sniffed, allow-listed, size-limited) for an inbound message. */
  saveMedia(file: { data: Buffer | Readable; mime?: string; name: string }): Promise<StoredMedia>;
  /** The connection's settings now (they may change while the session runs). */
  connection(): Promise<ConnectionView | null>;
  /** The company's settings now (acceptCallWhatsapp, …). */
  companySettings(): Promise<CompanySettings>;
  readonly log: SessionLogger;
}

/** An attendant edited or deleted one of the messages this connection sent: the channel should follow. */
export interface OutboundAmendment {
  kind: 'edit' | 'delete';
  companyId: number;
  whatsappId: number;
  contact: { number: string; isGroup: boolean };
  /** Conversa's id of the message, and the provider's (what the channel knows it by). */
  messageId: string;
  providerId: string;
  /** The new text (edits). */
  body: string;
}

/** One channel's session, running for one connection. */
export interface RunningSession {
  /** Delivers one outbound message; resolves with the provider's id, rejects with a reason. */
  send(message: OutboundMessage): Promise<{ providerId: string }>;
  /** Edits or deletes for everyone a message it sent; channels that cannot leave it out (the change then stays in Conversa). */
  amend?(amendment: OutboundAmendment): Promise<void>;
  /** Which of these numbers (E.164 digits) have an account on the channel (contact lists' validity check); channels that cannot tell leave it out. */
  checkNumbers?(numbers: readonly string[]): Promise<Array<{ number: string; valid: boolean }>>;
  /** Closes the session and keeps its pairing (restart, process shutdown, another process takes over). */
  stop(): Promise<void>;
  /** Unlinks the device and forgets the pairing (disconnect, new QR, connection deleted). */
  logout(): Promise<void>;
}

/**
 * A channel's way of running sessions: WhatsApp through Baileys, the Meta channels, the sandbox.
 * `start` resolves once the session is set up (it need not be connected: it reports OPENING,
 * qrcode, CONNECTED … through the hooks as they happen).
 */
export interface SessionDriver {
  readonly channel: ConnectionChannel;
  start(connection: SessionConnection, hooks: SessionHooks, options: SessionStartOptions): Promise<RunningSession>;
  /** Forgets a connection's stored pairing when no session of it runs (a new QR asked while it was down, a deleted connection). */
  forget?(connection: { id: number; companyId: number }): Promise<void>;
}

/** Import progress is recorded at most this often (each report is an event). */
export const IMPORT_PROGRESS_INTERVAL_MS = 1_000;

/** For sessions started without a logger (tests, the sandbox's routes). */
export const silentLogger: SessionLogger = { info: () => {}, warn: () => {}, error: () => {} };
