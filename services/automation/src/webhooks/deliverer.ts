import { streams, WEBHOOK_PAUSE_AFTER_MS, type Actor } from '@conversa/contracts';
import { runCommand, signStandardWebhook, signWebhook, webhook, type CommandContext, type SecretBox } from '@conversa/core';
import type { ReadDatabase } from '@conversa/projections/database';
import { dueDeliveryHeads, type DeliveryHead as Head } from '@conversa/projections/webhooks/queries';
import { createLeasedWorker, type JobLogger, type LeasedWorkerProgress } from '@conversa/platform';
import { sql, type Kysely } from 'kysely';
import type { WebhookPoster } from './post';

/** About 5 s, 30 s, 2 min, 10 min, 1 h; then every 2 h until a day has passed since the first attempt. */
export const WEBHOOK_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000];
export const WEBHOOK_REPEAT_MS = 2 * 3_600_000;

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed';

export interface WebhookDelivererOptions {
  db: Kysely<ReadDatabase>;
  /** Where the endpoint's flag is recorded when a delivery gives up. */
  ctx: CommandContext;
  secrets: SecretBox;
  connectionString: string;
  post: WebhookPoster;
  now(): Date;
  backoffMs?: readonly number[];
  repeatMs?: number;
  /** How long retries go on after a delivery's first attempt (default 24 h). */
  giveUpAfterMs?: number;
  /** How long an endpoint may fail without a 2xx before it is paused (default WEBHOOK_PAUSE_AFTER_MS, 3 days). */
  pauseAfterMs?: number;
  /** How long one POST may take (default 10 s). */
  timeoutMs?: number;
  /** Endpoints served at once; each endpoint has at most one POST in flight, so its order holds (default 16). */
  concurrency?: number;
  /** How often the queue is looked at when nothing wakes it (default 1 s). */
  pollMs?: number;
  /** Every failed attempt is one warning here (no secret, no body): pass a child named `webhooks`. */
  logger?: JobLogger;
  /** Called after each attempt (metrics). */
  onAttempt?(outcome: DeliveryOutcome, seconds: number): void;
}

export interface WebhookDeliverer {
  /** Waits for the lease in the background, then delivers until stopped or the lease is lost. */
  start(): void;
  stop(): Promise<void>;
  /** Something was queued: look now. */
  wake(): void;
  whenLeading(): Promise<void>;
  /** The leased worker's state, passes and last error (operators, tests). */
  progress(): LeasedWorkerProgress;
  /** Deliveries waiting (metrics). */
  pending(): Promise<number>;
}

const deliverer: Actor = { kind: 'system', id: 'webhooks' };

/**
 * The second half of the deliverer (docs/webhooks.md): a leased worker (the runtime's primitive) that takes the head of each
 * endpoint's queue when it is due and POSTs it signed. At least once: a delivery stays pending
 * until a 2xx is recorded, so a process killed mid-POST leaves it for the next lease holder.
 * Endpoints run side by side (bounded), one POST in flight each, so a slow or dead endpoint holds
 * only its own queue.
 */
