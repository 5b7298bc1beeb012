import {
  comparePositions,
  connectionStream,
  DomainError,
  type ConnectionEvent,
  type Position,
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
  changeTicket,
  connection,
  findOrCreateContact,
  fold,
  inboundMessageId,
  loadMessage,
  message,
  openTicket,
  receiveMessage,
  runCommand,
  type CommandContext,
  type IdAllocator,
  type ReceivedMessage,
  type ReceiveMessageContext,
  type ReceiveMessageInput,
} from '@conversa/core';
import type { MediaStore } from '@conversa/media';
import { companySettingsOf } from '@conversa/projections/companies/queries';
import { connectionSecrets, connectionsToRun, findConnection, type ConnectionToRun } from '@conversa/projections/connections/queries';
import { messageIdByProviderId } from '@conversa/projections/messages/queries';
import type { Bus, BusSubscription } from '@conversa/bus';
import { leaseKey, SCHEMA_DDL_LOCK_KEY } from '@conversa/projector';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { REMOTE_SEND_PATTERN, withMediaReader, type RemoteSendReply, type RemoteSendRequest } from './gateways';
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
  /**
   * The request generation the session was started for. When it ends for good, it stops only that
   * request: one made meanwhile (the account linked, a restart asked while it started) stands.
   */
  generation?: number;
  /**
   * Called when the session says it ended for good (the manager stops and forgets it), with the
   * first request generation that may start it again: the stop it recorded, or the request that
   * superseded it. Until then the session stays down, even while the read model lags behind.
   */
  onEnded?: (reason: string, downBelowGeneration: number) => Promise<void>;
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

  /**
   * Conversa's id of a provider's message on this connection: received ones and ones sent elsewhere
   * have it derived from the provider id; ones Conversa sent learn it from the read model.
   */
  async function knownMessage(providerId: string, derivedOnly: boolean): Promise<string | undefined> {
    const derivedId = inboundMessageId(companyId, connectionId, providerId);
    if ((await loadMessage(ctx, derivedId)).status !== 'none') return derivedId;
    return derivedOnly ? undefined : messageIdByProviderId(ctx.db, companyId, connectionId, providerId);
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
      const startedFor = options.generation;
      const stopped = await onConnection({ type: 'StopSession', ...(startedFor !== undefined ? { ifGeneration: startedFor } : {}) });
      if (startedFor !== undefined && stopped.events.length === 0) {
        // Someone asked for the session again after this one started (a Meta account linked to a
        // connection that started without one): the newer request starts a new session.
        options.log?.warn({ connectionId, reason, generation: startedFor }, 'session ended; a newer session request stands');
        await options.onEnded?.(reason, startedFor + 1);
        return;
      }
      options.log?.warn({ connectionId, reason }, 'session ended');
      await onConnection({ type: 'RecordSessionState', status: 'DISCONNECTED', qrcode: '', retries: lastReport?.retries ?? 0 });
      const generation = stopped.state.status === 'none' ? 0 : stopped.state.session.generation;
      await options.onEnded?.(reason, generation);
    },
    receiveMessage(input) {
      return receiveMessage(inbound, { ...input, companyId, whatsappId: connectionId, channel: ticketChannelOf(channel) });
    },
    recordSentElsewhere: (input) => recordSentElsewhere(inbound, { ...input, companyId, whatsappId: connectionId, channel: ticketChannelOf(channel) }),
    async isRecorded(providerId) {
      return (await knownMessage(providerId, false)) !== undefined;
    },
    async messageAck({ providerId, ack, messageId }) {
      const id = messageId ?? (await messageIdByProviderId(ctx.db, companyId, connectionId, providerId));
      if (!id) return false;
      const current = await loadMessage(ctx, id);
      if (current.status === 'none') return false;
      await runCommand(ctx, { decider: message, streamId: messageStream(id), command: { type: 'ChangeMessageAck', ack }, companyId, actor });
      return true;
    },
    async messageEdited({ providerId, body, editedAt, fromMe = false }) {
      const id = await knownMessage(providerId, !fromMe);
      if (!id) return false;
      const at = new Date(editedAt ?? ctx.now()).toISOString();
      await runCommand(ctx, { decider: message, streamId: messageStream(id), command: { type: 'RecordChannelEdit', body, editedAt: at }, companyId, actor });
      return true;
    },
    async messageDeleted({ providerId, fromMe = false }) {
      const id = await knownMessage(providerId, !fromMe);
      if (!id) return false;
      const current = await loadMessage(ctx, id);
      // The side that wrote it deleted it; a mismatch (our message reported as the contact's) is not ours to record.
      if (current.status === 'none' || current.fromMe !== fromMe) return false;
      // lgpdDeleteMessage as it stands now decides, and the event carries the decision (a rebuild agrees).
      const eraseContent = !fromMe && (await companySettingsOf(ctx.db, companyId)).lgpdDeleteMessage === 'enabled';
      await runCommand(ctx, { decider: message, streamId: messageStream(id), command: { type: 'DeleteMessage', by: fromMe ? 'user' : 'contact', eraseContent }, companyId, actor });
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
      // closedTicketsPostImported: the imported conversations are history, not work waiting.
      if ((await findConnection(ctx.db, connectionId, { companyId }))?.closedTicketsPostImported) {
        await closeImportedTickets(ctx, { connectionId, companyId, actor, userId: null });
      }
    },
    saveMedia({ data, mime, name }) {
      return ctx.media.save({ companyId, data, declaredMime: mime, originalName: name });
    },
    connection: () => findConnection(ctx.db, connectionId, { companyId }),
    companySettings: () => companySettingsOf(ctx.db, companyId),
  };
}

