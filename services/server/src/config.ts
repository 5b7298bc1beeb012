import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { connectorConfigFromEnv, type ConnectorConfig } from '@conversa/routing';
import { loadVapidKeys, type VapidKeys } from '@conversa/automation/push/vapid';
import { DEFAULT_FRAMES_WINDOW_MS } from '@conversa/platform/frames';

/** Environment variables with safe defaults (docs/ARCHITECTURE.md "Stores and engines"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the process starts an embedded Postgres under dataDir/pg. */
  databaseUrl?: string;
  /** Unset: events live in the read database's `eventstore` schema. */
  eventStoreUrl?: string;
  /** Unset: the bus is in-process (single-process mode only). */
  natsUrl?: string;
  /** Postgres event store under a stream of appends: how far apart append groups leave, and the live tail's reads (EVENTS_APPEND_SPACING_MS, EVENTS_TAIL_SPACING_MS). */
  eventSpacing: { appendMs: number; tailMs: number };
  /** The read pool's key lookups are prepared once per connection (DATABASE_PREPARED_STATEMENTS=off for a pooler that cannot keep them). */
  preparedStatements: boolean;
  /**
   * The heavy read models (messages, tickets, contacts, dashboard) run as this many partitions by
   * company, each with its own lease and checkpoint (PROJECTOR_PARTITIONS, default 1). Every process
   * of a deployment must say the same: a changed count rebuilds those read models.
   */
  projectorPartitions: number;
  /** How often a channels process looks for sessions nobody runs, e.g. after their owner died (SESSIONS_RECONCILE_MS, default 10 s). */
  sessionsReconcileMs: number;
  /** How far back a reconnecting socket gets the frames it missed (FRAMES_WINDOW_MS, default 10 minutes); the outbox keeps them that long. */
  framesWindowMs: number;
  /** How long a send waits for a standby to take over a CONNECTED connection whose process died (SESSIONS_TAKEOVER_WAIT_MS; default with NATS: the reconcile interval + 2 s, else 0). */
  sessionsTakeoverWaitMs: number;
  mediaDir: string;
  /** Largest media file accepted (upload or channel download), in bytes. */
  mediaMaxBytes: number;
  jwtSecret: string;
  adminEmail: string;
  adminPassword: string;
  uiDir: string;
  trialDays: number;
  secureCookies: boolean;
  /** Longest a request waits for the read models to show its write before answering anyway (PROJECTION_WAIT_MS). */
  projectionWaitMs: number;
  /** Proxies whose X-Forwarded-For is believed (fastify's trustProxy); false: the peer address is the client's. */
  trustProxy: TrustProxy;
  /** Facebook, Instagram and WhatsApp Cloud API: the Meta app (unset: those channels answer ERR_META_NOT_CONFIGURED). */
  meta: { appId: string; appSecret: string; verifyToken: string; graphApiUrl: string };
  /** Webhooks: the key sealing signing secrets (WEBHOOKS_SECRET_KEY, default derived from JWT_SECRET) and WEBHOOKS_ALLOW_PRIVATE_URLS (OUTBOUND_ALLOW_PRIVATE_URLS implies it). */
  webhooks: { secretKey: string; allowPrivateUrls: boolean };
  /** GET /metrics also answers a scrape bearing this token (METRICS_TOKEN); without it, loopback only. */
  metricsToken?: string;
  /** LOG_FORMAT: `json` (one JSON object a line), `pretty` (for a terminal); default json unless stdout is a terminal. */
  logFormat: 'json' | 'pretty';
  /** Seals the secrets companies give (Dialogflow keys, AI and speech keys): SECRETS_KEY, else a key generated under dataDir. */
  secretsKey: string;
  /** The bot's connectors: AI_API_URL, AI_MODEL, CONNECTOR_TIMEOUT_MS, DIALOGFLOW_API_URL, DIALOGFLOW_TOKEN_URL, TTS_URL. */
  connectors: ConnectorConfig;
  /** The payment provider (Asaas): its API's base url (ASAAS_API_URL) and the token its webhook must carry (ASAAS_WEBHOOK_TOKEN; unset: the webhook refuses every delivery). */
  payments: { asaasApiUrl: string; webhookToken: string };
  /** Web Push's VAPID pair and contact: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated once into dataDir/vapid.json; VAPID_SUBJECT. */
  vapid: VapidKeys;
}

export type TrustProxy = boolean | number | string[];

