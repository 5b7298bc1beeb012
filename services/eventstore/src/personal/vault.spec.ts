import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cachedVault, type DataKey, type KeyScope, type KeyVault } from './vault';

/** A vault in memory that counts what reaches it. */
function countingVault() {
  const keys = new Map<number, { scope: KeyScope; key: Buffer | null }>();
  const calls = { create: 0, open: 0 };
  const vault: KeyVault = {
    async create(scope) {
      calls.create++;
      const live = [...keys].find(([, entry]) => entry.key && entry.scope.contactId === scope.contactId && entry.scope.period === scope.period);
      if (live) return { id: live[0], key: live[1].key! } satisfies DataKey;
      const id = keys.size + 1;
      keys.set(id, { scope, key: randomBytes(32) });
      return { id, key: keys.get(id)!.key! };
    },
    async open(ids) {
      calls.open++;
      return new Map(ids.map((id) => [id, keys.get(id)?.key ?? null]));
    },
    async destroy(what) {
      let count = 0;
      for (const entry of keys.values()) {
        if (!('contactId' in what) || entry.scope.contactId !== what.contactId || !entry.key) continue;
        entry.key = null;
        count++;
      }
      return count;
    },
    close: async () => {},
  };
  return { vault, calls };
}

const scope = { companyId: 1, contactId: 5, period: '' };

describe('cachedVault', () => {
  it('asks the vault once per key, and not at all to open a key it made', async () => {
    const { vault, calls } = countingVault();
    const cached = cachedVault(vault);
    const [a, b] = await Promise.all([cached.create(scope), cached.create(scope)]);
    expect(a.id).toBe(b.id);
    await cached.create(scope);
    expect(calls.create).toBe(1);
    expect((await cached.open([a.id])).get(a.id)).toEqual(a.key);
    expect(calls.open).toBe(0);
  });

  it('forgets every key on a destruction: the next create makes a new one, the old opens as null', async () => {
    const { vault } = countingVault();
    const cached = cachedVault(vault);
    const first = await cached.create(scope);
    expect(await cached.destroy({ companyId: 1, contactId: 5 })).toBe(1);
    expect((await cached.open([first.id])).get(first.id)).toBeNull();
    expect((await cached.create(scope)).id).not.toBe(first.id);
  });

  it("is bounded, and keys age out (another process's destruction reaches it)", async () => {
    const { vault, calls } = countingVault();
    let now = 0;
    const cached = cachedVault(vault, { maxKeys: 2, ttlMs: 1_000, now: () => now });
    const made = await Promise.all([1, 2, 3].map((contactId) => cached.create({ ...scope, contactId })));
    await cached.open([made[0]!.id]);
    expect(calls.open).toBe(1);
    now = 2_000;
    await cached.create({ ...scope, contactId: 3 });
    expect(calls.create).toBe(4);
  });
});
