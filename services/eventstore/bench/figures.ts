import type { EventRegistry } from '@conversa/contracts';
import type { EventStore } from '../src/port';
import type { PostgresEventStoreOptions } from '../src/postgres/index';

/** One figure per line, machine-readable: `{"name":…,"value":…,"unit":…}`. */
export function printFigure(name: string, value: number, unit: string): void {
  process.stdout.write(`${JSON.stringify({ name, value: Number(value.toFixed(2)), unit })}\n`);
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const RUNS = 5;

/** Runs `run` once to warm up (JIT, prepared statements, pool), then RUNS times; the median of those. */
export async function medianOfRuns(run: () => Promise<number>, runs = RUNS): Promise<number> {
  await run();
  const values: number[] = [];
  for (let index = 0; index < runs; index++) values.push(await run());
  return median(values);
}

export interface BenchContext {
  /** URL of a database made for this benchmark run on its own embedded Postgres. */
  connectionString: string;
  /** The event types the benchmark appends (see append.ts). */
  registry: EventRegistry;
  /** A Postgres event store on that database; closed when the benchmark ends. */
  createStore(options?: Partial<PostgresEventStoreOptions>): Promise<EventStore>;
}

/** A group of figures; eventstore.bench.ts runs each module in turn. */
export type FigureModule = (context: BenchContext) => Promise<void>;
