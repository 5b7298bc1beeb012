import { LeaseBusyError } from '@conversa/platform';

/**
 * The `conversa` command's usage texts and exit codes (docs/operations.md "The conversa command").
 * Scripts rely on the codes: keep the table there in step with EXIT.
 */
export const EXIT = {
  ok: 0,
  /** The operation ran and failed (an unexpected error, a broken hash chain, a parked event that stays). */
  failed: 1,
  /** Unknown command, missing or unknown argument, unknown projector. */
  usage: 2,
  /** `rebuild`: a running instance kept the projector's lease for the whole `--wait`. */
  leaseBusy: 3,
  /** Postgres (or NATS) did not answer. */
  unreachable: 4,
} as const;

const commands = {
  start: ['start', 'every role in one process on the embedded defaults (the default command)'],
  api: ['api', 'HTTP API and the built UI'],
  edge: ['edge', 'websocket edge'],
  projector: ['projector', 'read-model projections (the heavy ones as PROJECTOR_PARTITIONS partitions by company)'],
  reactors: ['reactors', 'side effects on the event log (sender, routing bot, webhook fan-out, greetings …), one active per reactor'],
  automation: ['automation', 'scheduled messages, routing timers, webhook deliveries, campaigns, invoices (one process holds each lease)'],
  channels: ['channels', 'channel sessions (WhatsApp, Meta, sandbox): sends what the sender hands them'],
  rebuild: [
    'rebuild <projector|all> [--wait <seconds>]',
    "drops a projector's read tables and replays the event log into them, printing progress\n" +
      "    (events done / total, rate, ETA). Beside a running product it uses that product's database\n" +
      '    (DATABASE_URL, or the embedded Postgres under DATA_DIR) and waits at most --wait seconds\n' +
      '    (default 30) for the running product to release the projector; then exits 3.\n' +
      "    `rebuild snapshots` (and `rebuild all`) drops the write side's snapshots of long streams: the\n" +
      '    next command on each stream folds it whole once and writes a fresh one.',
  ],
  projections: ['projections [parked <name> | retry <name> [--force]]', 'lag and parked events of every projector and reactor; re-applies parked events'],
  verify: ['verify <ticket-id|stream|all>', 'checks hash chains; exits 1 naming the first broken link'],
  lgpd: [
    'lgpd migrate',
    "seals the contacts' personal fields of events stored in clear (before sealing existed) with their\n" +
      '    data keys and recomputes those streams\' hash chains (docs/lgpd.md "Migration"), printing progress.\n' +
      '    Safe beside a running product and resumable: run it again after any stop. Postgres event store\n' +
      '    only: with EVENTSTORE_URL it refuses (exit 1).',
  ],
} as const satisfies Record<string, readonly [string, string]>;

export type CommandName = keyof typeof commands;

export const isCommand = (name: string): name is CommandName => Object.hasOwn(commands, name);

export function usage(): string {
  const lines = Object.values(commands).map(([synopsis, what]) => `  ${synopsis}\n    ${what}`);
  return [
    'usage: conversa [command] [arguments]   (pnpm conversa … in the repository)',
    '',
    'commands:',
    ...lines,
    '',
    'conversa <command> --help shows one command. Exit codes: 0 done, 1 failed, 2 usage error,',
    '3 projector lease held by a running instance, 4 database unreachable (docs/operations.md).',
  ].join('\n');
}

export function commandUsage(name: CommandName): string {
  const [synopsis, what] = commands[name];
  return `usage: conversa ${synopsis}\n    ${what}`;
}

export const wantsHelp = (args: readonly string[]) => args.includes('--help') || args.includes('-h');

/** A mistake in the command line: printed with the usage, exit 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: CommandName,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'CONNECTION_REFUSED']);

/** The exit code for an error that ended a command. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof LeaseBusyError) return EXIT.leaseBusy;
  const codes = [error, ...(error instanceof AggregateError ? error.errors : [])].map((e) => (e as { code?: unknown } | null)?.code);
  if (codes.some((code) => typeof code === 'string' && UNREACHABLE.has(code))) return EXIT.unreachable;
  return EXIT.failed;
}

/**
 * What to print for an error: its message, or for errors without one (a refused connection is an
 * AggregateError with an empty message) the codes and addresses of its causes, never `undefined`.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message) return error.message;
  const causes = error instanceof AggregateError ? error.errors : [];
  const parts = causes.map((cause) => (cause instanceof Error ? cause.message || (cause as { code?: string }).code || cause.name : String(cause)));
  return parts.length > 0 ? `${error.name}: ${parts.join('; ')}` : ((error as { code?: string }).code ?? error.name);
}

/** `--wait <seconds>` of rebuild, in ms. */
export function parseWait(args: readonly string[]): { waitMs: number; rest: string[] } {
  const rest = [...args];
  const at = rest.indexOf('--wait');
  if (at < 0) return { waitMs: 30_000, rest };
  const value = Number(rest[at + 1]);
  if (!Number.isFinite(value) || value < 0) throw new UsageError(`--wait takes a number of seconds, got ${rest[at + 1] ?? 'nothing'}`, 'rebuild');
  rest.splice(at, 2);
  return { waitMs: value * 1000, rest };
}
