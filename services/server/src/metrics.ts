import type { MonitoredBus } from '@conversa/bus';
import { isProductEvent } from '@conversa/contracts';
import type { SocketEdge } from '@conversa/edge';
import type { EventStore } from '@conversa/eventstore';
import type { ReadDatabase } from '@conversa/projections/database';
import { pendingShippingsCount } from '@conversa/projections/campaigns/queries';
import { connectionChannel, connectionCountsByStatus } from '@conversa/projections/connections/queries';
import { runningImportsCount } from '@conversa/projections/contactImports/queries';
import { unsentMessagesCount } from '@conversa/projections/messages/maintenance';
import { pendingDeliveriesCount } from '@conversa/projections/webhooks/queries';
import type { ProjectionRuntime } from '@conversa/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus series (docs/observability.md). Counters and histograms are fed by small
 * wrappers around the store and the bus and by hooks; gauges that describe state (projector lag,
 * sessions, the webhook queue) are read when scraped.
 */
export interface Metrics {
  registry: Registry;
  webhookAttempt(outcome: string, seconds: number): void;
  /** Fed by instrumentStore from the MessageReceived / MessageSent / MessageSendFailed it sees appended. */
  inbound: Counter<'channel'>;
  outbound: Counter<'outcome'>;
  /** Sources read at scrape time, set as the process assembles them. */
  sources: {
    runtimes: Array<{ kind: 'projector' | 'reactor'; runtime: ProjectionRuntime }>;
    edge?: SocketEdge | null;
    webhooksPending?: () => Promise<number>;
    db?: Kysely<ReadDatabase>;
  };
}

/** A queue's depth is counted up to this many rows: a scrape stays cheap however far behind a queue is. */
export const QUEUE_DEPTH_CAP = 100_000;