/**
 * A message the connection's own account wrote outside Conversa: the contact and ticket as for an
 * inbound message, then one append of MessageQueued + MessageSent (the sender never sends it).
 */
async function recordSentElsewhere(ctx: ReceiveMessageContext, input: ReceiveMessageInput): Promise<ReceivedMessage> {
  const { companyId, whatsappId, channel } = input;
  const messageId = inboundMessageId(companyId, whatsappId, input.providerId);
  const earlier = await loadMessage(ctx, messageId);
  if (earlier.status !== 'none') return { messageId, ticketId: earlier.ticketId, contactId: earlier.contactId, duplicate: true, position: null };
  const actor: Actor = { kind: 'channel', id: whatsappId ?? channel };
  const { contactId } = await findOrCreateContact(ctx, {
    companyId,
    actor,
    number: input.contact.number,
    name: input.contact.name,
    channel,
    isGroup: input.contact.isGroup,
    profilePicUrl: input.contact.profilePicUrl ?? null,
    verifiedByChannel: true,
  });
  const { ticketId, queueId } = await openTicket(ctx, {
    companyId,
    actor,
    contactId,
    whatsappId,
    channel,
    isGroup: input.contact.isGroup,
    reuseOpen: true,
    ...(input.ticketStatus === 'group' ? { status: 'open' as const } : {}),
  });
  const quotedMessageId = input.quotedProviderId
    ? ((await loadMessage(ctx, inboundMessageId(companyId, whatsappId, input.quotedProviderId))).status !== 'none'
        ? inboundMessageId(companyId, whatsappId, input.quotedProviderId)
        : ((await ctx.messageIdByProviderId?.(companyId, whatsappId, input.quotedProviderId)) ?? null))
    : null;
  const result = await runCommand(ctx, {
    decider: message,
    streamId: messageStream(messageId),
    command: {
      type: 'RecordSentElsewhere',
      providerId: input.providerId,
      sentAt: new Date(input.receivedAt).toISOString(),
      message: {
        messageId,
        ticketId,
        contactId,
        whatsappId,
        queueId,
        body: input.body,
        mediaType: input.mediaType,
        media: input.media ?? null,
        location: input.location ?? null,
        quotedMessageId,
        userId: null,
        isPrivate: false,
        isForwarded: false,
      },
    },
    companyId,
    actor,
  });
  if (result.events.length === 0) return { messageId, ticketId, contactId, duplicate: true, position: null };
  return { messageId, ticketId, contactId, duplicate: false, position: result.position };
}

/** What a driver is started with: the connection's settings and secrets from the read model. */
export async function sessionConnectionOf(db: Kysely<any>, connectionId: number): Promise<SessionConnection | null> {
  const settings = await findConnection(db, connectionId);
  if (!settings) return null;
  const secrets = settings.channel === 'facebook' || settings.channel === 'instagram' || settings.channel === 'whatsappapi' ? await connectionSecrets(db, connectionId) : null;
  return { id: settings.id, companyId: settings.companyId, channel: settings.channel, settings, account: secrets?.account ?? null };
}