export function createWebhookDeliverer(options: WebhookDelivererOptions): WebhookDeliverer {
  const { db, logger } = options;
  const backoff = options.backoffMs ?? WEBHOOK_BACKOFF_MS;
  const repeatMs = options.repeatMs ?? WEBHOOK_REPEAT_MS;
  const giveUpAfterMs = options.giveUpAfterMs ?? 24 * 3_600_000;
  const pauseAfterMs = options.pauseAfterMs ?? WEBHOOK_PAUSE_AFTER_MS;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const concurrency = Math.max(1, options.concurrency ?? 16);
  const pollMs = options.pollMs ?? 1_000;
  const inflight = new Map<number, Promise<void>>();
  /** Ends the running pass's rest early (an attempt ended, something was queued). */
  let wakeUp: (() => void) | null = null;
  /** Set by what would end a rest that has not begun yet (an attempt ending while the heads are read). */
  let woken = false;
  const nudge = () => {
    woken = true;
    wakeUp?.();
  };

  // The runtime's leased worker holds the lease, the interval and the wake-ups; a pass drains what is due.
  const worker = createLeasedWorker({
    connectionString: options.connectionString,
    lease: 'webhook-deliverer',
    name: 'webhooks.deliverer',
    everyMs: pollMs,
    logger,
    pass: ({ signal }) => drain(signal),
  });

  const wake = () => {
    nudge();
    worker.wake();
  };

  // The head of each endpoint's queue that is due, none of those in flight (projections/webhooks/queries.ts).
  const heads = (): Promise<Head[]> => dueDeliveryHeads(db, { now: options.now(), busy: [...inflight.keys()], limit: concurrency - inflight.size });

  async function attempt(head: Head): Promise<void> {
    if (head.deleted || !head.active) {
      await db
        .updateTable('webhooks.deliveries')
        .set({ status: 'failed', next_attempt_at: null, error: head.deleted ? 'endpoint deleted' : 'endpoint switched off' })
        .where('id', '=', head.id)
        .where('status', '=', 'pending')
        .execute();
      return;
    }
    const started = performance.now();
    const timestamp = Math.floor(options.now().getTime() / 1000);
    let result;
    try {
      const secret = options.secrets.open(head.secret);
      result = await options.post(
        head.url,
        head.body,
        {
          // Standard Webhooks (standardwebhooks.com): the delivery id, the attempt's unix seconds, `v1,<base64>` over id.timestamp.body.
          'webhook-id': head.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signStandardWebhook(secret, head.id, timestamp, head.body),
          'X-Conversa-Event': head.event,
          // The headers receivers written before the Standard Webhooks ones verify (docs/webhooks.md: kept as they were).
          'X-Conversa-Delivery': head.id,
          'X-Conversa-Timestamp': String(timestamp),
          'X-Conversa-Signature': signWebhook(secret, timestamp, head.body),
          ...(head.correlation_id ? { 'X-Conversa-Correlation': head.correlation_id } : {}),
        },
        { timeoutMs },
      );
    } catch (error) {
      result = { status: null, body: null, error: error instanceof Error ? error.message : String(error) };
    }
    const at = options.now();
    const attempts = head.attempts + 1;
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    // The retry window opens at the first attempt: a delivery waiting behind a failing head keeps its whole day.
    const deadline = head.attempts === 0 ? new Date(at.getTime() + giveUpAfterMs) : new Date(head.deadline_at);
    const givesUp = !ok && at.getTime() >= deadline.getTime();
    const outcome: DeliveryOutcome = ok ? 'delivered' : givesUp ? 'failed' : 'retry';
    const next = outcome === 'retry' ? new Date(at.getTime() + (backoff[attempts - 1] ?? repeatMs)) : null;
    await db
      .updateTable('webhooks.deliveries')
      .set({
        status: outcome === 'retry' ? 'pending' : outcome,
        attempts,
        response_status: result.status,
        response_body: result.body,
        error: result.error?.slice(0, 2000) ?? null,
        last_attempt_at: at,
        next_attempt_at: next,
        deadline_at: deadline,
      })
      .where('id', '=', head.id)
      .execute();
    options.onAttempt?.(outcome, (performance.now() - started) / 1000);
    if (ok) {
      // A streak to end only when there is one: the healthy path costs no extra round trip.
      if (head.failing_since !== null) await db.deleteFrom('webhooks.failing').where('webhook_id', '=', head.webhook_id).execute();
      return;
    }
    const reason = (result.status !== null ? `HTTP ${result.status}` : (result.error ?? 'no answer')).slice(0, 2000);
    // One JSON line per failed attempt; never the secret, the body or the answer.
    logger?.warn(
      {
        webhookId: head.webhook_id,
        deliveryId: head.id,
        event: head.event,
        attempt: attempts,
        status: result.status,
        error: result.error?.slice(0, 500) ?? null,
        outcome,
        nextAttemptAt: next?.toISOString() ?? null,
      },
      'webhook delivery attempt failed',
    );
    await pauseIfFailingTooLong(head, at, reason);
    if (outcome === 'failed') {
      await runCommand(options.ctx, {
        decider: webhook,
        streamId: streams.webhook(head.webhook_id),
        command: { type: 'FlagWebhook', deliveryId: head.id, reason },
        companyId: head.company_id,
        actor: deliverer,
        correlationId: head.correlation_id ?? undefined,
      }).catch((error) => logger?.warn({ err: error, webhookId: head.webhook_id }, 'webhooks: could not flag the endpoint'));
    }
  }

  /** Records the endpoint's failing streak; one failing for pauseAfterMs is paused (its queue kept) and its admins told. */
  async function pauseIfFailingTooLong(head: Head, at: Date, reason: string): Promise<void> {
    // One statement: the streak's start, recorded now if this is its first failure.
    const streak = (
      await sql<{ since: Date }>`
        insert into webhooks.failing as f (webhook_id, since) values (${head.webhook_id}, ${at})
        on conflict (webhook_id) do update set since = f.since
        returning since
      `.execute(db)
    ).rows[0];
    if (!streak || at.getTime() - new Date(streak.since).getTime() < pauseAfterMs) return;
    const failingSince = new Date(streak.since).toISOString();
    try {
      const { state, events } = await runCommand(options.ctx, {
        decider: webhook,
        streamId: streams.webhook(head.webhook_id),
        command: { type: 'PauseWebhook', failingSince, reason },
        companyId: head.company_id,
        actor: deliverer,
        correlationId: head.correlation_id ?? undefined,
      });
      if (state.status !== 'active' || !state.paused) return;
      // Held at once, before the read model shows the pause: the head waits for "resume now", which makes it due again.
      await sql`
        update webhooks.deliveries set next_attempt_at = null
        where id = (select id from webhooks.deliveries where webhook_id = ${head.webhook_id} and status = 'pending' order by seq limit 1)
      `.execute(db);
      if (events.length > 0) logger?.warn({ webhookId: head.webhook_id, failingSince, reason }, 'webhook endpoint paused: failing too long');
    } catch (error) {
      logger?.warn({ err: error, webhookId: head.webhook_id }, 'webhooks: could not pause the endpoint');
    }
  }

  async function schedule(): Promise<void> {
    if (inflight.size >= concurrency) return;
    for (const head of await heads()) {
      const work = attempt(head)
        .catch((error) => logger?.error({ err: error, deliveryId: head.id }, 'webhooks: delivery attempt failed to record'))
        .finally(() => {
          inflight.delete(head.webhook_id);
          nudge();
        });
      inflight.set(head.webhook_id, work);
    }
  }

  /** Until an attempt ends, a wake, the poll interval, or the lease is lost. */
  const rest = (signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (woken || signal.aborted) return resolve();
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
      signal.addEventListener('abort', done, { once: true });
    });

  /**
   * One pass: POSTs the due heads and keeps the queue moving while any is in flight (a slow endpoint
   * holds only its own queue); ends when nothing is in flight. Attempts in flight are awaited before
   * the pass ends, so the lease is never released under a POST another process could repeat out of order.
   */
  async function drain(signal: AbortSignal): Promise<void> {
    try {
      while (!signal.aborted) {
        woken = false;
        await schedule();
        if (inflight.size === 0) return;
        await rest(signal);
      }
    } finally {
      await Promise.all(inflight.values());
    }
  }

  return {
    start: () => worker.start(),
    stop: () => worker.stop(),
    wake,
    whenLeading: () => worker.whenLeading(),
    progress: () => worker.progress(),
    async pending() {
      const row = await db
        .selectFrom('webhooks.deliveries')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}
