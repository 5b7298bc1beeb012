import { type Kysely, sql } from 'kysely';
import type { AnyDatabase, RawProjectionChange } from './projector';

/**
 * Resumable frames (docs/scaling.md "Frames"): each company's frames carry a gap-free sequence,
 * taken in the batch's own transaction and written to `projection.frame_outbox` with the rows they
 * describe. A frame therefore exists exactly when its batch committed; the worker publishes it after
 * the commit, a successor publishes what a dead owner had not (`unpublishedFrames`), and the edges
 * read the outbox to fill a gap or to resume a socket that was away (`frameLog`).
 */

/** A frame with its place in the company's sequence; `id` orders one projector's frames for the publish watermark. */
export interface SequencedChange extends RawProjectionChange {
  seq: number;
  id: string;
  /** The request whose events made it, when its company's events in the batch share one (docs/observability.md). */
  correlationId?: string;
}

/** How long frames stay in the outbox (and so how far back a socket can resume) when not configured. */
export const DEFAULT_FRAMES_WINDOW_MS = 10 * 60_000;

/** Creates the outbox tables; run inside ensureSchemas' lock. */
export async function createFrameTables(db: Kysely<AnyDatabase>): Promise<void> {
  await sql`
    create table if not exists projection.frame_sequences (
      company_id bigint primary key,
      last_seq bigint not null
    )`.execute(db);
  // json, not jsonb: the body goes back out as it came in, with no parse on the way in.
  await sql`
    create table if not exists projection.frame_outbox (
      id bigserial primary key,
      company_id bigint not null,
      seq bigint not null,
      projector text not null,
      entity text not null,
      data json not null,
      correlation_id text,
      at timestamptz not null default now(),
      unique (company_id, seq)
    )`.execute(db);
  await sql`create index if not exists frame_outbox_projector on projection.frame_outbox (projector, id)`.execute(db);
  await sql`create index if not exists frame_outbox_at on projection.frame_outbox (at)`.execute(db);
  await sql`
    create table if not exists projection.frame_publishers (
      projector text primary key,
      published_id bigint not null
    )`.execute(db);
}

/**
 * Numbers `changes` in their companies' sequences and writes them to the outbox, in the batch's
 * transaction; returns them in order with their sequence. The counters are taken in company order
 * (two projectors' batches never wait on each other crosswise) and stay locked until the commit,
 * so sequence order is commit order: once frame n is visible, every frame before it is too.
 */
export async function writeFrames(
  trx: Kysely<AnyDatabase>,
  projector: string,
  changes: readonly RawProjectionChange[],
  correlationOf: (companyId: number) => string | undefined = () => undefined,
): Promise<SequencedChange[]> {
  if (changes.length === 0) return [];
  const correlations = new Map<number, string | undefined>();
  for (const { companyId } of changes) if (!correlations.has(companyId)) correlations.set(companyId, correlationOf(companyId));
  const input = JSON.stringify(changes.map(({ companyId, entity, data }) => ({ c: companyId, e: entity, d: data, r: correlations.get(companyId) ?? null })));
  const { rows } = await sql<{ ord: string; seq: string; id: string }>`
    with input as (
      select (f->>'c')::bigint as company_id, f->>'e' as entity, f->'d' as data, f->>'r' as correlation_id, ord
      from json_array_elements(${input}::json) with ordinality as t(f, ord)
    ), numbered as (
      select *, row_number() over (partition by company_id order by ord) as k, count(*) over (partition by company_id) as n from input
    ), bumped as (
      insert into projection.frame_sequences as s (company_id, last_seq)
      select company_id, n from (select distinct company_id, n from numbered) c order by company_id
      on conflict (company_id) do update set last_seq = s.last_seq + excluded.last_seq
      returning company_id, last_seq
    ), sequenced as (
      select n.ord, n.company_id, b.last_seq - n.n + n.k as seq, n.entity, n.data, n.correlation_id from numbered n join bumped b using (company_id)
    ), written as (
      insert into projection.frame_outbox (company_id, seq, projector, entity, data, correlation_id)
      select company_id, seq, ${projector}, entity, data, correlation_id from sequenced
      returning id, company_id, seq
    )
    select s.ord::text, s.seq::text, w.id::text from sequenced s join written w using (company_id, seq) order by s.ord`.execute(trx);
  return rows.map((row, index) => {
    const change = changes[index]!;
    const correlationId = correlations.get(change.companyId);
    return { ...change, seq: Number(row.seq), id: row.id, ...(correlationId === undefined ? {} : { correlationId }) };
  });
}