export interface SessionManagerOptions {
  ctx: SessionContext;
  drivers: readonly SessionDriver[];
  /** Postgres where the per-connection leases (advisory locks) are held. */
  connectionString: string;
  /** Connection frames (`company.*.whatsapp`) wake the manager at once; without a bus it only polls. */
  bus?: Bus;
  log?: SessionLogger;
  /** How often the manager looks for connections nobody runs (a process died, a lease freed). Default 10 s. */
  reconcileIntervalMs?: number;
}

export interface SessionManager {
  /** Connects the lease connection and starts reconciling; resolves after the first pass. */
  start(): Promise<void>;
  /** Stops every session this process runs (keeping their pairing) and frees their leases. */
  stop(): Promise<void>;
  /** The running session of a connection, when this process owns it. */
  session(connectionId: number): RunningSession | undefined;
  /** Whether this process holds the connection's lease. */
  owns(connectionId: number): boolean;
  /** Connections whose session this process runs now. */
  owned(): number[];
  /** One pass: start what should run and nobody runs, act on new requests, stop what should not run. */
  reconcile(): Promise<void>;
}

/** Leases of sessions are advisory locks named after the connection, on the manager's own connection. */
export const sessionLeaseKey = (connectionId: number): string => leaseKey(`session:${connectionId}`).toString();

interface Owned {
  channel: ConnectionChannel;
  companyId: number;
  /** The request generation this process has acted on. */
  generation: number;
  running: RunningSession | null;
  /** Counts launches: an end reported by an earlier session of the connection leaves a later one running. */
  launches: number;
}

/**
 * Owns the running sessions of this process (DESIGN.md "Processes": one WhatsApp session is
 * singleton work held by a lease). Every connection whose session should run is started by exactly
 * one manager across processes: the one holding the Postgres advisory lock `session:<id>`, all held
 * on one dedicated connection, so a dead process frees its sessions for the others at once. Level
 * triggered: each pass compares what should run (read.connections) with what runs here, so a missed
 * frame only delays a change until the next poll. The generation acted on is kept in
 * `channels.session_generations`, so a process taking over does not repeat a 'new QR'.
 */
