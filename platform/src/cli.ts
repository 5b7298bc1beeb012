import { EventRegistry } from '@conversa/contracts';
import type { EventStore } from '@conversa/eventstore';
import { createPostgresEventStore } from '@conversa/eventstore/postgres/index';
import { Kysely, PostgresDialect } from 'kysely';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { AnyDatabase, Projector } from './projector';
import { type Logger, type RebuildResult, rebuildProjector } from './rebuild';

export const rebuildUsage = `Usage: rebuild <projectorName|all> [--database-url <url>] [--eventstore-schema <name>] [--batch-size <n>]
  Drops the projector's read tables, recreates them and replays every event it handles.
  --database-url       read tables and event store (default: $DATABASE_URL)
  --eventstore-schema  schema of the Postgres event store (default: eventstore)
  --batch-size         events per transaction (default: 5000)`;

export interface RebuildCommandContext {
  projectors: readonly Projector[];
  /** Needed to read events as the product knows them (upcasting); only used when `store` is not given. */
  registry?: EventRegistry;
  /** The product's own store (e.g. EventStoreDB); by default the Postgres store on the database URL. */
  store?: EventStore;
  logger?: Logger;
  env?: NodeJS.ProcessEnv;
}

/**
 * `rebuild <projectorName|all> …` with the projector list injected: the product binary calls this
 * from its own command line. Returns the process exit code.
 */
export async function runRebuildCommand(args: readonly string[], context: RebuildCommandContext): Promise<number> {
  const logger = context.logger ?? console;
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        'database-url': { type: 'string' },
        'eventstore-schema': { type: 'string' },
        'batch-size': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    logger.error(`${(error as Error).message}\n${rebuildUsage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const target = positionals[0];
  if (values.help || !target || positionals.length > 1) {
    (values.help ? logger.info : logger.error)(rebuildUsage);
    return values.help ? 0 : 2;
  }
  const databaseUrl = values['database-url'] ?? (context.env ?? process.env).DATABASE_URL;
  if (!databaseUrl) {
    logger.error(`No database: pass --database-url or set DATABASE_URL.\n${rebuildUsage}`);
    return 2;
  }
  const batchSize = values['batch-size'] === undefined ? undefined : Number(values['batch-size']);
  if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0)) {
    logger.error(`--batch-size must be a positive integer`);
    return 2;
  }
  const selected = target === 'all' ? context.projectors : context.projectors.filter((p) => p.name === target);
  if (selected.length === 0) {
    logger.error(`Unknown projector "${target}". Known: ${context.projectors.map((p) => p.name).join(', ') || '(none)'}`);
    return 2;
  }

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', (error) => console.warn(`pool: idle connection lost (${error.message})`));
  pool.on('error', () => {});
  const db = new Kysely<AnyDatabase>({ dialect: new PostgresDialect({ pool }) });
  const store =
    context.store ??
    (await createPostgresEventStore({
      connectionString: databaseUrl,
      registry: context.registry ?? new EventRegistry(),
      schema: values['eventstore-schema'],
    }));
  const results: RebuildResult[] = [];
  try {
    for (const projector of selected) {
      results.push(await rebuildProjector({ db, connectionString: databaseUrl, store, projector, batchSize, logger }));
    }
    if (results.length > 1) {
      const events = results.reduce((sum, r) => sum + r.events, 0);
      const ms = results.reduce((sum, r) => sum + r.ms, 0);
      logger.info(`Rebuilt ${results.length} projectors: ${events} events in ${(ms / 1000).toFixed(2)} s`);
    }
    return 0;
  } catch (error) {
    logger.error(`Rebuild failed`, error);
    return 1;
  } finally {
    if (!context.store) await store.close();
    await db.destroy();
  }
}

/**
 * Run directly (`tsx platform/src/cli.ts rebuild …`): the projectors come from a module
 * exporting `projectors` (and `registry`, if it has one), by default the product's `projections/index.ts`.
 */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'rebuild') {
    console.error(
      `Unknown command "${command ?? ''}".\n${rebuildUsage}\n  --projectors         module exporting \`projectors\` and \`registry\` (default: projections/index.ts)`,
    );
    return 2;
  }
  const moduleFlag = rest.indexOf('--projectors');
  const modulePath = moduleFlag >= 0 ? resolve(rest.splice(moduleFlag, 2)[1] ?? '') : new URL('../../projections/index.ts', import.meta.url).pathname;
  const module = (await import(pathToFileURL(modulePath).href)) as { projectors?: readonly Projector[]; registry?: EventRegistry };
  if (!Array.isArray(module.projectors)) {
    console.error(`${modulePath} does not export \`projectors\``);
    return 2;
  }
  if (!module.registry) console.warn(`${modulePath} exports no \`registry\`: events are read as stored, without upcasting`);
  return runRebuildCommand(rest, { projectors: module.projectors, registry: module.registry });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
