import type { EventMetadata, Position } from '@conversa/contracts';
import type { EventFilter } from '../port';

export interface EventRow {
  global_position: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date;
}

export const rowPosition = (row: { transaction_id: string; global_position: string }): Position => ({
  commit: BigInt(row.transaction_id),
  prepare: BigInt(row.global_position),
});

export const START: Position = { commit: 0n, prepare: 0n };

const COLUMNS = 'e.global_position, e.transaction_id, e.event_id, e.stream_id, e.revision, e.type, e.data, e.metadata, e.created_at';

/** A parameterised SQL text plus its values; `name` makes pg prepare it once per connection. */
export interface Statement {
  name: string;
  text: string;
  values: unknown[];
}

const likePrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The filter as SQL over alias `alias`, with parameters numbered from `first`. Each filter
 * shape gets its own statement text (and name) so the planner sees plain predicates.
 * An empty list means "no constraint", like an absent one.
 */
function filterSql(
  filter: EventFilter | undefined,
  alias: string,
  first: number,
  company = `(${alias}.metadata->>'companyId')`,
): { sql: string; values: unknown[]; key: string } {
  const parts: string[] = [];
  const values: unknown[] = [];
  let key = '';
  if (filter?.eventTypes?.length) {
    values.push(filter.eventTypes);
    parts.push(`${alias}.type = any($${first + values.length - 1}::text[])`);
    key += 't';
  }
  if (filter?.streamPrefixes?.length) {
    values.push(filter.streamPrefixes.map(likePrefix));
    parts.push(`${alias}.stream_id like any($${first + values.length - 1}::text[])`);
    key += 'p';
  }
  const partition = filter?.companyPartition;
  if (partition && partition.count > 1) {
    values.push(Math.trunc(partition.count), Math.trunc(partition.index));
    // As inCompanyPartition: an event without a company counts as company 0.
    parts.push(`coalesce(${company}::bigint, 0) % $${first + values.length - 2}::int = $${first + values.length - 1}::int`);
    key += 'c';
  }
  return { sql: parts.map((part) => ` and ${part}`).join(''), values, key };
}

const cursorValues = (position: Position): [string, string] => [position.commit.toString(), position.prepare.toString()];

/**
 * Events after `after` in global order, only below the oldest transaction still running that may append
 * (read_horizon): a transaction that started earlier may still commit rows that sort
 * before anything above it, and a reader that went past them would lose them for good.
 */
export function readAllStatement(schema: string, after: Position, limit: number | null, filter?: EventFilter): Statement {
  const f = filterSql(filter, 'e', 4);
  return {
    name: `${schema}.read_all.${f.key}`,
    text: `select ${COLUMNS} from ${schema}.events e
      where (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
        and e.transaction_id < (select ${schema}.read_horizon())${f.sql}
      order by e.transaction_id, e.global_position
      limit $3`,
    values: [...cursorValues(after), limit, ...f.values],
  };
}

/**
 * One step of a subscription. It scans a window of at most `window` rows after `after` in
 * $all order (below the horizon), keeps the first `limit` that match the filter, and tells
 * how far it scanned, so a filtered subscriber moves past rows that do not match instead of
 * reading them again on every wake-up. From the same snapshot it also says whether committed
 * matching rows exist beyond the horizon (re-read soon: their notification already came).
 * Always one row at least; `event_id` is null when nothing matched.
 */
