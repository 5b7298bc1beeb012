import {
  campaignLookup,
  createLoginLimiter,
  createSessionGuard,
  createTokenService,
  migrateLimits,
  postgresLimits,
  sessionActiveInStream,
  type ApiContext,
} from '@conversa/api';
import {
  createAttendantGreetingsReactor,
  createPushReactor,
  createWebhookDeliverer,
  createWebhookFanout,
  createWebhookPoster,
  createAutomationScheduler,
  createOnDutyAnnouncer,
  createAsaasProvider,
  createInvoiceGenerator,
  createInvoiceScheduler,
  createRetentionMediaReactor,
  createRetentionRunner,
  createRetentionScheduler,
  createPaymentChargesReactor,
  createPresenceTracker,
  createScheduleSender,
  createCampaignEngine,
  createCampaignScheduler,
  createCampaignRepliesReactor,
  createListValidityReactor,
  createMediaErasure,
} from '@conversa/automation';
import { absentByChoice } from '@conversa/projections/assignment/queries';
import { createInProcessBus, createNatsBus } from '@conversa/bus';
import {
  createAmendmentReactor,
  createPasswordResetSender,
  createSandboxDriver,
  createSenderReactor,
  createSessionGateway,
  createSessionManager,
  sessionLeaseKey,
} from '@conversa/channels';
import { createGraphApi, createMetaDrivers, fetchGraphHttp } from '@conversa/channels/meta/index';
import { createPresencePublisher, createWhatsappAuthStore, createWhatsappDriver, migrateWhatsappAuth } from '@conversa/channels/whatsapp/index';
import { positionToString } from '@conversa/contracts';
import { createNumberDigest, createPostgresIdAllocator, createResetCodes, createSecretBox } from '@conversa/core';
import {
  ASSIGNMENT_READ_MODELS,
  createAssignmentReactor,
  createLinePositionReactor,
  createBotConnectorsReactor,
  createHttpConnectors,
  createRandomUserReactor,
  createRoutingEffectsReactor,
  createRoutingReactor,
  createRoutingScheduler,
  createRoutingTimers,
  readModelDirectory,
  routingOptionsFromEnv,
  routingRuntime,
} from '@conversa/routing';
import { createKeyShredder } from './lgpd/key-shredder';
import { createFramesErasure } from './lgpd/frames-erasure';
import { openStores } from './stores';
import { prepareMarkedStatements } from '@conversa/projections/prepared';
import { createLocalDiskMediaStore } from '@conversa/media';
import { companyPartitioned, projectors as readModels } from '@conversa/projections';
import { grantAnalystRole } from '@conversa/projections/analysts';
import { createProjectionRuntime, partitionByCompany } from '@conversa/platform';
import { hash, verify } from '@node-rs/argon2';
import { Kysely, PostgresDialect } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';
import pg from 'pg';
import { contactImportWorker } from './contact-import';
import type { Config } from './config';
import { consoleShaped, createProcessLogger } from './process-log';
import { createMetrics, instrumentBus, instrumentStore } from './metrics';

// `date` columns stay 'YYYY-MM-DD' strings: a JS Date would shift them by the server's time zone.
pg.types.setTypeParser(1082, (value) => value);

import type { Wiring, WireOptions } from './wiring-types';

export type { Wiring, WireOptions } from './wiring-types';