export function createMetrics(): Metrics {
  const registry = new Registry();
  // prom-client's `nodejs_active_{handles,requests,resources}_total` are gauges named as counters
  // (promtool refuses them); the same counts stay, by type, in `…_active_handles` and the like.
  collectDefaultMetrics({ register: registry, prefix: 'conversa_' });
  for (const name of ['conversa_nodejs_active_handles_total', 'conversa_nodejs_active_requests_total', 'conversa_nodejs_active_resources_total'])
    registry.removeSingleMetric(name);
  const sources: Metrics['sources'] = { runtimes: [] };
  const webhookDeliveries = new Counter({
    name: 'conversa_webhook_delivery_attempts_total',
    help: 'Webhook POSTs by outcome (delivered, retry, failed)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const webhookSeconds = new Histogram({
    name: 'conversa_webhook_delivery_seconds',
    help: 'Time of one webhook POST',
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Gauge({
    name: 'conversa_webhook_queue_depth',
    help: 'Webhook deliveries waiting (pending, retrying included)',
    registers: [registry],
    async collect() {
      if (sources.webhooksPending) this.set(await sources.webhooksPending().catch(() => 0));
    },
  });
  // The queues other processes drain, read from the tables that hold them: one bounded query per scrape.
  new Gauge({
    name: 'conversa_queue_depth',
    help: `Work waiting, by queue: sender (outbound messages not yet sent), campaign (shippings planned or sending), import (contact imports running), webhook (deliveries pending); counted up to ${QUEUE_DEPTH_CAP}`,
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      if (!sources.db) return;
      const depths = await queueDepths(sources.db).catch(() => null);
      if (!depths) return;
      for (const [queue, depth] of Object.entries(depths)) this.set({ queue }, depth);
    },
  });
  // One pass over the runtimes per scrape feeds the three gauges (prom-client collects them side by side).
  type Row = { projector: string; kind: string; parked: number; events?: number; seconds?: number };
  let pass: Promise<Row[]> | null = null;
  const runtimesNow = () =>
    (pass ??= (async () => {
      const rows: Row[] = [];
      for (const { kind, runtime } of sources.runtimes) {
        for (const status of await runtime.inspect().catch(() => runtime.status())) {
          const lag = status.state === 'running' ? await runtime.lag(status.name).catch(() => null) : null;
          rows.push({ projector: status.name, kind, parked: status.parked, ...(lag ? { events: lag.events, seconds: lag.ms / 1000 } : {}) });
        }
      }
      return rows;
    })().finally(() => setTimeout(() => (pass = null), 250)));
  const runtimeGauge = (name: string, help: string, value: (row: Row) => number | undefined) =>
    new Gauge({
      name,
      help,
      labelNames: ['projector', 'kind'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await runtimesNow()) {
          const current = value(row);
          if (current !== undefined) this.set({ projector: row.projector, kind: row.kind }, current);
        }
      },
    });
  runtimeGauge('conversa_projector_lag_events', 'Events a projector or reactor has still to handle', (row) => row.events);
  runtimeGauge('conversa_projector_lag_seconds', 'Age of the oldest event a projector or reactor has still to handle', (row) => row.seconds);
  runtimeGauge('conversa_projector_parked_events', 'Events a projector or reactor could not apply and set aside', (row) => row.parked);
  new Gauge({
    name: 'conversa_websocket_connections',
    help: 'Authenticated sockets receiving frames on this process',
    registers: [registry],
    collect() {
      if (sources.edge) this.set(sources.edge.stats().connections);
    },
  });
  /** A total the edge keeps itself (its stats()), read when scraped. */
  const edgeTotal = (name: string, help: string, stat: 'framesSent' | 'gapsFilled') =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        if (!sources.edge) return;
        this.reset();
        this.inc(sources.edge.stats()[stat]);
      },
    });
  edgeTotal('conversa_websocket_frames_sent_total', 'Frames sent to sockets by this process', 'framesSent');
  new Counter({
    name: 'conversa_websocket_resumes_total',
    help: 'Sockets that came back with the last frame they saw: resumed (sent what they missed) or refetch (the window no longer had it)',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      if (!sources.edge) return;
      this.reset();
      const stats = sources.edge.stats();
      this.inc({ outcome: 'resumed' }, stats.resumed);
      this.inc({ outcome: 'refetch' }, stats.refetchesAsked);
    },
  });
  edgeTotal(
    'conversa_websocket_frame_gaps_filled_total',
    'Holes in a company frame sequence this edge read from the frame outbox (a publish lost on the bus)',
    'gapsFilled',
  );
  new Gauge({
    name: 'conversa_channel_sessions',
    help: "Connections by their session's status (read model)",
    labelNames: ['status', 'channel'],
    registers: [registry],
    async collect() {
      if (!sources.db) return;
      this.reset();
      const rows = await connectionCountsByStatus(sources.db).catch(() => []);
      for (const row of rows) this.set({ status: row.status, channel: row.channel }, row.count);
    },
  });

  return {
    registry,
    sources,
    inbound: new Counter({
      name: 'conversa_messages_received_total',
      help: 'Inbound messages recorded by this process, by channel',
      labelNames: ['channel'],
      registers: [registry],
    }),
    outbound: new Counter({
      name: 'conversa_messages_sent_total',
      help: 'Outbound sends recorded by this process, by outcome (sent, failed)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    webhookAttempt(outcome, seconds) {
      webhookDeliveries.inc({ outcome });
      webhookSeconds.observe(seconds);
    },
  };
}

/** Depth of each queue, counted up to QUEUE_DEPTH_CAP, each by its own area's query (at once). */
export async function queueDepths(db: Kysely<ReadDatabase>): Promise<Record<'sender' | 'campaign' | 'import' | 'webhook', number>> {
  const cap = QUEUE_DEPTH_CAP;
  const [sender, campaign, running, webhook] = await Promise.all([
    unsentMessagesCount(db, cap),
    pendingShippingsCount(db, cap),
    runningImportsCount(db, cap),
    pendingDeliveriesCount(db, cap),
  ]);
  return { sender, campaign, import: running, webhook };
}

