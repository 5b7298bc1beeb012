/**
 * Settings of the embedded Postgres sized to the machine it runs on, instead of Postgres' 128 MB
 * defaults. Node shares the machine, so Postgres is given a budget (half the memory unless
 * PG_MEMORY_MB says otherwise) and the usual proportions of it; PG_SETTINGS overrides any value.
 */
export interface MachineShape {
  totalMemoryBytes: number;
  cpus: number;
}

export interface SizingOptions {
  /** Memory Postgres may use, in MB (PG_MEMORY_MB); default half the machine. */
  memoryMb?: number;
  /** `name=value` pairs, comma-separated (PG_SETTINGS); applied last, so they win. */
  overrides?: string;
  maxConnections?: number;
}

const MB = 1024 * 1024;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, Math.round(value)));

export function embeddedPostgresSettings(machine: MachineShape, options: SizingOptions = {}): Record<string, string> {
  const totalMb = Math.floor(machine.totalMemoryBytes / MB);
  const budgetMb = clamp(options.memoryMb ?? totalMb / 2, 256, totalMb);
  const maxConnections = options.maxConnections ?? 200;
  const cpus = Math.max(1, machine.cpus);
  const settings: Record<string, string> = {
    max_connections: String(maxConnections),
    // Half the budget as Postgres' own cache (a quarter of the machine by default); the rest is the
    // kernel's page cache, which Postgres reads through too.
    shared_buffers: `${clamp(budgetMb / 2, 128, 8192)}MB`,
    effective_cache_size: `${clamp(totalMb * 0.6, 256, 65536)}MB`,
    // Sorts and hashes per operation: a report's group-by fits without spilling, 200 connections cannot exhaust memory.
    work_mem: `${clamp(budgetMb / (maxConnections / 4), 4, 64)}MB`,
    maintenance_work_mem: `${clamp(budgetMb / 16, 64, 1024)}MB`,
    // Fewer, spread checkpoints: the inbound path writes the event log and several read tables per message.
    max_wal_size: '2GB',
    min_wal_size: '256MB',
    checkpoint_timeout: '15min',
    checkpoint_completion_target: '0.9',
    wal_compression: 'on',
    // Local SSD-backed disks: random reads cost about what sequential ones do.
    random_page_cost: '1.1',
    effective_io_concurrency: '200',
    max_worker_processes: String(Math.max(8, cpus)),
    max_parallel_workers_per_gather: String(Math.min(4, Math.floor(cpus / 2))),
    max_parallel_workers: String(cpus),
    // The hot read tables (tickets, messages, contacts) change all day: vacuum and analyse them after
    // a few percent of changes, not the default 20%, so their plans and visibility maps stay fresh.
    autovacuum_naptime: '15s',
    autovacuum_vacuum_scale_factor: '0.05',
    autovacuum_analyze_scale_factor: '0.02',
    autovacuum_vacuum_insert_scale_factor: '0.05',
    autovacuum_vacuum_cost_limit: '1000',
  };
  for (const pair of (options.overrides ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    settings[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return settings;
}

/** The settings as `postgres -c name=value` flags. */
export const asPostgresFlags = (settings: Record<string, string>) => Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