/**
 * TRUST_PROXY: unset or `false` trusts no one (X-Forwarded-For from a client would let it pick its
 * address, and dodge the login throttling); `true` trusts any peer; a number trusts that many hops;
 * otherwise a comma-separated list of addresses or CIDRs (`10.0.0.1,192.168.0.0/16`).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * Batching under load (docs/ARCHITECTURE.md "Inbound cost"): appends that follow one another within
 * this many ms share a round trip and a commit, and the tail reads them as one page, so every
 * projector applies them as one batch. A lone write is never held back.
 */
const DEFAULT_APPEND_SPACING_MS = 40;
const DEFAULT_TAIL_SPACING_MS = 0;
const millis = (text: string | undefined, fallback: number): number => {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 1000) throw new Error(`Expected a whole number of milliseconds from 0 to 1000, not "${text}"`);
  return value;
};

const partitions = (text: string | undefined): number => {
  if (text === undefined || text === '') return 1;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 64) throw new Error(`PROJECTOR_PARTITIONS must be a whole number from 1 to 64, not "${text}"`);
  return value;
};

export const DEFAULT_ADMIN_EMAIL = 'admin@conversa.local';
export const DEFAULT_ADMIN_PASSWORD = 'conversa123';

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const dataDir = resolve(cwd, env.DATA_DIR ?? '.data');
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = env.JWT_SECRET || persistentSecret(join(dataDir, 'jwt-secret'));
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    natsUrl: env.NATS_URL || undefined,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS !== 'off',
    eventSpacing: {
      appendMs: millis(env.EVENTS_APPEND_SPACING_MS, DEFAULT_APPEND_SPACING_MS),
      tailMs: millis(env.EVENTS_TAIL_SPACING_MS, DEFAULT_TAIL_SPACING_MS),
    },
    projectorPartitions: partitions(env.PROJECTOR_PARTITIONS),
    sessionsReconcileMs: Number(env.SESSIONS_RECONCILE_MS) || 10_000,
    framesWindowMs: Number(env.FRAMES_WINDOW_MS) || DEFAULT_FRAMES_WINDOW_MS,
    sessionsTakeoverWaitMs: env.SESSIONS_TAKEOVER_WAIT_MS
      ? Number(env.SESSIONS_TAKEOVER_WAIT_MS)
      : env.NATS_URL
        ? (Number(env.SESSIONS_RECONCILE_MS) || 10_000) + 2_000
        : 0,
    mediaDir: resolve(cwd, env.MEDIA_DIR ?? join(dataDir, 'media')),
    mediaMaxBytes: Number(env.MEDIA_MAX_BYTES ?? 64 * 1024 * 1024),
    jwtSecret,
    secretsKey: env.SECRETS_KEY || persistentSecret(join(dataDir, 'secrets-key')),
    connectors: connectorConfigFromEnv(env),
    adminEmail: (env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
    uiDir: resolve(env.UI_DIR ?? new URL('../../../ui/dist', import.meta.url).pathname),
    trialDays: Number(env.TRIAL_DAYS ?? 7),
    secureCookies: env.SECURE_COOKIES === 'true',
    projectionWaitMs: Number(env.PROJECTION_WAIT_MS ?? 5000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    meta: {
      appId: env.META_APP_ID ?? '',
      appSecret: env.META_APP_SECRET ?? '',
      verifyToken: env.META_VERIFY_TOKEN ?? '',
      graphApiUrl: env.GRAPH_API_URL || 'https://graph.facebook.com/v21.0',
    },
    // Without its own key the box derives one from JWT_SECRET (a different HKDF label, so neither gives the other away).
    webhooks: {
      secretKey: env.WEBHOOKS_SECRET_KEY || `jwt:${jwtSecret}`,
      allowPrivateUrls: env.WEBHOOKS_ALLOW_PRIVATE_URLS === 'true' || env.OUTBOUND_ALLOW_PRIVATE_URLS === 'true',
    },
    metricsToken: env.METRICS_TOKEN || undefined,
    logFormat: env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : process.stdout.isTTY ? 'pretty' : 'json',
    payments: { asaasApiUrl: env.ASAAS_API_URL || 'https://api.asaas.com/v3', webhookToken: env.ASAAS_WEBHOOK_TOKEN ?? '' },
    vapid: loadVapidKeys(env, dataDir),
  };
}

/** A generated secret kept under the data directory, so tokens survive a restart. */
function persistentSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