export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { ctx, log = silentLogger } = options;
  const drivers = new Map(options.drivers.map((driver) => [driver.channel, driver]));
  const owned = new Map<number, Owned>();
  /** Sessions that ended for good, with their stop's generation: the read model may not show the stop yet. */
  const ended = new Map<number, number>();
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let subscriptions: BusSubscription[] = [];
  let stopped = true;
  let pass: Promise<void> | null = null;
  let again = false;

  async function connectLeases(): Promise<pg.Client> {
    if (client) return client;
    // Pipelined: stopping gives several sessions' leases back at once, all on this one connection.
    const next = new pg.Client({ connectionString: options.connectionString, application_name: 'conversa-sessions', keepAlive: true, keepAliveInitialDelayMillis: 10_000, pipeline: true });
    const lost = (error: Error) => {
      if (client !== next) return;
      client = null;
      log.error({ err: error }, 'sessions: lease connection lost; stopping every session of this process');
      // Postgres freed the locks with the connection: another process may start these sessions now.
      const sessions = [...owned.values()];
      owned.clear();
      void Promise.all(sessions.map((entry) => entry.running?.stop().catch(() => {})));
    };
    next.on('error', lost);
    next.on('end', () => lost(new Error('lease connection ended')));
    try {
      await next.connect();
      // Two managers starting at once (or the other creators of schema channels) would race on
      // `create … if not exists` in Postgres' catalog: the DDL runs under the schema lock.
      await next.query(`begin;
        select pg_advisory_xact_lock(${SCHEMA_DDL_LOCK_KEY.toString()});
        create schema if not exists channels;
        create table if not exists channels.session_generations (connection_id integer primary key, generation integer not null, updated_at timestamptz not null default now());
        comment on table channels.session_generations is 'The last session request (start, new QR, restart) a session manager acted on, per connection';
        commit;`);
    } catch (error) {
      // A failed statement leaves the transaction open, holding the DDL lock every other manager
      // waits on: closing the connection rolls it back.
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    return next;
  }

  async function tryLock(connectionId: number): Promise<boolean> {
    const leases = await connectLeases();
    const { rows } = await leases.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [sessionLeaseKey(connectionId)]);
    return rows[0]?.locked === true;
  }

  async function unlock(connectionId: number): Promise<void> {
    await client?.query('select pg_advisory_unlock($1::bigint)', [sessionLeaseKey(connectionId)]).catch(() => {});
  }

  async function actedGeneration(connectionId: number): Promise<number> {
    const leases = await connectLeases();
    const { rows } = await leases.query<{ generation: number }>('select generation from channels.session_generations where connection_id = $1', [connectionId]);
    return rows[0]?.generation ?? 0;
  }

  async function recordGeneration(connectionId: number, generation: number): Promise<void> {
    const leases = await connectLeases();
    await leases.query(
      `insert into channels.session_generations (connection_id, generation) values ($1, $2)
       on conflict (connection_id) do update set generation = excluded.generation, updated_at = now()`,
      [connectionId, generation],
    );
  }

  async function launch(target: ConnectionToRun, entry: Owned, fresh: boolean): Promise<void> {
    const driver = drivers.get(target.channel)!;
    const connectionOf = await sessionConnectionOf(ctx.db, target.id);
    if (!connectionOf) {
      log.warn({ connectionId: target.id }, 'sessions: the connection is not in the read model yet; starting it on a later pass');
      return;
    }
    entry.launches += 1;
    const attempt = entry.launches;
    const current = () => owned.get(target.id) === entry && entry.launches === attempt;
    const hooks = createSessionHooks(ctx, target, {
      log,
      generation: target.generation,
      onEnded: async (_reason, downBelowGeneration) => {
        // A session replaced since (restart, new QR) ending is no news about the one running now.
        if (owned.get(target.id) === entry && entry.launches !== attempt) return;
        // Ended for good (logged out on the phone): it stays down until someone starts it again.
        ended.set(target.id, downBelowGeneration);
        if (!current()) return;
        const running = entry.running;
        owned.delete(target.id);
        await running?.stop().catch((error) => log.warn({ err: error, connectionId: target.id }, 'sessions: stopping an ended session failed'));
        await unlock(target.id);
      },
    });
    const running = await driver.start(connectionOf, hooks, { fresh });
    if (current()) {
      entry.running = running;
      return;
    }
    // It ended while it started (no account linked, the pairing refused): the end freed its lease already.
    log.warn({ connectionId: target.id, generation: target.generation }, 'sessions: the session ended while it started');
    await running.stop().catch((error) => log.warn({ err: error, connectionId: target.id }, 'sessions: stopping an ended session failed'));
  }

  async function release(connectionId: number, entry: Owned, how: 'stop' | 'logout'): Promise<void> {
    owned.delete(connectionId);
    try {
      if (entry.running) await (how === 'logout' ? entry.running.logout() : entry.running.stop());
      else if (how === 'logout') await drivers.get(entry.channel)?.forget?.({ id: connectionId, companyId: entry.companyId });
    } catch (error) {
      log.warn({ err: error, connectionId }, `sessions: ${how} failed`);
    } finally {
      await unlock(connectionId);
    }
  }

  async function act(target: ConnectionToRun): Promise<void> {
    const stoppedAt = ended.get(target.id);
    if (stoppedAt !== undefined) {
      if (target.generation < stoppedAt) return;
      ended.delete(target.id);
    }
    let entry = owned.get(target.id);
    if (!entry) {
      if (!(await tryLock(target.id))) return;
      entry = { channel: target.channel, companyId: target.companyId, generation: await actedGeneration(target.id), running: null, launches: 0 };
      owned.set(target.id, entry);
    } else if (entry.running && target.generation <= entry.generation) {
      return;
    }
    const news = target.generation > entry.generation;
    const fresh = news && target.request === 'renew';
    try {
      if (entry.running) {
        const running = entry.running;
        entry.running = null;
        await (fresh ? running.logout() : running.stop());
      }
      await launch(target, entry, fresh);
      // Recorded only under the lease: a session that ended while it started freed it for others.
      if (news && owned.get(target.id) === entry) {
        entry.generation = target.generation;
        await recordGeneration(target.id, target.generation);
      }
    } catch (error) {
      // Try again on a later pass; meanwhile another process may take it.
      log.error({ err: error, connectionId: target.id }, 'sessions: could not start the session');
      if (owned.get(target.id) === entry) {
        owned.delete(target.id);
        await entry.running?.stop().catch(() => {});
        await unlock(target.id);
      }
    }
  }

  async function reconcileOnce(): Promise<void> {
    const targets = await connectionsToRun(ctx.db, { channels: [...drivers.keys()] });
    const wanted = new Set(targets.map((target) => target.id));
    for (const [connectionId, entry] of [...owned]) {
      // Disconnected or deleted: unlink the device, so it does not keep receiving for nobody.
      if (!wanted.has(connectionId)) await release(connectionId, entry, 'logout');
    }
    for (const target of targets) {
      if (stopped) return;
      await act(target);
    }
  }

  function reconcile(): Promise<void> {
    if (pass) {
      again = true;
      return pass;
    }
    pass = (async () => {
      try {
        do {
          again = false;
          await reconcileOnce();
        } while (again && !stopped);
      } finally {
        pass = null;
      }
    })();
    return pass;
  }

  const reconcileQuietly = () =>
    reconcile().catch((error) => {
      log.error({ err: error }, 'sessions: reconcile failed');
    });

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      await connectLeases();
      const bus = options.bus;
      if (bus) {
        subscriptions.push(await bus.subscribe('company.*.whatsapp', () => void reconcileQuietly()));
        // Sends from a sender running in another process, for the sessions this one runs.
        subscriptions.push(
          await bus.subscribe(REMOTE_SEND_PATTERN, ({ data }) => {
            const request = data as RemoteSendRequest;
            const connectionId = request.amendment?.whatsappId ?? request.message?.whatsappId;
            const running = typeof connectionId === 'number' ? owned.get(connectionId)?.running : undefined;
            if (!running) return;
            const work = request.amendment
              ? (running.amend ? running.amend(request.amendment) : Promise.resolve()).then(() => ({ providerId: request.amendment!.providerId }))
              : running.send(withMediaReader(request.message!, ctx.media));
            void work
              .then(
                ({ providerId }): RemoteSendReply => ({ requestId: request.requestId, providerId }),
                (error): RemoteSendReply => ({ requestId: request.requestId, error: error instanceof Error ? error.message || error.name : String(error) }),
              )
              .then((reply) => bus.publish(request.replyTo, reply))
              .catch((error) => log.error({ err: error, connectionId }, 'sessions: answering a send from another process failed'));
          }),
        );
      }
      timer = setInterval(() => void reconcileQuietly(), options.reconcileIntervalMs ?? 10_000);
      timer.unref();
      await reconcileQuietly();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.all(subscriptions.map((subscription) => subscription.unsubscribe()));
      subscriptions = [];
      await pass?.catch(() => {});
      await Promise.all([...owned].map(([connectionId, entry]) => release(connectionId, entry, 'stop')));
      const leases = client;
      client = null;
      await leases?.end().catch(() => {});
    },
    session: (connectionId) => owned.get(connectionId)?.running ?? undefined,
    owns: (connectionId) => owned.has(connectionId),
    owned: () => [...owned.keys()],
    reconcile,
  };
}

