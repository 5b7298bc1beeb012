/**
 * Where contacts' data keys live (docs/lgpd.md "Keys and backups"). The local implementation keeps
 * them sealed by the operator's key in Postgres (postgres-vault.ts); an external KMS can stand in.
 */
export interface KeyScope {
  companyId: number;
  contactId: number;
  /** '' for the contact's identity key; 'YYYY-MM-DD' (UTC) for the key of a day's contents. */
  period: string;
}

export interface DataKey {
  id: number;
  /** 32 bytes of AES-256 key. */
  key: Buffer;
}

export type KeyDestruction =
  /** Every key the contact ever had (erasure): identity and every period. */
  | { companyId: number; contactId: number }
  /** The company's period keys of days before `periodsBefore` ('YYYY-MM-DD'; retention). */
  | { companyId: number; periodsBefore: string };

export interface KeyVault {
  /** The scope's live key; a new one (the next generation) when it has none, or its last was destroyed. */
  create(scope: KeyScope): Promise<DataKey>;
  /** Keys by id: null for one destroyed (or unknown). */
  open(ids: readonly number[]): Promise<Map<number, Buffer | null>>;
  /** Destroys the keys named for good; answers how many were still live. Idempotent. */
  destroy(what: KeyDestruction): Promise<number>;
  /**
   * Changes whenever this process destroys keys (cachedVault): what was opened before may be stale.
   * Absent: the vault never says (nothing opened is kept longer than its own cache).
   */
  epoch?(): number;
  close(): Promise<void>;
}

export interface CachedVaultOptions {
  /** Opened keys kept in memory (least recently used leave first). Default 10,000. */
  maxKeys?: number;
  /**
   * How long a key stays cached: another process's destruction reaches this one at the latest then
   * (this process's own at once). Default 30 s.
   */
  ttlMs?: number;
  now?: () => number;
}

interface Cached<T> {
  value: T;
  at: number;
}

/** A bounded LRU with an age limit. */
class Lru<K, V> {
  private readonly entries = new Map<K, Cached<V>>();
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.at > this.ttlMs) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: this.now() });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }
}

const scopeKey = (scope: KeyScope): string => `${scope.companyId}:${scope.contactId}:${scope.period}`;

/**
 * Opened keys cached in memory, so a field never costs a round trip or an unseal: a key is opened
 * once per process (and per ttl) and reused for every field of every event under it.
 */
export function cachedVault(vault: KeyVault, options: CachedVaultOptions = {}): KeyVault {
  const now = options.now ?? Date.now;
  const max = options.maxKeys ?? 10_000;
  const ttl = options.ttlMs ?? 30_000;
  const live = new Lru<string, DataKey>(max, ttl, now);
  const opened = new Lru<number, Buffer | null>(max, ttl, now);
  const creating = new Map<string, Promise<DataKey>>();
  let epoch = 0;
  return {
    epoch: () => epoch,
    async create(scope) {
      const name = scopeKey(scope);
      const cached = live.get(name);
      if (cached) return cached;
      // Concurrent appends for one contact share one lookup.
      let pending = creating.get(name);
      if (!pending) {
        pending = vault.create(scope).finally(() => creating.delete(name));
        creating.set(name, pending);
      }
      const key = await pending;
      live.set(name, key);
      opened.set(key.id, key.key);
      return key;
    },
    async open(ids) {
      const found = new Map<number, Buffer | null>();
      const missing: number[] = [];
      for (const id of ids) {
        const cached = opened.get(id);
        if (cached === undefined) missing.push(id);
        else found.set(id, cached);
      }
      if (missing.length > 0) {
        for (const [id, key] of await vault.open(missing)) {
          opened.set(id, key);
          found.set(id, key);
        }
      }
      return found;
    },
    async destroy(what) {
      const count = await vault.destroy(what);
      epoch++;
      // Cheaper than finding the entries: destruction is rare, the cache refills on demand.
      live.clear();
      opened.clear();
      return count;
    },
    close: () => vault.close(),
  };
}