export function subscriptionPageStatement(schema: string, after: Position, limit: number, window: number, filter?: EventFilter): Statement {
  // The scan keeps the company only when a partition needs it (a jsonb field read per row).
  const partitioned = (filter?.companyPartition?.count ?? 1) > 1;
  const page = filterSql(filter, 's', 5, 's.company_id');
  const pending = filterSql(filter, 'p', 5);
  return {
    name: `${schema}.subscription_page.${page.key}`,
    text: `with horizon as materialized (select ${schema}.read_horizon() as xmin),
      scan as materialized (
        select e.transaction_id, e.global_position, e.stream_id, e.type${partitioned ? ", e.metadata->>'companyId' as company_id" : ''} from ${schema}.events e
        where (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
          and e.transaction_id < (select xmin from horizon)
        order by e.transaction_id, e.global_position
        limit $4
      ),
      matched as (
        select s.transaction_id, s.global_position from scan s
        where true${page.sql}
        order by s.transaction_id, s.global_position
        limit $3
      ),
      summary as (
        select
          (select count(*) from scan) as scanned,
          last.transaction_id as scanned_transaction_id,
          last.global_position as scanned_global_position,
          coalesce((
            -- The scalar bound is the only index condition (the OR is not one), so the probe
            -- starts at the horizon, not at the cursor far behind it.
            select true from ${schema}.events p
            where p.transaction_id >= (select case when h.xmin > $1::xid8 then h.xmin else $1::xid8 end from horizon h)
              and (p.transaction_id > $1::xid8 or (p.transaction_id = $1::xid8 and p.global_position > $2::bigint))${pending.sql}
            order by p.transaction_id, p.global_position
            limit 1
          ), false) as pending
        from (select 1) one
        left join lateral (
          select s.transaction_id, s.global_position from scan s order by s.transaction_id desc, s.global_position desc limit 1
        ) last on true
      )
      select summary.scanned, summary.scanned_transaction_id::text, summary.scanned_global_position::text, summary.pending, ${COLUMNS}
      from summary
      left join matched m on true
      left join ${schema}.events e on e.transaction_id = m.transaction_id and e.global_position = m.global_position
      order by e.transaction_id, e.global_position`,
    values: [...cursorValues(after), limit, window, ...page.values],
  };
}

export function countAfterStatement(schema: string, after: Position, cap: number | null, filter?: EventFilter): Statement {
  const f = filterSql(filter, 'e', 4);
  return {
    name: `${schema}.count_after.${f.key}`,
    text: `select count(*)::int as count from (
        select 1 from ${schema}.events e
        where (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
          and e.transaction_id < (select ${schema}.read_horizon())${f.sql}
        limit $3
      ) c`,
    values: [...cursorValues(after), cap, ...f.values],
  };
}

export function headPositionStatement(schema: string): Statement {
  return {
    name: `${schema}.head_position`,
    text: `select e.transaction_id, e.global_position from ${schema}.events e
      where e.transaction_id < (select ${schema}.read_horizon())
      order by e.transaction_id desc, e.global_position desc
      limit 1`,
    values: [],
  };
}

export function readStreamStatement(
  schema: string,
  streamId: string,
  direction: 'forwards' | 'backwards',
  fromRevision: number,
  limit: number | null,
): Statement {
  const forwards = direction === 'forwards';
  return {
    name: `${schema}.read_stream.${direction}`,
    text: `select ${COLUMNS} from ${schema}.events e
      where e.stream_id = $1 and e.revision ${forwards ? '>=' : '<='} $2
      order by e.revision ${forwards ? 'asc' : 'desc'}
      limit $3`,
    values: [streamId, fromRevision, limit],
  };
}

export function readStreamsStatement(schema: string, streamIds: readonly string[]): Statement {
  return {
    name: `${schema}.read_streams`,
    text: `select ${COLUMNS} from ${schema}.events e
      where e.stream_id = any($1::text[])
      order by e.stream_id, e.revision`,
    values: [streamIds],
  };
}

export function appendBatchStatement(schema: string, batchJson: string): Statement {
  return {
    name: `${schema}.append_batch`,
    text: `select idx, outcome, next_revision, commit_id, last_position, detail from ${schema}.append_batch($1::jsonb)`,
    values: [batchJson],
  };
}

export function streamHeadStatement(schema: string, streamId: string, forUpdate: boolean): Statement {
  return {
    name: `${schema}.stream_head.${forUpdate ? 'lock' : 'read'}`,
    text: `select s.revision, s.last_hash,
        (select e.transaction_id from ${schema}.events e where e.stream_id = s.stream_id and e.revision = s.revision) as transaction_id,
        (select e.global_position from ${schema}.events e where e.stream_id = s.stream_id and e.revision = s.revision) as global_position
      from ${schema}.streams s where s.stream_id = $1${forUpdate ? ' for update of s' : ''}`,
    values: [streamId],
  };
}

/** Several streams' heads, locked in stream id order (the order append_batch locks in, so no deadlock). */
export function streamHeadsLockStatement(schema: string, streamIds: readonly string[]): Statement {
  return {
    name: `${schema}.stream_heads.lock`,
    text: `select s.stream_id, s.revision, s.last_hash from ${schema}.streams s where s.stream_id = any($1::text[]) order by s.stream_id collate "C" for update of s`,
    values: [streamIds],
  };
}
