import type { EventMetadataInput } from '@conversa/contracts';
import { chainHash } from '@conversa/contracts/events/hash-chain';
import pg from 'pg';
import { assertSchemaName } from '../postgres/migration';
import { chainRewritesDdl } from './migrate';

export interface GuardMoveOptions {
  connectionString: string;
  /** The keyed digest of a company's number key (core's createNumberDigest under SECRETS_KEY). */
  digest: (companyId: number, key: string) => string;
  schema?: string;
  /** Guard streams moved per transaction. Default 500. */
  batchStreams?: number;
  onProgress?: (progress: GuardMoveProgress) => void;
}

export interface GuardMoveProgress {
  /** Guard streams moved so far by this run, and how many were left when it started. */
  streams: number;
  total: number;
  /** Events moved (their stream id, revision and hash rewritten). */
  events: number;
  /** Guards whose digest stream had claims already (made after the deploy): merged after the old ones. */
  merged: number;
  ms: number;
}

interface Row {
  event_id: string;
  stream_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadataInput & { prevHash: string | null; hash: string };
}

/** `contactnumber-<companyId>-<key>`: a number's guard named by the number (keys are digits, or hold a ':'). */
const LEGACY = /^contactnumber-(\d+)-(.+)$/;
const DIGEST_FORM = '^contactnumber-[0-9]+-[A-Za-z0-9_-]{43}$';

/**
 * `conversa lgpd migrate`, second part: each number guard still named by its number moves to the
 * stream named by its digest. The stream id is in every event's hash, so the moved events are
 * chained again (recorded in chain_rewrites, under the new id only). Claims made on the digest
 * stream after the deploy (product code reads the old stream while the new one is empty) come
 * after the old ones, so the guard's state, its last event, is unchanged. A batch is one
 * transaction under the streams' row locks: stopped anywhere (kill -9), a new run goes on with
 * the guards left, and a finished one finds none. Postgres only.
 */
export async function moveNumberGuards(options: GuardMoveOptions): Promise<GuardMoveProgress> {
  const s = assertSchemaName(options.schema ?? 'eventstore');
  const batch = options.batchStreams ?? 500;
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 1, application_name: 'conversa-lgpd-migrate' });
  pool.on('error', () => {});
  const started = performance.now();
  const progress: GuardMoveProgress = { streams: 0, total: 0, events: 0, merged: 0, ms: 0 };
  const legacy = `from ${s}.streams where stream_id like 'contactnumber-%' and stream_id !~ '${DIGEST_FORM}'`;
  try {
    await pool.query(chainRewritesDdl(s));
    progress.total = (await pool.query<{ count: number }>(`select count(*)::int as count ${legacy}`)).rows[0]?.count ?? 0;
    for (;;) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const { rows: sources } = await client.query<{ stream_id: string; last_hash: string | null }>(
          `select stream_id, last_hash ${legacy} order by stream_id limit $1 for update`,
          [batch],
        );
        if (sources.length === 0) {
          await client.query('commit');
          break;
        }
        const moves = sources.map((source) => {
          const [, company, key] = LEGACY.exec(source.stream_id)!;
          return { from: source.stream_id, to: `contactnumber-${company}-${options.digest(Number(company), key!)}`, oldHash: source.last_hash };
        });
        const { rows: targets } = await client.query<{ stream_id: string; last_hash: string | null }>(
          `select stream_id, last_hash from ${s}.streams where stream_id = any($1::text[]) order by stream_id for update`,
          [moves.map((move) => move.to)],
        );
        const { rows } = await client.query<Row>(
          `select event_id, stream_id, type, data, metadata from ${s}.events where stream_id = any($1::text[]) order by stream_id, revision`,
          [[...moves.map((move) => move.from), ...targets.map((target) => target.stream_id)]],
        );
        const updates = { ids: [] as string[], streams: [] as string[], revisions: [] as number[], metadata: [] as string[] };
        const heads = { ids: [] as string[], revisions: [] as number[], hashes: [] as string[] };
        const rewrites = { ids: [] as string[], old: [] as (string | null)[], hashes: [] as string[], events: [] as number[], reasons: [] as string[] };
        for (const move of moves) {
          const target = targets.find((stream) => stream.stream_id === move.to);
          // The old claims first, then those made on the digest stream since the deploy.
          const events = [...rows.filter((row) => row.stream_id === move.from), ...rows.filter((row) => row.stream_id === move.to)];
          let prevHash: string | null = null;
          events.forEach((row, revision) => {
            const { prevHash: _p, hash: _h, ...content } = row.metadata;
            const hash = chainHash({ id: row.event_id, streamId: move.to, revision, type: row.type, data: row.data, metadata: content }, prevHash);
            updates.ids.push(row.event_id);
            updates.streams.push(move.to);
            updates.revisions.push(revision);
            updates.metadata.push(JSON.stringify({ ...content, prevHash, hash }));
            prevHash = hash;
          });
          heads.ids.push(move.to);
          heads.revisions.push(events.length - 1);
          heads.hashes.push(prevHash!);
          const reason = 'lgpd migrate: number guard moved from a stream named by the number to one named by its digest';
          rewrites.ids.push(move.to);
          rewrites.old.push(move.oldHash);
          rewrites.hashes.push(prevHash!);
          rewrites.events.push(events.length);
          rewrites.reasons.push(reason);
          if (target) {
            progress.merged++;
            rewrites.ids.push(move.to);
            rewrites.old.push(target.last_hash);
            rewrites.hashes.push(prevHash!);
            rewrites.events.push(events.length);
            rewrites.reasons.push('lgpd migrate: claims made on the digest stream before its guard moved, chained after the moved ones');
          }
          progress.events += events.length;
        }
        // Through negative revisions: (stream_id, revision) is unique at every row, and the target's own events shift.
        await client.query(
          `update ${s}.events e set stream_id = u.stream_id, revision = -1 - u.revision, metadata = u.metadata::jsonb
             from unnest($1::uuid[], $2::text[], $3::bigint[], $4::text[]) as u(id, stream_id, revision, metadata) where e.event_id = u.id`,
          [updates.ids, updates.streams, updates.revisions, updates.metadata],
        );
        await client.query(`update ${s}.events set revision = -1 - revision where event_id = any($1::uuid[])`, [updates.ids]);
        await client.query(`delete from ${s}.streams where stream_id = any($1::text[])`, [moves.map((move) => move.from)]);
        await client.query(
          `insert into ${s}.streams (stream_id, revision, last_hash) select * from unnest($1::text[], $2::bigint[], $3::text[])
             on conflict (stream_id) do update set revision = excluded.revision, last_hash = excluded.last_hash`,
          [heads.ids, heads.revisions, heads.hashes],
        );
        await client.query(
          `insert into ${s}.chain_rewrites (stream_id, old_last_hash, new_last_hash, events, reason) select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[])`,
          [rewrites.ids, rewrites.old, rewrites.hashes, rewrites.events, rewrites.reasons],
        );
        await client.query('commit');
        progress.streams += sources.length;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
      progress.ms = performance.now() - started;
      options.onProgress?.({ ...progress });
    }
    progress.ms = performance.now() - started;
    return progress;
  } finally {
    await pool.end();
  }
}
