import { projectors } from '@conversa/projections';
import { rebuildProjector, runProjectionsCommand } from '@conversa/projector';
import { runningEmbeddedPostgres, takeOverStopSignals } from './embedded-postgres';
import { loadConfig } from './config';
import { loggerOptions } from './logging';
import { buildHttp } from './http';
import { seed } from './seed';
import { describeBroken, verifyStreams } from './verify';
import { wire } from './wiring';

/**
 * One binary, several roles (docs/ARCHITECTURE.md "Processes and roles"):
 *   start      every role in one process on the embedded defaults (the newcomer's command)
 *   api        HTTP API (+ the built UI)          edge   websocket edge
 *   projector  read-model projections             rebuild <name|all>   drop and replay read tables
 *   automation scheduled messages, routing timers (one process at a time holds its lease; others wait to take over)
 *   channels   channel sessions (WhatsApp, Meta, sandbox; each connection owned by one process through its lease) and the sender
 *   projections [parked <name> | retry <name>]   lag and parked events of every projector and reactor; re-applies parked events
 *   verify <ticket-id | stream | all>   checks hash chains; exits 1 naming the first broken link
 */
const usage = `usage: conversa <start|api|edge|projector|automation|channels|rebuild <projector|all>|projections [parked|retry <name>]|verify <ticket-id|stream|all>>`;

async function main(argv: string[]): Promise<void> {
  const [role = 'start', ...rest] = argv;
  const config = loadConfig();
  const startedAt = performance.now();

  switch (role) {
    case 'start':
    case 'api':
    case 'edge': {
      const all = role === 'start';
      const wiring = await wire(config, { runProjections: all });
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
      const url = `http://localhost:${config.port}`;
      console.log(`Conversa (${role}) ready in ${Math.round(performance.now() - startedAt)} ms at ${url}`);
      if (role !== 'edge') console.log(`Log in as ${config.adminEmail} (password from ADMIN_PASSWORD${process.env.ADMIN_PASSWORD ? '' : ', default conversa123'})`);
      onShutdown(async () => {
        await app.close();
        await wiring.close();
      });
      return;
    }
    case 'projector': {
      const wiring = await wire(config, { runProjections: true });
      console.log(`Conversa projector running ${projectors.map((p) => p.name).join(', ')}`);
      onShutdown(() => wiring.close());
      return;
    }
    case 'channels': {
      // Reads the read models the projector role keeps; sends what the sender reactor hands it, for the sessions it owns.
      const wiring = await wire(config, { runProjections: false });
      await wiring.reactors.start();
      await wiring.sessions.start();
      console.log('Conversa channels running (sessions, sender)');
      onShutdown(() => wiring.close());
      return;
    }
    case 'automation': {
      // Reads the read models the projector role keeps; writes only events.
      const wiring = await wire(config, { runProjections: false });
      wiring.automation.scheduler.start();
      wiring.presence.start();
      wiring.routing.scheduler.start();
      wiring.webhooks.deliverer.start();
      wiring.campaigns.scheduler.start();
      wiring.invoices.scheduler.start();
      console.log('Conversa automation running (scheduled messages, online status, routing timers, webhook deliveries, campaign dispatch, invoices)');
      onShutdown(() => wiring.close());
      return;
    }
    case 'rebuild': {
      const target = rest[0];
      if (!target) throw new Error(usage);
      const chosen = target === 'all' ? projectors : projectors.filter((p) => p.name === target);
      if (chosen.length === 0) throw new Error(`Unknown projector ${target}; known: ${projectors.map((p) => p.name).join(', ')}`);
      const wiring = await wire(config, { runProjections: false });
      try {
        for (const projector of chosen) {
          const result = await rebuildProjector({ db: wiring.db, connectionString: wiring.databaseUrl, store: wiring.store, projector, logger: console });
          console.log(`rebuilt ${projector.name}: ${JSON.stringify(result)}`);
        }
      } finally {
        await wiring.close();
      }
      return;
    }
    case 'projections': {
      // Beside a running product or without one: on the embedded database, the running server's if there is one.
      const databaseUrl = config.databaseUrl ?? (await runningEmbeddedPostgres(config.dataDir)) ?? undefined;
      const wiring = await wire({ ...config, databaseUrl }, { runProjections: false });
      let code: number;
      try {
        const reactors = wiring.reactors.projectors;
        code = await runProjectionsCommand(rest, { db: wiring.db, store: wiring.store, projectors, reactors });
      } finally {
        await wiring.close();
      }
      process.exit(code);
    }
    case 'verify': {
      const target = rest[0];
      if (!target) throw new Error(usage);
      // Beside a running product or without one, as `projections` does.
      const databaseUrl = config.databaseUrl ?? (await runningEmbeddedPostgres(config.dataDir)) ?? undefined;
      const wiring = await wire({ ...config, databaseUrl }, { runProjections: false });
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
    default:
      throw new Error(usage);
  }
}

/**
 * Ctrl-C (SIGINT) or SIGTERM: an orderly stop, then one line. `stop` closes the HTTP server first (no new requests or
 * sockets), then the wiring: workers and their leases, the projector runtime, the pools, the embedded Postgres last
 * (it runs in its own process group, so the terminal's Ctrl-C reaches only this process). A repeated signal while
 * stopping is ignored: tsx relays the terminal's signal a second time.
 */
function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = performance.now();
    // The terminal echoed ^C on the current line.
    const lead = process.stdout.isTTY ? '\n' : '';
    stop().then(
      () => {
        console.log(`${lead}${signal}: stopped in ${Math.round(performance.now() - started)} ms`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`${lead}${signal}: stopped with an error: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  takeOverStopSignals();
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
