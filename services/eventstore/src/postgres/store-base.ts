import type { EventRegistry, RecordedEvent } from '@conversa/contracts';
import pg from 'pg';
import type { AppendNotifier } from './notifier';
import { rowPosition, type EventRow, type Statement } from './queries';

const CHAIN_CACHE_SIZE = 10_000;

export interface StreamHead {
  revision: number;
  hash: string | null;
}

interface DatabaseError extends Error {
  code?: string;
  detail?: string;
}

/**
 * What the append path and the reads share: the pool and how a statement runs on it, the mapping of
 * a row into a recorded event, and the stream heads both of them learn.
 */
export abstract class PostgresStoreBase {
  /**
   * Last known (revision, hash) per stream, from our own appends and reads. It lets an append
   * chain its hashes without reading the stream first; a wrong guess costs one retry, as the
   * database checks the base and answers with the actual head.
   */
  protected readonly chainHeads = new Map<string, StreamHead>();
  protected closed = false;

  constructor(
    protected readonly pool: pg.Pool,
    protected readonly registry: EventRegistry,
    protected readonly schema: string,
    protected readonly notifier: AppendNotifier,
    protected readonly pollIntervalMs: number,
  ) {}

  protected assertOpen(): void {
    if (this.closed) throw new Error('Event store is closed');
  }

  /**
   * Runs one statement on a pooled connection. Not pool.query: that discards the connection
   * on any error, and expected-revision conflicts are routine here; only an error that
   * leaves the connection unusable should cost a reconnect.
   */
  protected async query<Row extends pg.QueryResultRow>(statement: Statement, client?: pg.PoolClient): Promise<pg.QueryResult<Row>> {
    const config = { name: statement.name, text: statement.text, values: statement.values };
    if (client) return client.query<Row>(config);
    const pooled = await this.pool.connect();
    let broken: Error | undefined;
    try {
      return await pooled.query<Row>(config);
    } catch (error) {
      if (!isStatementError(error)) broken = error as Error;
      throw error;
    } finally {
      pooled.release(broken);
    }
  }

  protected decode(row: EventRow, raw: boolean): RecordedEvent {
    return {
      id: row.event_id,
      streamId: row.stream_id,
      revision: Number(row.revision),
      type: row.type,
      // Sealed personal fields are opened, then upcast, by the sealed store (personal/sealed-store.ts).
      data: raw || row.metadata.sealed?.length ? row.data : this.registry.readStored(row.type, row.data, row.metadata.schemaVersion),
      metadata: row.metadata,
      position: rowPosition(row),
      createdAt: row.created_at,
    };
  }

  protected rememberHead(streamId: string, head: StreamHead): void {
    const known = this.chainHeads.get(streamId);
    if (known && known.revision >= head.revision) return;
    this.chainHeads.delete(streamId);
    this.chainHeads.set(streamId, head);
    if (this.chainHeads.size > CHAIN_CACHE_SIZE) this.chainHeads.delete(this.chainHeads.keys().next().value!);
  }
}

/** An error the server reported for the statement itself: the connection is still fine. */
export function isStatementError(error: unknown): boolean {
  const code = (error as DatabaseError).code;
  return error instanceof pg.DatabaseError && typeof code === 'string' && !code.startsWith('08') && !code.startsWith('57P');
}
