import type { Bus, BusSubscription } from '@conversa/bus';
import type { ConnectionChannel } from '@conversa/contracts';
import { connectionSecrets, connectionsToRun, findConnection, type ConnectionToRun } from '@conversa/projections/connections/queries';
import { leaseKey, SCHEMA_DDL_LOCK_KEY } from '@conversa/platform';
import { openAccount, type SecretBox } from '@conversa/core';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';
import pg from 'pg';
import { assignedMember, joinMembers, liveMembers } from './members';
import { serveRemoteSends } from './remote-send';
import { createSessionHooks } from './session-hooks';
import { silentLogger, type RunningSession, type SessionConnection, type SessionContext, type SessionDriver, type SessionLogger } from './session-port';

/** What a driver is started with: the connection's settings and secrets from the read model. */
export async function sessionConnectionOf(ctx: { db: Kysely<ReadDatabase>; secrets: SecretBox }, connectionId: number): Promise<SessionConnection | null> {
  const { db } = ctx;
  const settings = await findConnection(db, connectionId);
  if (!settings) return null;
  const secrets =
    settings.channel === 'facebook' || settings.channel === 'instagram' || settings.channel === 'whatsappapi'
      ? await connectionSecrets(db, connectionId)
      : null;
  // The tokens are stored sealed: the driver calls the Graph API with them opened.
  return {
    id: settings.id,
    companyId: settings.companyId,
    channel: settings.channel,
    settings,
    account: secrets ? openAccount(ctx.secrets, secrets.account) : null,
  };
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
  /** How long a send from another process waits for a session this process holds but is still starting. Default 0. */
  startingWaitMs?: number;
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
  /** This process's member slot among the running managers (undefined until started). */
  member(): number | undefined;
  /** One pass: start what should run and nobody runs, act on new requests, stop what should not run. */
  reconcile(): Promise<void>;
}

/** Leases of sessions are advisory locks named after the connection, on the manager's own connection. */
export const sessionLeaseKey = (connectionId: number): string => leaseKey(`session:${connectionId}`).toString();

/** Subject on which a manager that joined (or handed connections over) wakes the others. */
const MEMBERS_SUBJECT = 'sessions.members';

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
 * Owns the running sessions of this process (docs/ARCHITECTURE.md "Processes and roles": one WhatsApp session is
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
  /** This manager's member slot, held on the lease connection (see members.ts). */
  let slot: number | undefined;
  let lastMembers = '';

  async function connectLeases(): Promise<pg.Client> {
    if (client) return client;
    // Pipelined: stopping gives several sessions' leases back at once, all on this one connection.
    // Named with the process id, so an operator (and the cluster test) can tell which process runs a connection.
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: `conversa-sessions:${process.pid}`,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      pipeline: true,
    });
    const lost = (error: Error) => {
      if (client !== next) return;
      client = null;
      slot = undefined;
      log.error({ err: error }, 'sessions: lease connection lost; stopping every session of this process');
      // Postgres freed the locks with the connection: another process may start these sessions now.
      const sessions = [...owned.values()];
      owned.clear();
      void Promise.all(sessions.map(async (entry) => entry.running?.stop().catch(() => {})));
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
    slot = await joinMembers(next);
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
    const connectionOf = await sessionConnectionOf(ctx, target.id);
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
    const leases = await connectLeases();
    // Each connection belongs to one live member (rendezvous hashing): only its member tries its lock,
    // and a dead member's connections fall to the survivors, spread among them.
    const members = await liveMembers(leases);
    const mine = (connectionId: number) => slot !== undefined && assignedMember(connectionId, members) === slot;
    let handedOver = 0;
    for (const [connectionId, entry] of [...owned]) {
      // Disconnected or deleted: unlink the device, so it does not keep receiving for nobody.
      if (!wanted.has(connectionId)) await release(connectionId, entry, 'logout');
      // Another member joined and the connection is now its: stop it here (keeping the pairing) for that member to start.
      else if (!mine(connectionId)) {
        await release(connectionId, entry, 'stop');
        handedOver++;
      }
    }
    const seen = members.join(',');
    if (seen !== lastMembers) {
      lastMembers = seen;
      log.info({ members: members.length, slot, handedOver }, `sessions: ${members.length} member(s) running sessions; this one is member ${slot}`);
    }
    if (handedOver > 0) void options.bus?.publish(MEMBERS_SUBJECT, { slot }).catch(() => {});
    for (const target of targets) {
      if (stopped) return;
      if (owned.has(target.id) || mine(target.id)) await act(target);
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
        // A member joined or handed connections over: look at the assignment again now, not at the next interval.
        subscriptions.push(await bus.subscribe(MEMBERS_SUBJECT, ({ data }) => (data as { slot?: number }).slot !== slot && void reconcileQuietly()));
        // Sends from a sender running in another process, for the sessions this one runs.
        subscriptions.push(
          await serveRemoteSends({
            bus,
            sessionOf: (connectionId) => owned.get(connectionId)?.running,
            owns: (connectionId) => owned.has(connectionId),
            startingWaitMs: options.startingWaitMs ?? 0,
            media: ctx.media,
            log,
          }),
        );
        void bus.publish(MEMBERS_SUBJECT, { slot }).catch(() => {});
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
    member: () => slot,
    reconcile,
  };
}