/**
 * Closes the tickets a finished history import wrote to (POST /closedimported/:id, or at once when
 * the connection's closedTicketsPostImported is on) and records it, so the button goes away.
 * Tickets an attendant already closed or took elsewhere are left as they are.
 */
export async function closeImportedTickets(ctx: CommandContext, input: { connectionId: number; companyId: number; actor: Actor; userId: number | null }): Promise<{ closed: number; position: Position | null }> {
  const { connectionId, companyId, actor } = input;
  const state = fold(connection, (await ctx.store.readStream(connectionStream(connectionId))) as unknown as ConnectionEvent[]);
  if (state.status !== 'active' || state.companyId !== companyId) throw new DomainError('ERR_NO_WAPP_FOUND');
  const closedIds: number[] = [];
  let last: Position | null = null;
  const ticketIds = [...state.import.ticketIds];
  // A few at a time: an import may have opened thousands of tickets.
  for (let index = 0; index < ticketIds.length; index += 8) {
    const results = await Promise.all(
      ticketIds.slice(index, index + 8).map(async (ticketId) => {
        try {
          const result = await changeTicket(ctx, { companyId, actor, ticketId, command: { type: 'CloseTicket', userId: input.userId, farewell: false, reason: 'closeAll' } });
          return { ticketId, result };
        } catch (error) {
          if (error instanceof DomainError && error.code === 'ERR_NO_TICKET_FOUND') return { ticketId, result: null };
          throw error;
        }
      }),
    );
    for (const { ticketId, result } of results) {
      if (!result || result.events.length === 0) continue;
      closedIds.push(ticketId);
      if (result.position && (!last || comparePositions(result.position, last) > 0)) last = result.position;
    }
  }
  const recorded = await runCommand(ctx, { decider: connection, streamId: connectionStream(connectionId), command: { type: 'CloseImportedTickets', ticketIds: closedIds }, companyId, actor });
  if (recorded.position && (!last || comparePositions(recorded.position, last) > 0)) last = recorded.position;
  return { closed: closedIds.length, position: last };
}
