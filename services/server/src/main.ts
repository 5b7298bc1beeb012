import { companyPartitioned, projectors } from '@conversa/projections';
import { baseName, partitionByCompany, rebuildProjector, runProjectionsCommand, throttledProgress } from '@conversa/platform';
import { commandUsage, describeError, EXIT, exitCodeOf, isCommand, parseWait, usage, UsageError, wantsHelp } from './cli';
import { runningEmbeddedPostgres, takeOverStopSignals } from './embedded-postgres';
import { loadConfig } from './config';
import { loggerOptions } from './logging';
import { consoleShaped, createProcessLogger, type ProcessLogger } from './process-log';
import { buildHttp } from './http';
import { seed } from './seed';
import { describeBroken, verifyStreams } from './verify';
import { wire } from './wiring';
import { runLgpdMigrate } from './lgpd/migrate-command';

/** Set once the configuration is read; every line the process writes goes through it (process-log.ts). */
let log: ProcessLogger | undefined;
let lifecycle: ProcessLogger | undefined;

/** One binary, several roles (docs/ARCHITECTURE.md "Processes and roles"); the commands and exit codes are in cli.ts. */
async function main(argv: string[]): Promise<void> {
  const [role = 'start', ...rest] = argv;
  if (role === '--help' || role === '-h' || role === 'help') {
    console.log(usage());
    process.exit(EXIT.ok);
  }
  if (!isCommand(role)) throw new UsageError(`Unknown command ${role}`);
  // `projections` answers its own --help (its options in detail).
  if (role !== 'projections' && wantsHelp(rest)) {
    console.log(commandUsage(role));
    process.exit(EXIT.ok);
  }
  const config = loadConfig();
  log = createProcessLogger(config.logFormat);
  // Ready, running and stopped are told whatever LOG_LEVEL is (operators and the cluster harness wait for them).
  const told = (lifecycle = log.child({ component: 'lifecycle' }, { level: 'info' }));
  const startedAt = performance.now();

  switch (role) {
    case 'start':
    case 'api':
    case 'edge': {
      const all = role === 'start';
      const wiring = await wire(config, { runProjections: all, logger: log });
      if (all || role === 'api') await seed(wiring.ctx, config);
      const { app } = await buildHttp(wiring, { serveUi: role !== 'edge', edge: role !== 'api', projections: all, logger: loggerOptions(config.logFormat) });
      await app.listen({ port: config.port, host: config.host });
      if (all) wiring.automation.scheduler.start();
      if (all) await wiring.sessions.start();
      if (all) wiring.presence.start();
      if (all) wiring.routing.scheduler.start();
      if (all) wiring.webhooks.deliverer.start();
      if (all) wiring.campaigns.scheduler.start();
      if (all) wiring.invoices.scheduler.start();
      if (all) wiring.retention.scheduler.start();
      const url = `http://localhost:${config.port}`;
      told.info(
        { role, url, ms: Math.round(performance.now() - startedAt) },
        `Conversa (${role}) ready in ${Math.round(performance.now() - startedAt)} ms at ${url}`,
      );
      if (role !== 'edge')
        told.info(`Log in as ${config.adminEmail} (password from ADMIN_PASSWORD${process.env.ADMIN_PASSWORD ? '' : ', default conversa123'})`);
      onShutdown(async () => {
        await app.close();
        await wiring.close();
      });
      return;
    }
    case 'projector': {
      const wiring = await wire(config, { runProjections: true, runReactors: false, logger: log });
      told.info(`Conversa projector running ${wiring.runtime.projectors.map((p) => p.name).join(', ')}`);
      onShutdown(() => wiring.close());
      return;
    }
    case 'reactors': {
      // Side effects apart from projection: they scale and fail on their own; sends reach the channels processes over NATS.
      const wiring = await wire(config, { runProjections: false, runReactors: true, logger: log });
      told.info(`Conversa reactors running ${wiring.reactors.projectors.map((p) => p.name).join(', ')}`);
      onShutdown(() => wiring.close());
      return;
    }
    case 'channels': {
      // Reads the read models the projector role keeps; sends what the sender reactor (reactors role) hands it, for the sessions it owns.
      const wiring = await wire(config, { runProjections: false, logger: log });
      await wiring.sessions.start();
      told.info('Conversa channels running (sessions)');
      onShutdown(() => wiring.close());
      return;
    }
    case 'automation': {
      // Reads the read models the projector role keeps; writes only events.
      const wiring = await wire(config, { runProjections: false, logger: log });
      wiring.automation.scheduler.start();
      wiring.presence.start();
      wiring.routing.scheduler.start();
      wiring.webhooks.deliverer.start();
      wiring.campaigns.scheduler.start();
      wiring.invoices.scheduler.start();
      wiring.retention.scheduler.start();
      told.info('Conversa automation running (scheduled messages, online status, routing timers, webhook deliveries, campaign dispatch, invoices, retention)');
      onShutdown(() => wiring.close());
      return;
    }
    case 'rebuild': {
      const { waitMs, rest: args } = parseWait(rest);
      const [target, ...extra] = args;
      if (!target || extra.length > 0) throw new UsageError(target ? `Unexpected ${extra.join(' ')}` : 'rebuild needs a projector name or all', 'rebuild');
      // A partitioned projector is rebuilt whole, by its own name (one of its partitions stands for all).
      const known = partitionByCompany(projectors, config.projectorPartitions, companyPartitioned).filter((p) => !p.partition || p.partition.index === 0);
      const chosen = target === 'all' ? known : known.filter((p) => baseName(p) === target);
      if (chosen.length === 0 && target !== 'snapshots')
        throw new UsageError(`Unknown projector ${target}; known: ${known.map(baseName).join(', ')}, snapshots`, 'rebuild');
      // Beside a running product: its database (the embedded one's port answers), as `projections` does.
      const databaseUrl = config.databaseUrl ?? (await runningEmbeddedPostgres(config.dataDir)) ?? undefined;
      const wiring = await wire({ ...config, databaseUrl }, { runProjections: false, logger: log });
      const rebuildLog = log.child({ component: 'rebuild' });
      try {
        if (target === 'all' || target === 'snapshots') {
          // Snapshots are a cache of folds: dropped, they are written afresh by the next command on each long stream.
          const dropped = (await wiring.states.snapshots?.drop()) ?? 0;
          rebuildLog.info({ snapshots: dropped }, `dropped ${dropped} snapshots of long streams`);
        }
        for (const projector of chosen) {
          const result = await rebuildProjector({
            db: wiring.db,
            connectionString: wiring.databaseUrl,
            store: wiring.store,
            projector,
            logger: consoleShaped(rebuildLog),
            leaseWaitMs: waitMs,
            onProgress: throttledProgress((line) => rebuildLog.info(line)),
          });
          rebuildLog.info(
            { projector: result.projector, events: result.events, ms: Math.round(result.ms) },
            `rebuilt ${result.projector}: ${result.events} events in ${(result.ms / 1000).toFixed(1)} s`,
          );
        }
      } finally {
        await wiring.close();
      }
      process.exit(EXIT.ok);
    }
    case 'projections': {
      // Beside a running product or without one: on the embedded database, the running server's if there is one.
      const databaseUrl = config.databaseUrl ?? (await runningEmbeddedPostgres(config.dataDir)) ?? undefined;
      const wiring = await wire({ ...config, databaseUrl }, { runProjections: false, logger: log });
      let code: number;
      try {
        const reactors = wiring.reactors.projectors;
        code = await runProjectionsCommand(rest, { db: wiring.db, store: wiring.store, projectors: wiring.runtime.projectors, reactors });
      } finally {
        await wiring.close();
      }
      process.exit(code);
    }
    case 'lgpd': {
      if (rest[0] !== 'migrate' || rest.length > 1) throw new UsageError(rest[0] ? `Unknown lgpd ${rest.join(' ')}` : 'lgpd needs migrate', 'lgpd');
      const databaseUrl = config.databaseUrl ?? (await runningEmbeddedPostgres(config.dataDir)) ?? undefined;
      const wiring = await wire({ ...config, databaseUrl }, { runProjections: false, logger: log });
      try {
        await runLgpdMigrate(wiring, (line) => console.log(line));
      } finally {
        await wiring.close();
      }
      process.exit(EXIT.ok);
    }
    case 'verify': {
      const target = rest[0];
      if (!target) throw new UsageError('verify needs a ticket id, a stream or all', 'verify');
      // Beside a running product or without one, as `projections` does.
      const databaseUrl = config.databaseUrl ?? (await runningEmbeddedPostgres(config.dataDir)) ?? undefined;
      const wiring = await wire({ ...config, databaseUrl }, { runProjections: false, logger: log });
      let code: number;
      try {
        const result = await verifyStreams(target, wiring.store, wiring.db, process.env.LOG_LEVEL === 'debug' ? (line) => console.log(line) : undefined);
        console.log(describeBroken(result));
        code = result.ok ? 0 : 1;
      } finally {
        await wiring.close();
      }
      process.exit(code);
    }
  }
}