export async function wire(config: Config, options: WireOptions): Promise<Wiring> {
  const log = options.logger ?? createProcessLogger(config.logFormat);
  // Pino children: every line names the part of the process that wrote it.
  const automationLog = log.child({ component: 'automation' });
  const routingLog = log.child({ component: 'routing' });
  const { embedded, databaseUrl, registry, eventStore, keys, store, snapshots, states } = await openStores(config, log, options);
  // Pipeline mode: statements issued back to back go out without waiting for each other's answers
  // (projector batches send their first statement with their begin); awaited code runs as before.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20, pipeline: true });
  // An idle pooled connection that dies (a Postgres restart) must not crash the process: the pool replaces it.
  // Once closed, the pool's ends are still in flight when the embedded Postgres stops: nothing is lost then.
  let poolClosed = false;
  pool.on('error', (error) => {
    if (!poolClosed) log.warn({ component: 'read-model-pool', err: error }, 'read-model pool: idle connection lost');
  });
  if (config.preparedStatements) prepareMarkedStatements(pool);
  const db = new Kysely<ReadDatabase>({ dialect: new PostgresDialect({ pool }) });
  const busError = (error: unknown, message: { subject: string }) =>
    log.error({ component: 'bus', err: error, subject: message.subject }, 'bus handler failed');
  const bus = config.natsUrl
    ? await createNatsBus({ servers: config.natsUrl, name: 'conversa', onError: busError })
    : createInProcessBus({ onError: busError });
  const metrics = createMetrics();
  instrumentStore(store, metrics);
  instrumentBus(bus, metrics);
  // The heavy read models as PROJECTOR_PARTITIONS partitions by company, each leased and checkpointed on its own.
  const projectors = partitionByCompany(readModels, config.projectorPartitions, companyPartitioned);
  // Roles apart (NATS): how far each read model is clear is announced, so an api's read-your-writes waits need no probes of the store.
  const runtime = createProjectionRuntime({
    db,
    pipelined: true,
    connectionString: databaseUrl,
    store,
    bus,
    projectors,
    framesWindowMs: config.framesWindowMs,
    logger: consoleShaped(log.child({ component: 'projector' })),
    ...(config.natsUrl ? { shareProgress: {} } : {}),
  });
  const ids = createPostgresIdAllocator(db);
  await ids.migrate();
  await migrateLimits(db);
  const limits = postgresLimits(db);
  if (options.runProjections) {
    await runtime.start();
    await grantAnalystRole(db);
  }

  const ctx: ApiContext = {
    store,
    states,
    registry,
    db,
    ids,
    tokens: createTokenService(config.jwtSecret),
    limits,
    loginLimiter: createLoginLimiter(limits),
    resetCodes: createResetCodes(`password-reset:${config.jwtSecret}`),
    sessions: createSessionGuard({ db, fallback: (sessionId) => sessionActiveInStream(store, sessionId) }),
    media: createLocalDiskMediaStore({ dir: config.mediaDir, maxBytes: config.mediaMaxBytes }),
    waitForProjections: async (position, waitOptions) => {
      if (!position) return;
      const types = waitOptions?.eventTypes && new Set(waitOptions.eventTypes);
      const projectors =
        waitOptions?.readModels ?? (types && runtime.projectors.filter((p) => p.eventTypes.some((type) => types.has(type))).map((p) => p.name));
      if (projectors?.length === 0) return;
      const signal = AbortSignal.timeout(config.projectionWaitMs);
      try {
        await runtime.waitForPosition(position, { signal, projectors });
      } catch (error) {
        if (!signal.aborted) throw error;
        // Answer anyway from what the read models hold: one stuck projector must not hold every request.
        const behind = runtime.behind(position, projectors).join(', ');
        log.warn(
          { component: 'read-your-writes' },
          `read-your-writes: answered after ${config.projectionWaitMs} ms without ${behind || 'a projector'} reaching ${positionToString(position)}`,
        );
      }
    },
    hashPassword: (password) => hash(password),
    verifyPassword: async (passwordHash, password) => {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    now: () => new Date(),
    secureCookies: config.secureCookies,
    trialDays: config.trialDays,
    webhooks: { secrets: createSecretBox(config.webhooks.secretKey), allowPrivateUrls: config.webhooks.allowPrivateUrls },
    secrets: createSecretBox(config.secretsKey),
    numberDigest: createNumberDigest(config.secretsKey),
    connectors: createHttpConnectors(config.connectors),
    outbound: { allowPrivateUrls: config.connectors.allowPrivateUrls === true },
  };

  // Revocations announced by any process reach this one's cache; after a bus outage, what was cached may have missed some.
  await ctx.sessions.listen(bus);
  bus.onStatus((status) => {
    if (status === 'connected') ctx.sessions.forgetActive();
  });

  // Channels: WhatsApp sessions keep their pairing in Postgres; Meta channels call the Graph API (GRAPH_API_URL).
  await migrateWhatsappAuth(db);
  const graph = createGraphApi(fetchGraphHttp({ baseUrl: config.meta.graphApiUrl }));
  ctx.meta = { appId: config.meta.appId, appSecret: config.meta.appSecret, verifyToken: config.meta.verifyToken, graph };
  const channelDrivers = options.sessionDrivers ?? [
    createWhatsappDriver({ auth: createWhatsappAuthStore(db), publishPresence: createPresencePublisher(ctx, bus) }),
    ...createMetaDrivers({ graph }),
  ];
  const sessions = createSessionManager({
    ctx,
    drivers: [createSandboxDriver({ db }), ...channelDrivers],
    connectionString: databaseUrl,
    bus,
    log: automationLog,
    reconcileIntervalMs: config.sessionsReconcileMs,
    startingWaitMs: config.sessionsTakeoverWaitMs,
  });
  const sessionGateway = createSessionGateway({ directory: sessions, bus, db, leaseKeyOf: sessionLeaseKey, takeoverWaitMs: config.sessionsTakeoverWaitMs });
  const channels = options.channels ?? sessionGateway;
  // Payments: Pix charges through Asaas (ASAAS_API_URL), its webhook checked against ASAAS_WEBHOOK_TOKEN.
  const paymentProvider = createAsaasProvider({ baseUrl: config.payments.asaasApiUrl });
  ctx.payments = { webhookToken: config.payments.webhookToken };
  ctx.push = { publicKey: config.vapid.publicKey };
  // The routing bot: decisions recorded in each ticket's bot journal, their effects applied from it (COMPANY_TIME_ZONE, AUTO_CLOSE_TICKETS_HOURS).
  const routingContext = routingRuntime(ctx, readModelDirectory(db), { ...routingOptionsFromEnv(process.env), logger: routingLog });
  const webhookDeliverer = createWebhookDeliverer({
    db,
    ctx,
    secrets: ctx.webhooks.secrets,
    connectionString: databaseUrl,
    post: createWebhookPoster({ allowPrivateUrls: config.webhooks.allowPrivateUrls }),
    now: () => ctx.now(),
    logger: log.child({ component: 'webhooks' }),
    onAttempt: (outcome, seconds) => metrics.webhookAttempt(outcome, seconds),
  });
  const contactImports = contactImportWorker(ctx, databaseUrl, options.contactImportHooks, automationLog);
  const mediaErasure = createMediaErasure({
    db,
    connectionString: databaseUrl,
    removeFile: (companyId, url) => ctx.media.remove(companyId, url),
    messagesAt: (position) => runtime.waitForPosition(position, { projectors: ['messages'], signal: AbortSignal.timeout(30_000) }),
    logger: automationLog,
  });
  const reactors = createProjectionRuntime({
    logger: consoleShaped(log.child({ component: 'reactor' })),
    db,
    pipelined: true,
    connectionString: databaseUrl,
    store,
    bus,
    projectors: [
      createSenderReactor({ ctx, gateway: channels, media: ctx.media }),
      createAmendmentReactor({ ctx, gateway: sessionGateway, log: automationLog }),
      createRoutingReactor(routingContext),
      createRoutingEffectsReactor(routingContext),
      createRandomUserReactor(routingContext),
      createAssignmentReactor(routingContext, {
        // The pass reads the line and the loads: they must hold the whole log up to then.
        readModelsAt: (position) =>
          options.runProjections
            ? runtime.waitForPosition(position, { projectors: [...ASSIGNMENT_READ_MODELS], signal: AbortSignal.timeout(30_000) })
            : Promise.resolve(),
      }),
      createLinePositionReactor(routingContext),
      createBotConnectorsReactor({ routing: routingContext, connectors: ctx.connectors, secrets: ctx.secrets, media: ctx.media }),
      createAttendantGreetingsReactor(ctx),
      createOnDutyAnnouncer({ ctx, gateway: channels, timeZone: (companyId) => routingContext.timeZone(companyId), logger: automationLog }),
      createWebhookFanout({
        db,
        now: () => ctx.now(),
        numberDigest: ctx.numberDigest,
        // The endpoints read model is kept by the projector role, here or in another process (then its checkpoint is read).
        endpointsAt: (position) => runtime.waitForPosition(position, { projectors: ['webhooks'], signal: AbortSignal.timeout(10_000) }),
        onQueued: () => webhookDeliverer.wake(),
      }),
      contactImports.wakeUp,
      mediaErasure.wakeUp,
      createCampaignRepliesReactor({ ctx, db }),
      createRetentionMediaReactor({
        db,
        media: ctx.media,
        messagesAt: (position) => runtime.waitForPosition(position, { projectors: ['messages'], signal: AbortSignal.timeout(60_000) }),
      }),
      createListValidityReactor({ ctx, db, checker: sessionGateway, log: automationLog }),
      createPaymentChargesReactor(ctx, { provider: paymentProvider, secrets: ctx.secrets, logger: automationLog }),
      createPasswordResetSender({ ctx, db, gateway: channels, codes: ctx.resetCodes }),
      // Nothing is pushed to a user away or offline by choice (the top bar's status, read.assignment_agents).
      createKeyShredder(keys, snapshots),
      createFramesErasure({ db, readModelsAt: (position) => runtime.waitForPosition(position, { signal: AbortSignal.timeout(30_000) }) }),
      createPushReactor({
        db,
        vapid: config.vapid,
        now: () => ctx.now(),
        logger: automationLog,
        chosenAbsence: (companyId, userIds) => absentByChoice(db, companyId, userIds),
      }),
    ],
  });
  if (options.runReactors ?? options.runProjections) {
    await reactors.start();
    // The import worker beside the reactor that wakes it (it polls too, so any one process suffices).
    contactImports.worker.start();
    mediaErasure.worker.start();
  }
  metrics.sources.runtimes.push({ kind: 'projector', runtime }, { kind: 'reactor', runtime: reactors });
  metrics.sources.db = db;
  metrics.sources.webhooksPending = () => webhookDeliverer.pending();

  const scheduleSender = createScheduleSender(ctx, { logger: automationLog });
  const automation = {
    sender: scheduleSender,
    scheduler: createAutomationScheduler({ connectionString: databaseUrl, sender: scheduleSender, now: () => ctx.now(), logger: automationLog }),
  };

  const routingTimers = createRoutingTimers(routingContext);
  const routing = {
    timers: routingTimers,
    scheduler: createRoutingScheduler({ connectionString: databaseUrl, timers: routingTimers, now: () => ctx.now(), logger: routingLog }),
  };

  const campaignEngine = createCampaignEngine({
    ctx,
    db,
    channel: channels,
    media: ctx.media,
    lookup: campaignLookup(db, ctx.media),
    timeZone: process.env.COMPANY_TIME_ZONE,
    logger: log.child({ component: 'campaigns' }),
  });
  const campaigns = {
    engine: campaignEngine,
    scheduler: createCampaignScheduler({ connectionString: databaseUrl, engine: campaignEngine, now: () => ctx.now(), logger: automationLog }),
  };
  const invoiceGenerator = createInvoiceGenerator(ctx);
  const invoices = {
    provider: paymentProvider,
    generator: invoiceGenerator,
    scheduler: createInvoiceScheduler({ connectionString: databaseUrl, generator: invoiceGenerator, now: () => ctx.now(), logger: automationLog }),
  };

  const retentionRunner = createRetentionRunner(ctx, { logger: automationLog });
  const retention = {
    runner: retentionRunner,
    scheduler: createRetentionScheduler({ connectionString: databaseUrl, runner: retentionRunner, logger: automationLog }),
  };

  const presence = createPresenceTracker(ctx, { connectionString: databaseUrl, logger: automationLog });

  return {
    config,
    databaseUrl,
    registry,
    store,
    eventStore,
    keys,
    db,
    bus,
    runtime,
    automation,
    presence,
    routing,
    campaigns,
    invoices,
    retention,
    contactImports: contactImports.worker,
    mediaErasure: mediaErasure.worker,
    reactors,
    channels,
    sessions,
    ctx,
    states,
    webhooks: { deliverer: webhookDeliverer },
    metrics,
    async close() {
      await webhookDeliverer.stop();
      await automation.scheduler.stop();
      await routing.scheduler.stop();
      await campaigns.scheduler.stop();
      await invoices.scheduler.stop();
      await retention.scheduler.stop();
      await presence.stop();
      await contactImports.worker.stop();
      await mediaErasure.worker.stop();
      await reactors.stop();
      await sessions.stop();
      await sessionGateway.close();
      await runtime.stop();
      await bus.close();
      await states.flush();
      await snapshots.close();
      await store.close();
      await keys.close();
      poolClosed = true;
      await db.destroy();
      await embedded?.stop();
    },
  };
}
