import type { Bus } from '@conversa/bus';
import { contactStream, type RecordedProductEvent } from '@conversa/contracts';
import { contact, foldStream, loadMessage, type CommandContext } from '@conversa/core';
import { defineReactor, type Projector } from '@conversa/platform';
import { findConnection } from '@conversa/projections/connections/queries';
import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';
import type { ChannelGateway, OutboundMessage } from './port';
import { createRemoteSender, NO_CHANNEL_CONNECTED, type OwnerCheck, type RemoteSendRequest } from './remote-send';

/** How often a send handed to another process looks whether that process still holds the connection. */
const OWNER_CHECK_MS = 500;
import type { OutboundAmendment, RunningSession, SessionLogger } from './session-port';

/** Where the gateway finds the running session of a connection (the session manager of this process). */
export interface SessionDirectory {
  session(connectionId: number): RunningSession | undefined;
  /** Whether this process holds the connection's lease (its session may still be starting). */
  owns(connectionId: number): boolean;
}

/** The Postgres backend holding the session lease of a connection (which process runs it), or null. */
export async function sessionLeaseHolder(db: Kysely<ReadDatabase>, leaseKey: string): Promise<number | null> {
  const unsigned = BigInt.asUintN(64, BigInt(leaseKey));
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_locks
    where locktype = 'advisory' and granted and objsubid = 1
      and classid = ${(unsigned >> 32n).toString()}::oid and objid = ${(unsigned & 0xffffffffn).toString()}::oid
      and database = (select oid from pg_database where datname = current_database())
    limit 1`.execute(db);
  return rows[0]?.pid ?? null;
}

export interface SessionGatewayOptions {
  directory: SessionDirectory;
  /** Sends to sessions of other processes travel over the bus; without one only local sessions send. */
  bus?: Bus;
  /** Where the session leases are looked up (which connections some process runs). */
  db?: Kysely<ReadDatabase>;
  leaseKeyOf?: (connectionId: number) => string;
  /** How long a send to another process may take before it fails. Default 30 s. */
  remoteTimeoutMs?: number;
  /**
   * A connection that should be running (CONNECTED in the read model) whose lease nobody holds has
   * lost its process (kill -9, a crash): a standby takes it over on its next pass. A send waits this
   * long for that before failing with 'no channel connected'. Default 0: fail at once.
   */
  takeoverWaitMs?: number;
}

/**
 * The sender reactor's channel gateway: each message goes out through the running session of its
 * connection. In this process it calls the session directly; when another process holds the
 * connection's lease it asks that process over the bus. A message without a connection, or whose
 * connection no process runs, fails at once with 'no channel connected' (recorded as
 * MessageSendFailed, the product's ERR_SENDING_WAPP_MSG).
 */
export interface SessionGateway extends ChannelGateway {
  /** Edits or deletes on the channel a message its connection sent (where the session runs, here or elsewhere). */
  amend(amendment: OutboundAmendment): Promise<void>;
  /**
   * Which numbers have an account on the connection's channel, asked of its session in this process;
   * null when it runs elsewhere or its channel cannot tell (the validity stays unknown).
   */
  checkNumbers(connectionId: number, numbers: readonly string[]): Promise<Array<{ number: string; valid: boolean }> | null>;
  close(): Promise<void>;
}

export function createSessionGateway(options: SessionGatewayOptions): SessionGateway {
  const { directory, bus, db, leaseKeyOf } = options;
  const remote = bus ? createRemoteSender({ bus, timeoutMs: options.remoteTimeoutMs }) : null;

  /** The backend holding the connection's lease, waiting (bounded) for a takeover when its owner died; null: nobody runs it. */
  async function holderOf(connectionId: number): Promise<number | null> {
    if (!db || !leaseKeyOf) return null;
    const key = leaseKeyOf(connectionId);
    const holder = await sessionLeaseHolder(db, key);
    if (holder !== null) return holder;
    const waitMs = options.takeoverWaitMs ?? 0;
    if (waitMs <= 0 || (await findConnection(db, connectionId))?.status !== 'CONNECTED') return null;
    const until = Date.now() + waitMs;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const next = await sessionLeaseHolder(db, key);
      if (next !== null) return next;
    }
    return null;
  }

  /**
   * The connection's session in this process. One it holds but has not started yet (it has just taken the connection
   * over) is waited for as long as a send waits for another process's takeover, instead of failing the message at once.
   */
  async function sessionHere(connectionId: number): Promise<RunningSession | undefined> {
    const until = Date.now() + (options.takeoverWaitMs ?? 0);
    while (directory.owns(connectionId)) {
      const session = directory.session(connectionId);
      if (session || Date.now() >= until) return session;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return directory.session(connectionId);
  }

  async function sendElsewhere(connectionId: number, payload: Pick<RemoteSendRequest, 'message' | 'amendment'>): Promise<{ providerId: string }> {
    let holder = remote ? await holderOf(connectionId) : null;
    if (!remote || holder === null) throw new Error(NO_CHANNEL_CONNECTED);
    // Unanswered for a while: if the owner died, hand the request to whoever holds the connection next.
    const key = leaseKeyOf!(connectionId);
    const check: OwnerCheck = async () => {
      const now = await sessionLeaseHolder(db!, key);
      if (now === null) return 'gone';
      if (now === holder) return 'same';
      holder = now;
      return 'moved';
    };
    return remote.request(connectionId, payload, {
      owner: { check, everyMs: OWNER_CHECK_MS, goneForMs: Math.max(options.takeoverWaitMs ?? 0, OWNER_CHECK_MS) },
    });
  }

  return {
    async send(message: OutboundMessage) {
      if (message.whatsappId === null) throw new Error(NO_CHANNEL_CONNECTED);
      const session = await sessionHere(message.whatsappId);
      if (session) return session.send(message);
      // Held here but not running after the wait (failed to start): nobody can send it now.
      if (directory.owns(message.whatsappId)) throw new Error(NO_CHANNEL_CONNECTED);
      const { media, ...rest } = message;
      return sendElsewhere(message.whatsappId, {
        message: { ...rest, media: media && { url: media.url, name: media.name, mime: media.mime, size: media.size } },
      });
    },
    async checkNumbers(connectionId, numbers) {
      const session = directory.session(connectionId);
      return session?.checkNumbers ? session.checkNumbers(numbers) : null;
    },
    async amend(amendment) {
      const session = await sessionHere(amendment.whatsappId);
      if (session) return session.amend?.(amendment);
      if (directory.owns(amendment.whatsappId)) throw new Error(NO_CHANNEL_CONNECTED);
      await sendElsewhere(amendment.whatsappId, { amendment });
    },
    async close() {
      await remote?.close();
    },
  };
}

/**
 * Edits and deletions an attendant makes to messages already sent go to the channel too (WhatsApp
 * edits or deletes for everyone). Only what a user did: changes the channel itself reported
 * (actor kind `channel`) came from there. A message not yet sent has nothing to amend; a channel
 * that refuses is logged, and the change stays in Conversa.
 */
export function createAmendmentReactor(options: { ctx: CommandContext; gateway: Pick<SessionGateway, 'amend'>; log?: SessionLogger }): Projector {
  const { ctx, gateway, log } = options;
  async function amend(event: RecordedProductEvent<'MessageEdited' | 'MessageDeleted'>): Promise<void> {
    if (event.metadata.actor.kind === 'channel') return;
    const { data } = event;
    if (event.type === 'MessageDeleted' && event.data.by !== 'user') return;
    const current = await loadMessage(ctx, data.messageId);
    if (current.status === 'none' || !current.fromMe || current.isPrivate || current.providerId === null || current.whatsappId === null) return;
    const recipient = foldStream(contact, await ctx.store.readStream(contactStream(current.contactId)));
    if (recipient.status === 'none' || recipient.status === 'erased') return;
    try {
      await gateway.amend({
        kind: event.type === 'MessageDeleted' ? 'delete' : 'edit',
        companyId: event.metadata.companyId,
        whatsappId: current.whatsappId,
        contact: { number: recipient.details.number, isGroup: recipient.isGroup },
        messageId: current.messageId,
        providerId: current.providerId,
        body: event.type === 'MessageEdited' ? event.data.body : current.body,
      });
    } catch (error) {
      log?.warn({ err: error, messageId: data.messageId, correlationId: event.metadata.correlationId }, 'the channel did not take an edit or deletion');
    }
  }
  return defineReactor({
    name: 'channel-amendments',
    eventTypes: ['MessageEdited', 'MessageDeleted'],
    async react(events) {
      for (const event of events) await amend(event);
    },
  });
}
