/**
 * Event store benchmark: `npx tsx services/eventstore/bench/eventstore.bench.ts` (or `pnpm bench:eventstore`).
 * Starts its own embedded Postgres and prints one JSON line per figure, each the median of
 * five runs after a warm-up. Add figures by writing a FigureModule and listing it below.
 */
import type { EventStore } from '../src/port';
import { createPostgresEventStore } from '../src/postgres/index';
import { createDatabase, startPostgres } from '../../testing/src/postgres';
import { appendFigures, benchRegistry } from './append';
import { printFigure, type BenchContext, type FigureModule } from './figures';
import { measureVisibilityAndReplay } from './visibility';

const modules: FigureModule[] = [appendFigures];

async function main(): Promise<void> {
  const server = await startPostgres();
  const stores: EventStore[] = [];
  try {
    const database = await createDatabase(server.adminUrl, 'bench');
    const registry = benchRegistry();
    const context: BenchContext = {
      connectionString: database.url,
      registry,
      async createStore(options = {}) {
        const store = await createPostgresEventStore({ connectionString: database.url, registry, ...options });
        stores.push(store);
        return store;
      },
    };
    for (const module of modules) await module(context);
  } finally {
    await Promise.all(stores.map((store) => store.close()));
    await server.stop();
  }
  // The read-side figures run on a Postgres of their own, with the projection runtime.
  for (const figure of await measureVisibilityAndReplay()) printFigure(figure.name, figure.value, figure.unit);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
