import { randomUUID } from 'node:crypto';
import { ERASED_TEXT, type EventToAppend, type RecordedEvent } from '@conversa/contracts';
import { verifyChain } from '@conversa/contracts/events/hash-chain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../port';
import type { KeyVault } from '../personal/vault';
import { StateCache } from '../state/cache';
import { collect } from './collector';
import { ConformancePersonal, ConformancePersonalEdited, conformanceMetadata } from './events';
import { uniquePrefix } from './helpers';

/** The sealed store's parts a test looks behind: the store it wraps and its key vault. */
export interface SealedParts {
  inner: EventStore;
  vault: KeyVault;
}

let nextContact = Math.floor(Math.random() * 1_000_000) + 1_000;

const said = (contactId: number, body: string, occurredAt = '2026-03-10T12:00:00.000Z'): EventToAppend => ({
  id: randomUUID(),
  type: ConformancePersonal.type,
  data: { contactId, name: `Maria ${contactId}`, body, place: { lat: -23.5, lng: -46.6 }, tags: ['vip'] },
  metadata: conformanceMetadata({ occurredAt }),
});

const edited = (body: string): EventToAppend => ({ id: randomUUID(), type: ConformancePersonalEdited.type, data: { body }, metadata: conformanceMetadata() });

const dataOf = (events: readonly RecordedEvent[]) => events.map((event) => event.data);

/** Contacts' personal fields sealed at rest, opened on every read, erased with their keys. */
export function describePersonalData(current: () => EventStore, parts: () => SealedParts): void {
  let store: EventStore;
  let inner: EventStore;
  let vault: KeyVault;
  beforeAll(() => {
    store = current();
    ({ inner, vault } = parts());
  });

  describe('personal fields', () => {
    it('are stored sealed, named in the metadata, and read back in clear by every read', async () => {
      const contactId = nextContact++;
      const stream = `${uniquePrefix()}p`;
      await store.appendToStream(stream, [said(contactId, 'olá, meu cpf é 123'), edited('corrigido')]);
      const stored = await inner.readStream(stream, { raw: true });
      const text = JSON.stringify(stored.map((event) => event.data));
      for (const secret of ['Maria', 'cpf', 'vip', '-23.5', 'corrigido']) expect(text).not.toContain(secret);
      expect(stored[0]!.metadata.sealed).toEqual(['name', 'tags', 'body', 'place']);
      expect(stored[1]!.metadata.sealed).toEqual(['body']);
      expect((stored[0]!.data as { contactId: number }).contactId).toBe(contactId);
      expect(verifyChain(stored).valid).toBe(true);

      const plain = [
        { contactId, name: `Maria ${contactId}`, body: 'olá, meu cpf é 123', place: { lat: -23.5, lng: -46.6 }, tags: ['vip'] },
        { body: 'corrigido' },
      ];
      expect(dataOf(await store.readStream(stream))).toEqual(plain);
      expect(dataOf((await store.readAll()).filter((event) => event.streamId === stream))).toEqual(plain);
      const subscriber = collect(store, { filter: { streamPrefixes: [stream] } });
      await subscriber.waitForCount(2);
      await subscriber.stop();
      expect(dataOf(subscriber.events)).toEqual(plain);
      const states = new StateCache();
      const folded = await states.hold(store, stream, {
        key: 'bodies',
        initialState: () => [] as unknown[],
        evolve: (state, event) => [...state, (event.data as { body: string }).body],
      });
      expect(folded.state).toEqual(['olá, meu cpf é 123', 'corrigido']);
      folded.release();
    });

    it("read as erased once the contact's keys are destroyed, the chain intact; a new message starts a new key", async () => {
      const contactId = nextContact++;
      const stream = `${uniquePrefix()}p`;
      await store.appendToStream(stream, [said(contactId, 'antes')]);
      const before = await inner.readStream(stream, { raw: true });
      expect(await vault.destroy({ companyId: 1, contactId })).toBe(2);
      expect(await vault.destroy({ companyId: 1, contactId })).toBe(0);
      expect(dataOf(await store.readStream(stream))).toEqual([{ contactId, name: ERASED_TEXT, body: ERASED_TEXT, place: null, tags: [] }]);
      expect(await inner.readStream(stream, { raw: true })).toEqual(before);

      await store.appendToStream(stream, [said(contactId, 'depois')]);
      const after = await store.readStream(stream);
      expect((after[1]!.data as { body: string }).body).toBe('depois');
      expect((after[0]!.data as { body: string }).body).toBe(ERASED_TEXT);
      expect(verifyChain(await inner.readStream(stream, { raw: true })).valid).toBe(true);
    });

    it("erase a period's contents with its key and keep the contact's name", async () => {
      const contactId = nextContact++;
      const stream = `${uniquePrefix()}p`;
      await store.appendToStream(stream, [said(contactId, 'velha', '2026-01-05T10:00:00.000Z'), said(contactId, 'nova', '2026-02-05T10:00:00.000Z')]);
      expect(await vault.destroy({ companyId: 1, periodsBefore: '2026-02-01' })).toBeGreaterThanOrEqual(1);
      const [old, recent] = await store.readStream(stream);
      expect(old!.data).toMatchObject({ name: `Maria ${contactId}`, body: ERASED_TEXT, place: null, tags: ['vip'] });
      expect(recent!.data).toMatchObject({ name: `Maria ${contactId}`, body: 'nova' });
    });

    it('refuses an event whose contact cannot be told, writing nothing', async () => {
      const stream = `${uniquePrefix()}p`;
      await expect(store.appendToStream(stream, [edited('sem dono')])).rejects.toThrow(/no contact/);
      expect(await inner.readStream(stream, { raw: true })).toEqual([]);
    });
  });
}