/**
 * Ctrl-C (SIGINT) or SIGTERM: an orderly stop, then one line. `stop` closes the HTTP server first (no new requests or
 * sockets), then the wiring: workers and their leases, the projector runtime, the pools, the embedded Postgres last
 * (it runs in its own process group, so the terminal's Ctrl-C reaches only this process). A repeated signal while
 * stopping is ignored (a wrapper such as the tsx binary relays the terminal's signal a second time).
 */
function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = performance.now();
    // The terminal echoed ^C on the current line.
    if (process.stdout.isTTY) process.stdout.write('\n');
    stop().then(
      () => {
        lifecycle?.info({ signal, ms: Math.round(performance.now() - started) }, `${signal}: stopped in ${Math.round(performance.now() - started)} ms`);
        process.exit(0);
      },
      (error: unknown) => {
        log?.error({ signal, err: error }, `${signal}: stopped with an error: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  takeOverStopSignals();
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

main(process.argv.slice(2)).catch((error) => {
  // A mistake in the command line is answered as a person reads it; anything else is a log line.
  if (error instanceof UsageError) console.error(`conversa: ${error.message}\n${error.command ? commandUsage(error.command) : usage()}`);
  else
    (log ?? createProcessLogger(process.stdout.isTTY ? 'pretty' : 'json')).fatal(
      { err: error, exitCode: exitCodeOf(error) },
      `conversa: ${describeError(error)}`,
    );
  process.exit(exitCodeOf(error));
});
