import type { ApiContext } from '@conversa/api';
import type {
  WebhookDeliverer,
  RetentionRunner,
  InvoiceGenerator,
  PaymentProvider,
  CampaignEngine,
  AutomationScheduler,
  PresenceTracker,
  ScheduleSender,
} from '@conversa/automation';
import type { MonitoredBus } from '@conversa/bus';
import type { ChannelGateway, SessionDriver, SessionManager } from '@conversa/channels';
import type { EventRegistry } from '@conversa/contracts';
import type { ContactImportHooks } from '@conversa/core';
import type { RoutingScheduler, RoutingTimers } from '@conversa/routing';
import type { KeyVault } from '@conversa/eventstore/personal/index';
import type { EventStore, StateCache } from '@conversa/eventstore';
import type { LeasedWorker, ProjectionRuntime } from '@conversa/platform';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';
import type { Config } from './config';
import type { ProcessLogger } from './process-log';
import type { Metrics } from './metrics';

/** The process's ports and adapters, chosen by configuration (docs/ARCHITECTURE.md "Stores and engines"). */
export interface Wiring {
  config: Config;
  databaseUrl: string;
  registry: EventRegistry;
  /** The event store with contacts' personal fields sealed (docs/lgpd.md); `eventStore` is the one it wraps. */
  store: EventStore;
  eventStore: EventStore;
  /** Contacts' data keys (schema `keys`), sealed by SECRETS_KEY. */
  keys: KeyVault;
  /** The write side's folded states, and the snapshots of long streams it keeps in Postgres (docs/eventstore.md). */
  states: StateCache;
  db: Kysely<ReadDatabase>;
  bus: MonitoredBus;
  runtime: ProjectionRuntime;
  /** Side effects (the sender, the bot's effects, the attendant's greeting and farewell): a runtime of their own, so commands never wait for a channel. */
  reactors: ProjectionRuntime;
  channels: ChannelGateway;
  /** Channel sessions this process runs (WhatsApp, Meta, sandbox), one owner per connection across processes; started by the start and channels roles. */
  sessions: SessionManager;
  ctx: ApiContext;
  /** The automation role: the scheduled-message sender (tests call its tick) and the cron that runs it under a lease (started by the start and automation roles). */
  automation: { sender: ScheduleSender; scheduler: AutomationScheduler };
  /** Online status from the browsers' userStatus pings; its sweeper runs with the automation role (start, automation). */
  presence: PresenceTracker;
  /** The routing bot's timers (auto-close, inactivity warning, rating expiry, timeSendQueue, rotation; tests call tick) and their cron under a lease (start and automation roles). */
  routing: { timers: RoutingTimers; scheduler: RoutingScheduler };
  /** The webhook deliverer under its lease (start and automation roles); its fan-out runs with the reactors. */
  webhooks: { deliverer: WebhookDeliverer };
  /** Prometheus series of this process (GET /metrics). */
  metrics: Metrics;
  /** The campaign dispatch engine (tests call its tick) and its cron under a lease (start and automation roles). */
  campaigns: { engine: CampaignEngine; scheduler: AutomationScheduler };
  /** The contact imports' leased worker: started with the reactors (start, projector and channels roles), which wake it on each request. */
  contactImports: LeasedWorker;
  /** Deletes erased contacts' files (LGPD): started with the reactors, whose media-erasure reactor wakes it. */
  mediaErasure: LeasedWorker;
  /** Invoices and the payment provider: the generator (tests call tick) and its cron under a lease (start and automation roles). */
  invoices: { provider: PaymentProvider; generator: InvoiceGenerator; scheduler: AutomationScheduler };
  /** LGPD retention: the daily run (tests call tick) and its cron under a lease (start and automation roles). */
  retention: { runner: RetentionRunner; scheduler: AutomationScheduler };
  close(): Promise<void>;
}

export interface WireOptions {
  /** Starts the read models' runtime (start and projector roles). */
  runProjections: boolean;
  /** Starts the reactors' runtime (start and reactors roles); default: as runProjections. */
  runReactors?: boolean;
  /** Where outbound messages go; until real channels are plugged in, every send fails with 'no channel connected'. */
  channels?: ChannelGateway;
  /** Session drivers besides the sandbox; default: WhatsApp through Baileys and the Meta channels (facebook, instagram, whatsappapi). */
  sessionDrivers?: SessionDriver[];
  /** The process's logger (process-log.ts); default: a new one in the configured format. */
  logger?: ProcessLogger;
  /** false: events are stored as written, personal fields in clear (the LGPD bench's baseline only; default true). */
  sealPersonalData?: boolean;
  /** Test seams of the contact import worker (a browser test holds a job between batches to see the bar between them). */
  contactImportHooks?: ContactImportHooks;
}