// `order by frame_outbox.<column>`: the bare name would be the select list's text column, sorted as text (100 before 99).

/** A projector's frames committed after its last recorded publish: what a dead owner may not have published. */
export async function unpublishedFrames(db: Kysely<AnyDatabase>, projector: string): Promise<SequencedChange[]> {
  const { rows } = await sql<{ id: string; company_id: string; seq: string; entity: string; data: unknown; correlation_id: string | null }>`
    select id::text, company_id::text, seq::text, entity, data, correlation_id from projection.frame_outbox
    where projector = ${projector}
      and id > coalesce((select published_id from projection.frame_publishers where projector = ${projector}), 0)
    order by frame_outbox.id`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    companyId: Number(row.company_id),
    seq: Number(row.seq),
    entity: row.entity,
    data: row.data,
    ...correlationField(row.correlation_id),
  }));
}

/** Records that `projector` has published its frames up to `id` (never moves back: a late write of a dead owner is harmless). */
export async function markPublished(db: Kysely<AnyDatabase>, projector: string, id: string): Promise<void> {
  await sql`
    insert into projection.frame_publishers as p (projector, published_id) values (${projector}, ${id}::bigint)
    on conflict (projector) do update set published_id = greatest(p.published_id, excluded.published_id)`.execute(db);
}

/** Drops frames older than the window: no socket resumes from them any more. */
export async function pruneFrames(db: Kysely<AnyDatabase>, windowMs: number): Promise<void> {
  await sql`delete from projection.frame_outbox where at < now() - make_interval(secs => ${windowMs / 1000})`.execute(db);
}

/**
 * Drops a company's frames (LGPD erasure: frames of a contact carry its name and messages in clear). A socket
 * resuming from before, or an edge missing one not yet relayed, finds the hole in the sequence and reads its screens
 * again, as after a gap wider than the window.
 */
export async function forgetCompanyFrames(db: Kysely<AnyDatabase>, companyId: number): Promise<number> {
  const { numAffectedRows } = await sql`delete from projection.frame_outbox where company_id = ${companyId}`.execute(db);
  return Number(numAffectedRows ?? 0);
}

/** A stored frame as the edges read it back. */
export interface StoredFrame {
  seq: number;
  entity: string;
  data: unknown;
  correlationId?: string;
}

const correlationField = (id: string | null) => (id === null ? {} : { correlationId: id });

/** What an edge reads of the outbox: a company's latest sequence, and its frames in a range. */
export interface FrameLog {
  /** The company's last committed sequence (0 before its first frame). */
  head(companyId: number): Promise<number>;
  /** Frames `after < seq <= through`, in order, as far as the window still holds them (the caller checks for holes). */
  range(companyId: number, after: number, through: number): Promise<StoredFrame[]>;
}

export function frameLog(db: Kysely<AnyDatabase>, windowMs = DEFAULT_FRAMES_WINDOW_MS): FrameLog {
  return {
    async head(companyId) {
      const { rows } = await sql<{ last_seq: string }>`select last_seq::text from projection.frame_sequences where company_id = ${companyId}`.execute(db);
      return rows[0] ? Number(rows[0].last_seq) : 0;
    },
    async range(companyId, after, through) {
      const { rows } = await sql<{ seq: string; entity: string; data: unknown; correlation_id: string | null }>`
        select seq::text, entity, data, correlation_id from projection.frame_outbox
        where company_id = ${companyId} and seq > ${after} and seq <= ${through} and at >= now() - make_interval(secs => ${windowMs / 1000})
        order by frame_outbox.seq`.execute(db);
      return rows.map((row) => ({ seq: Number(row.seq), entity: row.entity, data: row.data, ...correlationField(row.correlation_id) }));
    },
  };
}
