import { EventSchemaError, type EventMetadataInput, type EventRegistry } from '@conversa/contracts';
import { chainHash } from '@conversa/contracts/events/hash-chain';
import pg from 'pg';
import { assertSchemaName } from '../postgres/migration';
import { createPersonalCodec } from './sealed-store';
import type { KeyVault } from './vault';

export interface SealMigrationOptions {
  connectionString: string;
  registry: EventRegistry;
  vault: KeyVault;
  /** The event store's schema; defaults to 'eventstore'. */
  schema?: string;
  /** Streams rewritten per transaction. Default 200. */
  batchStreams?: number;
  onProgress?: (progress: SealMigrationProgress) => void;
}

export interface SealMigrationProgress {
  /** Streams rewritten so far by this run, and how many were left when it started. */
  streams: number;
  total: number;
  /** Events whose stored form changed (sealed, or re-chained after one that was). */
  events: number;
  /** Events whose personal fields were sealed. */
  sealed: number;
  /** Events of a personal type whose contact could not be told: marked, left in clear (docs/lgpd.md). */
  unowned: number;
  ms: number;
}

interface Row {
  event_id: string;
  stream_id: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: EventMetadataInput & { prevHash: string | null; hash: string };
}

export const chainRewritesDdl = (s: string) => `
create table if not exists ${s}.chain_rewrites (
  stream_id text not null,
  -- The stream's last hash before and after: an audit holding the old one can follow it here.
  old_last_hash text,
  new_last_hash text not null,
  events integer not null,
  reason text not null,
  rewritten_at timestamptz not null default now()
);`;

/**
 * `conversa lgpd migrate`: rewrites events stored before personal fields were sealed into the sealed
 * form, and recomputes each touched stream's hash chain (recorded in chain_rewrites), so
 * `conversa verify all` passes after it. Batches of streams, each in one transaction under the
 * streams' row locks (a racing append retries on the new head). An event of a personal type
 * without `metadata.sealed` is what is left to do: a run stopped anywhere (kill -9) resumes where
 * it was, and a finished one finds nothing. Postgres only: EventStoreDB never rewrites an event.
 */
export async function sealStoredEvents(options: SealMigrationOptions): Promise<SealMigrationProgress> {
  const s = assertSchemaName(options.schema ?? 'eventstore');
  const codec = createPersonalCodec({ registry: options.registry, vault: options.vault });
  const types = options.registry.personalTypes();
  const batch = options.batchStreams ?? 200;
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 2, application_name: 'conversa-lgpd-migrate' });
  pool.on('error', () => {});
  const started = performance.now();
  const progress: SealMigrationProgress = { streams: 0, total: 0, events: 0, sealed: 0, unowned: 0, ms: 0 };
  // Streams in order past a cursor, along the (stream_id, revision) index: one pass over the log in all.
  const pending = `select distinct stream_id from ${s}.events where type = any($1::text[]) and not (metadata ? 'sealed') and stream_id > $2`;
  try {
    await pool.query(chainRewritesDdl(s));
    const { rows: counted } = await pool.query<{ count: number }>(`select count(*)::int as count from (${pending}) p`, [types, '']);
    progress.total = counted[0]?.count ?? 0;
    let after = '';
    for (;;) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const { rows: streams } = await client.query<{ stream_id: string; last_hash: string | null }>(
          `select stream_id, last_hash from ${s}.streams where stream_id in (${pending} order by stream_id limit $3) order by stream_id for update`,
          [types, after, batch],
        );
        if (streams.length === 0) {
          await client.query('commit');
          break;
        }
        const { rows } = await client.query<Row>(
          `select event_id, stream_id, revision, type, data, metadata from ${s}.events where stream_id = any($1::text[]) order by stream_id, revision`,
          [streams.map((stream) => stream.stream_id)],
        );
        const updates = { ids: [] as string[], data: [] as string[], metadata: [] as string[] };
        const heads: { streamId: string; old: string | null; hash: string; events: number }[] = [];
        for (const stream of streams) {
          const events = rows.filter((row) => row.stream_id === stream.stream_id);
          let prevHash: string | null = null;
          let changed = false;
          let touched = 0;
          for (const row of events) {
            let { data, metadata } = row;
            if (types.includes(row.type) && !metadata.sealed) {
              const stored = { id: row.event_id, type: row.type, data, metadata };
              try {
                const first = events[0]!;
                ({ data, metadata } = (await codec.sealStored(stored, {
                  id: first.event_id,
                  type: first.type,
                  data: first.data,
                  metadata: first.metadata,
                })) as typeof stored);
                progress.sealed++;
              } catch (error) {
                if (!(error instanceof EventSchemaError)) throw error;
                metadata = { ...metadata, sealed: [] };
                progress.unowned++;
              }
              changed = true;
            }
            if (!changed) {
              prevHash = row.metadata.hash;
              continue;
            }
            // Hash what jsonb gives back, as the append path does.
            const dataJson = JSON.stringify(data);
            const { prevHash: _p, hash: _h, ...content } = metadata as typeof row.metadata;
            const hash = chainHash(
              { id: row.event_id, streamId: row.stream_id, revision: Number(row.revision), type: row.type, data: JSON.parse(dataJson), metadata: content },
              prevHash,
            );
            updates.ids.push(row.event_id);
            updates.data.push(dataJson);
            updates.metadata.push(JSON.stringify({ ...content, prevHash, hash }));
            prevHash = hash;
            touched++;
          }
          if (changed) heads.push({ streamId: stream.stream_id, old: stream.last_hash, hash: prevHash!, events: touched });
        }
        await client.query(
          `update ${s}.events e set data = u.data::jsonb, metadata = u.metadata::jsonb from unnest($1::uuid[], $2::text[], $3::text[]) as u(id, data, metadata) where e.event_id = u.id`,
          [updates.ids, updates.data, updates.metadata],
        );
        await client.query(
          `update ${s}.streams st set last_hash = u.hash from unnest($1::text[], $2::text[]) as u(stream_id, hash) where st.stream_id = u.stream_id`,
          [heads.map((head) => head.streamId), heads.map((head) => head.hash)],
        );
        await client.query(
          `insert into ${s}.chain_rewrites (stream_id, old_last_hash, new_last_hash, events, reason) select *, 'lgpd migrate: personal fields sealed' from unnest($1::text[], $2::text[], $3::text[], $4::int[])`,
          [heads.map((head) => head.streamId), heads.map((head) => head.old), heads.map((head) => head.hash), heads.map((head) => head.events)],
        );
        await client.query('commit');
        progress.streams += streams.length;
        after = streams[streams.length - 1]!.stream_id;
        progress.events += updates.ids.length;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
      progress.ms = performance.now() - started;
      options.onProgress?.({ ...progress });
    }
    // Folded states of long streams were taken from clear events: they are folded afresh from the sealed ones.
    await pool.query(`do $$ begin if to_regclass('${s}.snapshots') is not null then delete from ${s}.snapshots; end if; end $$`);
    progress.ms = performance.now() - started;
    return progress;
  } finally {
    await pool.end();
  }
}
