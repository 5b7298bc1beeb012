import type { Position } from '@conversa/contracts';
import pg from 'pg';

/** application_name of a store's LISTEN connection (visible in pg_stat_activity). */
export const listenApplicationName = (channel: string): string => `conversa-eventstore-listen ${channel}`;

const FIRST_RETRY_MS = 50;
const MAX_RETRY_MS = 5_000;

/**
 * Wakes the subscriptions of one store when events are appended: by LISTEN on a dedicated
 * connection (appends from any process) and directly for appends made by this store.
 * The connection is opened with the first subscription and re-opened whenever it drops;
 * notifications sent meanwhile are lost, so every (re)connect wakes everybody to re-read.
 */
export class AppendNotifier {
  private readonly wakers = new Set<(appended?: Position) => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay = FIRST_RETRY_MS;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
  ) {}

  /** `wake` gets the newest position an append wrote when it is known (else: read to find out). */
  add(wake: (appended?: Position) => void): () => void {
    this.wakers.add(wake);
    this.ensureListening();
    return () => this.wakers.delete(wake);
  }

  wakeAll(appended?: Position): void {
    for (const wake of this.wakers) wake(appended);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.connecting;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private ensureListening(): void {
    if (this.closed || this.client || this.connecting || this.retryTimer) return;
    this.connecting = this.connect().finally(() => {
      this.connecting = null;
    });
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: listenApplicationName(this.channel) });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => this.wakeAll(notifiedPosition(message.payload)));
    try {
      await client.connect();
      await client.query(`listen "${this.channel}"`);
    } catch {
      onLost();
      return;
    }
    if (this.closed || lost) {
      if (!lost) await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryDelay = FIRST_RETRY_MS;
    this.wakeAll();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    // Until the connection is back, subscriptions still make progress through their polling.
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.ensureListening();
    }, this.retryDelay);
    this.retryTimer.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_MS);
  }
}

/** append_batch notifies `<commit>/<global position>`; anything else (an older writer's empty payload) says nothing. */
export function notifiedPosition(payload: string | undefined): Position | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(payload ?? '');
  return match ? { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) } : undefined;
}
