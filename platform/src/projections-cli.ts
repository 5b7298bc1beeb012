import type { EventStore } from '@conversa/eventstore';
import type { Kysely } from 'kysely';
import { parseArgs } from 'node:util';
import { ensureSchemas } from './checkpoints';
import { describeParked, listParked, parkedCounts, retryParked } from './parking';
import type { AnyDatabase, Projector } from './projector';
import type { Logger } from './rebuild';
import { projectionLag } from './runtime';

export const projectionsUsage = `Usage: projections [parked <name> | retry <name> [--force]]
  (none)          every projector and reactor: lag (events, seconds behind) and parked events
  parked <name>   its parked events, oldest first: position, type, stream@revision, attempts, error, time
  retry <name>    re-applies its parked events in position order through its handler, each in a
                  transaction; an applied one leaves the parked table, a failing one stays (attempts + 1).
                  An event of a stream with later events the projector handles is skipped (order
                  matters there): rebuild the projector, or pass --force to apply it anyway.`;

export interface ProjectionsCommandContext {
  db: Kysely<AnyDatabase>;
  store: EventStore;
  /** Read models: listed, and retried here (their writes are rows in this database). */
  projectors: readonly Projector[];
  /**
   * Listed, never retried from here: their effects (a message sent, a webhook) go through the
   * channels the running product holds. A fix for them ships with a restart of that product.
   */
  reactors?: readonly Projector[];
  /** Where the report goes (info) and what goes wrong (error). */
  logger?: Logger;
}

const pad = (cells: readonly string[], widths: readonly number[]) =>
  cells
    .map((cell, i) => cell.padEnd(widths[i] ?? 0))
    .join('  ')
    .trimEnd();

function table(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => pad(row, widths)).join('\n');
}

/** `projections …` with the product's projectors injected. Returns the exit code. */
export async function runProjectionsCommand(args: readonly string[], context: ProjectionsCommandContext): Promise<number> {
  const logger = context.logger ?? console;
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    logger.error(`${(error as Error).message}\n${projectionsUsage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [action, name, ...extra] = positionals;
  if (values.help) {
    logger.info(projectionsUsage);
    return 0;
  }
  const reactors = context.reactors ?? [];
  const all = [...context.projectors.map((p) => ({ p, kind: 'projector' })), ...reactors.map((p) => ({ p, kind: 'reactor' }))];
  await ensureSchemas(context.db);

  if (action === undefined) {
    const counts = await parkedCounts(context.db);
    const rows = [['name', 'kind', 'lag events', 'lag seconds', 'parked']];
    for (const { p, kind } of all) {
      const lag = await projectionLag({ db: context.db, store: context.store, projector: p });
      rows.push([p.name, kind, String(lag.events), (lag.ms / 1000).toFixed(1), String(counts.get(p.name) ?? 0)]);
    }
    logger.info(table(rows));
    return 0;
  }
  if ((action !== 'parked' && action !== 'retry') || !name || extra.length > 0) {
    logger.error(projectionsUsage);
    return 2;
  }
  const found = all.find(({ p }) => p.name === name);
  if (!found) {
    logger.error(`Unknown projector "${name}". Known: ${all.map(({ p }) => p.name).join(', ')}`);
    return 2;
  }

  if (action === 'parked') {
    const parked = await listParked(context.db, name);
    if (parked.length === 0) {
      logger.info(`${name}: no parked events`);
      return 0;
    }
    const rows = [['position', 'type', 'stream', 'attempts', 'parked at', 'error']];
    for (const event of parked) {
      rows.push([
        `${event.position.commit}/${event.position.prepare}`,
        event.type,
        `${event.streamId}@${event.revision}`,
        String(event.attempts),
        event.parkedAt.toISOString(),
        event.error,
      ]);
    }
    logger.info(table(rows));
    return 0;
  }

  if (found.kind === 'reactor') {
    logger.error(
      `${name} is a reactor: its effects go through the running product's channels, so it is not retried from here. Its parked events: \`projections parked ${name}\`.`,
    );
    return 2;
  }
  const outcomes = await retryParked({ db: context.db, store: context.store, projector: found.p, force: values.force ?? false });
  for (const { event, outcome, reason } of outcomes) {
    const line = `${outcome.padEnd(7)} ${describeParked(event)}${reason ? ` — ${reason}` : ''}`;
    (outcome === 'applied' ? logger.info : logger.warn)(line);
  }
  const applied = outcomes.filter((o) => o.outcome === 'applied').length;
  logger.info(`${name}: ${applied} of ${outcomes.length} parked event(s) applied; ${outcomes.length - applied} still parked`);
  return applied === outcomes.length ? 0 : 1;
}
