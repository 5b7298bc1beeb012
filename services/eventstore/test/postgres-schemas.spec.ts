import { randomUUID } from 'node:crypto';
import { EventRegistry, EventSchemaError, defineEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collect, conformanceMetadata, createConformanceRegistry, noted, settle } from '../src/conformance/suite';
import { createPostgresEventStore, migrateEventStore } from '../src/postgres/index';
import { db, admin, store, uniquePrefix } from './postgres-fixture';

describe('Postgres event store specifics', () => {
  describe('schemas and versions', () => {
    it('upcasts stored data of an older schema version on read, but a raw read returns it as stored', async () => {
      const schema = `es_upcast_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
      const v1 = new EventRegistry([defineEvent('Renamed', z.object({ name: z.string() }))]);
      const v2 = new EventRegistry([
        defineEvent('Renamed', z.object({ first: z.string(), last: z.string() }), {
          version: 2,
          upcasters: { 1: (data: { name: string }) => ({ first: data.name.split(' ')[0], last: data.name.split(' ')[1] ?? '' }) },
        }),
      ]);
      const oldWriter = await createPostgresEventStore({ connectionString: db.url, registry: v1, schema });
      const reader = await createPostgresEventStore({ connectionString: db.url, registry: v2, schema });
      try {
        const metadata = conformanceMetadata();
        await oldWriter.appendToStream('contact-1', [{ id: randomUUID(), type: 'Renamed', data: { name: 'Ada Lovelace' }, metadata }]);
        await reader.appendToStream('contact-1', [
          { id: randomUUID(), type: 'Renamed', data: { first: 'Grace', last: 'Hopper' }, metadata: { ...metadata, schemaVersion: 2 } },
        ]);
        expect((await reader.readStream('contact-1')).map((event) => event.data)).toEqual([
          { first: 'Ada', last: 'Lovelace' },
          { first: 'Grace', last: 'Hopper' },
        ]);
        expect((await reader.readStream('contact-1', { raw: true })).map((event) => event.data)).toEqual([
          { name: 'Ada Lovelace' },
          { first: 'Grace', last: 'Hopper' },
        ]);
        const collector = collect(reader, {});
        try {
          await collector.waitForCount(2);
          expect(collector.events[0]!.data).toEqual({ first: 'Ada', last: 'Lovelace' });
        } finally {
          await collector.stop();
        }
        await expect(
          reader.appendToStream('contact-1', [{ id: randomUUID(), type: 'Renamed', data: { first: 'A', last: 'B' }, metadata }]),
        ).rejects.toBeInstanceOf(EventSchemaError);
      } finally {
        await Promise.all([oldWriter.close(), reader.close()]);
      }
    });

    it('keeps stores in different schemas apart and migrates idempotently, also concurrently', async () => {
      const schema = `es_other_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
      await Promise.all([migrateEventStore(admin, schema), migrateEventStore(admin, schema), migrateEventStore(admin, schema)]);
      const other = await createPostgresEventStore({ connectionString: db.url, registry: createConformanceRegistry(), schema });
      try {
        const stream = `${uniquePrefix()}s`;
        await other.appendToStream(stream, [noted(1)]);
        expect(await store.readStream(stream)).toEqual([]);
        expect(await other.readStream(stream)).toHaveLength(1);
        const collector = collect(other, {});
        try {
          const delivered = await settle(other, collector, 'sentinel-');
          expect(delivered.map((event) => event.streamId)).toEqual([stream]);
        } finally {
          await collector.stop();
        }
      } finally {
        await other.close();
      }
    });
  });
});
