import {
  connectionStream,
  messageStream,
  ticketChannelOf,
  type Actor,
  type ChannelAccount,
  type CompanySettings,
  type ConnectionChannel,
  type ConnectionStatus,
  type ConnectionView,
  type StoredMedia,
} from '@conversa/contracts';
import {
  connection,
  inboundMessageId,
  loadMessage,
  message,
  receiveMessage,
  runCommand,
  type CommandContext,
  type IdAllocator,
  type ReceivedMessage,
  type ReceiveMessageInput,
} from '@conversa/core';
import type { MediaStore } from '@conversa/media';
import { companySettingsOf } from '@conversa/projections/companies/queries';
import { connectionSecrets, findConnection } from '@conversa/projections/connections/queries';
import { messageIdByProviderId } from '@conversa/projections/messages/queries';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import { inboundContext } from './inbound';
import type { OutboundMessage } from './port';

/** What a session needs from its process: commands, the read models, ids and the media store. */
export type SessionContext = CommandContext & { ids: IdAllocator; db: Kysely<any>; media: MediaStore };

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

/** A state report: what the connections screen shows live (spec 2 §4). Omitted fields keep their value, except qrcode, which empties. */
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
  /** Status, QR code, retries, number (spec 2 §4 session events). Recorded only when something changed. */
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
   * The channel acknowledged one of our messages (1 sent, 2 delivered, 3 or 4 read). `messageId`
   * (Conversa's id, which `send` was given) is used when the driver knows it; otherwise the
   * provider id is looked up. Answers false when no such message is known (yet).
   */
  messageAck(ack: { providerId: string; ack: number; messageId?: string }): Promise<boolean>;
  /** The contact edited a message they sent. False when it is unknown. */
  messageEdited(edit: { providerId: string; body: string; editedAt?: Date | string }): Promise<boolean>;
  /** The contact deleted a message they sent ('this message was deleted by the contact'). False when unknown. */
  messageDeleted(deletion: { providerId: string }): Promise<boolean>;
  /** History import (spec 2 §4): started → progress… → finished. Progress is recorded at most about once a second. */
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

/** One channel's session, running for one connection. */
export interface RunningSession {
  /** Delivers one outbound message; resolves with the provider's id, rejects with a reason. */
  send(message: OutboundMessage): Promise<{ providerId: string }>;
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

export interface SessionHooksOptions {
  /** Called when the session says it ended for good (the manager stops and forgets it). */
  onEnded?: (reason: string) => Promise<void>;
  log?: SessionLogger;
}

const silentLogger: SessionLogger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The hooks of one connection. The session manager gives them to the driver it starts; the
 * sandbox's HTTP routes use the same object, so a sandbox message enters exactly as a real one.
 */
export function createSessionHooks(ctx: SessionContext, target: { id: number; companyId: number; channel: ConnectionChannel }, options: SessionHooksOptions = {}): SessionHooks {
  const { id: connectionId, companyId, channel } = target;
  const actor: Actor = { kind: 'channel', id: connectionId };
  const inbound = inboundContext(ctx);
  const onConnection = (command: Parameters<typeof connection.decide>[1]) =>
    runCommand(ctx, { decider: connection, streamId: connectionStream(connectionId), command, companyId, actor });
  let lastReport: { status: ConnectionStatus; qrcode: string; retries: number } | null = null;
  const pendingImport: { report: ImportProgressReport | null; ticketIds: Set<number>; at: number } = { report: null, ticketIds: new Set(), at: 0 };

  /** A message the contact sent on this connection (edits and deletions concern only those). */
  async function contactMessage(providerId: string): Promise<string | undefined> {
    const inboundId = inboundMessageId(companyId, connectionId, providerId);
    return (await loadMessage(ctx, inboundId)).status !== 'none' ? inboundId : undefined;
  }

  async function flushImport(): Promise<void> {
    const report = pendingImport.report;
    if (!report) return;
    pendingImport.report = null;
    const ticketIds = [...pendingImport.ticketIds];
    pendingImport.ticketIds.clear();
    pendingImport.at = Date.now();
    await onConnection({
      type: 'RecordImportProgress',
      processed: report.processed,
      total: report.total,
      date: report.date === null ? null : new Date(report.date).toISOString(),
      ticketIds,
    });
  }

  return {
    connectionId,
    companyId,
    channel,
    log: options.log ?? silentLogger,
    async report(report) {
      const state = {
        status: report.status,
        qrcode: report.qrcode ?? '',
        retries: report.retries ?? (report.status === 'CONNECTED' ? 0 : lastReport?.retries ?? 0),
      };
      lastReport = state;
      await onConnection({ type: 'RecordSessionState', ...state, ...(report.number !== undefined ? { number: report.number } : {}) });
    },
    async ended(reason) {
      options.log?.warn({ connectionId, reason }, 'session ended');
      await onConnection({ type: 'RecordSessionState', status: 'DISCONNECTED', qrcode: '', retries: lastReport?.retries ?? 0 });
      await onConnection({ type: 'StopSession' });
      await options.onEnded?.(reason);
    },
    receiveMessage(input) {
      return receiveMessage(inbound, { ...input, companyId, whatsappId: connectionId, channel: ticketChannelOf(channel) });
    },
    async messageAck({ providerId, ack, messageId }) {
      const id = messageId ?? (await messageIdByProviderId(ctx.db, companyId, connectionId, providerId));
      if (!id) return false;
      const current = await loadMessage(ctx, id);
      if (current.status === 'none') return false;
      await runCommand(ctx, { decider: message, streamId: messageStream(id), command: { type: 'ChangeMessageAck', ack }, companyId, actor });
      return true;
    },
    async messageEdited({ providerId, body, editedAt }) {
      const id = await contactMessage(providerId);
      if (!id) return false;
      const at = new Date(editedAt ?? ctx.now()).toISOString();
      await runCommand(ctx, { decider: message, streamId: messageStream(id), command: { type: 'RecordContactEdit', body, editedAt: at }, companyId, actor });
      return true;
    },
    async messageDeleted({ providerId }) {
      const id = await contactMessage(providerId);
      if (!id) return false;
      await runCommand(ctx, { decider: message, streamId: messageStream(id), command: { type: 'DeleteMessage', by: 'contact' }, companyId, actor });
      return true;
    },
    async importStarted() {
      pendingImport.report = null;
      pendingImport.ticketIds.clear();
      await onConnection({ type: 'StartImport' });
    },
    async importProgress(progress) {
      pendingImport.report = progress;
      for (const ticketId of progress.ticketIds ?? []) pendingImport.ticketIds.add(ticketId);
      if (Date.now() - pendingImport.at >= IMPORT_PROGRESS_INTERVAL_MS) await flushImport();
    },
    async importFinished() {
      await flushImport();
      await onConnection({ type: 'FinishImport' });
    },
    saveMedia({ data, mime, name }) {
      return ctx.media.save({ companyId, data, declaredMime: mime, originalName: name });
    },
    connection: () => findConnection(ctx.db, connectionId, { companyId }),
    companySettings: () => companySettingsOf(ctx.db, companyId),
  };
}

/** What a driver is started with: the connection's settings and secrets from the read model. */
export async function sessionConnectionOf(db: Kysely<any>, connectionId: number): Promise<SessionConnection | null> {
  const settings = await findConnection(db, connectionId);
  if (!settings) return null;
  const secrets = settings.channel === 'facebook' || settings.channel === 'instagram' || settings.channel === 'whatsappapi' ? await connectionSecrets(db, connectionId) : null;
  return { id: settings.id, companyId: settings.companyId, channel: settings.channel, settings, account: secrets?.account ?? null };
}