/** Append latency and appended events, around the store every command uses. */
export function instrumentStore(store: EventStore, metrics: Metrics): void {
  // A MessageReceived names its connection; the connection's channel is read once and kept.
  const channels = new Map<number, string>();
  const channelOf = async (whatsappId: number | null): Promise<string> => {
    if (whatsappId === null) return 'unknown';
    const known = channels.get(whatsappId);
    if (known) return known;
    const db = metrics.sources.db;
    const channel = db && (await connectionChannel(db, whatsappId).catch(() => undefined));
    if (channel) channels.set(whatsappId, channel);
    return channel ?? 'unknown';
  };
  const countMessages = (events: readonly { type: string; data: unknown }[]) => {
    for (const event of events) {
      if (event.type === 'MessageSent') metrics.outbound.inc({ outcome: 'sent' });
      else if (event.type === 'MessageSendFailed') metrics.outbound.inc({ outcome: 'failed' });
      else if (isProductEvent(event, 'MessageReceived')) void channelOf(event.data.whatsappId).then((channel) => metrics.inbound.inc({ channel }));
    }
  };
  const seconds = new Histogram({
    name: 'conversa_eventstore_append_seconds',
    help: 'Time of one append to the event store',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [metrics.registry],
  });
  const appended = new Counter({ name: 'conversa_eventstore_appended_events_total', help: 'Events appended by this process', registers: [metrics.registry] });
  const failed = new Counter({
    name: 'conversa_eventstore_append_failures_total',
    help: 'Appends refused (a concurrent change, a schema error) or failed',
    registers: [metrics.registry],
  });
  const append = store.appendToStream.bind(store);
  store.appendToStream = async (streamId, events, options) => {
    const end = seconds.startTimer();
    try {
      const result = await append(streamId, events, options);
      appended.inc(events.length);
      countMessages(events);
      return result;
    } catch (error) {
      failed.inc();
      throw error;
    } finally {
      end();
    }
  };
}

const entityOf = (subject: string) => (subject.startsWith('company.') ? (subject.split('.')[2] ?? 'other') : (subject.split('.')[0] ?? 'other'));

/** Messages published and received on the bus, by entity (`company.<id>.<entity>`; never by company, to keep the series few). */
export function instrumentBus(bus: MonitoredBus, metrics: Metrics): void {
  const published = new Counter({
    name: 'conversa_bus_published_total',
    help: 'Messages this process published on the bus',
    labelNames: ['entity'],
    registers: [metrics.registry],
  });
  const received = new Counter({
    name: 'conversa_bus_received_total',
    help: 'Messages this process received from the bus',
    labelNames: ['entity'],
    registers: [metrics.registry],
  });
  const publish = bus.publish.bind(bus);
  const subscribe = bus.subscribe.bind(bus);
  bus.publish = async (subject, data, options) => {
    await publish(subject, data, options);
    published.inc({ entity: entityOf(subject) });
  };
  bus.subscribe = (pattern, handler) =>
    subscribe(pattern, (message) => {
      received.inc({ entity: entityOf(message.subject) });
      handler(message);
    });
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether a scrape may read the metrics: from this machine (the peer, not X-Forwarded-For), or with METRICS_TOKEN. */
export function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization ?? '';
  if (token && header.startsWith('Bearer ')) {
    const given = Buffer.from(header.slice(7));
    const wanted = Buffer.from(token);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
  }
  return LOOPBACK.has(request.socket.remoteAddress ?? '');
}

/**
 * The `route` label: the registered pattern; every file of the built UI (its routes carry
 * @fastify/static's `rootPath`) and the SPA's catch-all are `static`; what no route matched is `unmatched`.
 * Never the raw path, so hashed asset names or ids cannot multiply the series.
 */
export function routeLabel(request: FastifyRequest, status: number): string {
  const options = request.routeOptions;
  const url = options.url;
  if (!url) return 'unmatched';
  if ((options.config as { rootPath?: unknown } | undefined)?.rootPath !== undefined) return 'static';
  if (url === '/*') return status === 404 ? 'unmatched' : 'static';
  return url;
}

/** GET /metrics and the request-duration hook. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  const duration = new Histogram({
    name: 'conversa_http_request_duration_seconds',
    help: 'HTTP requests by method, route (its pattern) and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });
  const inFlight = new Gauge({ name: 'conversa_http_requests_in_flight', help: 'HTTP requests received and not yet answered', registers: [metrics.registry] });
  app.addHook('onRequest', async (request, reply) => {
    inFlight.inc();
    // 'close' comes once per request, answered or aborted (onResponse misses the aborted ones).
    reply.raw.once('close', () => inFlight.dec());
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe({ method: request.method, route: routeLabel(request, reply.statusCode), status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get(
    '/metrics',
    {
      config: {
        auth: 'public',
        contract: {
          summary: 'Prometheus metrics (loopback, or Bearer METRICS_TOKEN)',
          security: 'metricsToken',
          produces: 'text/plain',
          errors: ['ERR_NO_PERMISSION'],
        },
      },
    },
    async (request, reply) => {
      if (!mayScrape(request, token))
        return reply.status(403).send({ error: 'ERR_NO_PERMISSION', message: 'Metrics are answered to this machine or to the METRICS_TOKEN.' });
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
}
