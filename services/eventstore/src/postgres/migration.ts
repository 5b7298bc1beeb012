import type pg from 'pg';
import { runLockedDdl } from './ddl';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,40}$/;

export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid event store schema name "${schema}"`);
  return schema;
}

/** The NOTIFY channel of a schema, so two stores in one database do not wake each other. */
export const notifyChannel = (schema: string): string => `${assertSchemaName(schema)}_appended`;

/** What append_batch answers for each member. */
export type AppendOutcomeKind = 'ok' | 'idempotent' | 'wrong_expected' | 'stale' | 'duplicate' | 'stale_read';

/** Encoding of ExpectedRevision for SQL; revisions themselves are >= 0. */
export const EXPECTED = { noStream: -1, any: -2, streamExists: -3 } as const;

/** The first key of the append lock (the second is the schema's): 'conv' in ASCII. */
const APPEND_LOCK_CLASS = 0x636f6e76;

const ddl = (s: string): string => `
create schema if not exists ${s};

create table if not exists ${s}.streams (
  stream_id text primary key,
  revision bigint not null,
  last_hash text
);

-- The primary key doubles as the $all read index, (transaction_id, global_position), which
-- spares every append one index insertion.
create table if not exists ${s}.events (
  global_position bigserial not null,
  transaction_id xid8 not null default pg_current_xact_id(),
  event_id uuid not null unique,
  stream_id text not null,
  revision bigint not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  created_at timestamptz not null default now(),
  primary key (transaction_id, global_position),
  unique (stream_id, revision)
);

-- What the batch's ids already are in the store: the original result when the whole batch
-- is already at consecutive revisions of this stream (idempotent retry), else the first
-- clashing id. Nothing when none of the ids exist.
create or replace function ${s}.match_event_ids(p_stream_id text, p_events jsonb,
  out all_here boolean, out last_revision bigint, out last_commit xid8, out last_position bigint, out clashing_id uuid)
language sql stable as $fn$
  with batch as (
    select x.id, x.ord
    from rows from (jsonb_to_recordset(p_events) as (id uuid)) with ordinality as x(id, ord)
  ), found as (
    select b.ord, e.event_id, e.stream_id, e.revision, e.transaction_id, e.global_position
    from batch b join ${s}.events e on e.event_id = b.id
  )
  select
    (select count(*) from found) = (select count(*) from batch)
      and coalesce((select bool_and(stream_id = p_stream_id) from found), false)
      and (select count(distinct revision - ord) from found) = 1,
    (select revision from found order by ord desc limit 1),
    (select transaction_id from found order by ord desc limit 1),
    (select global_position from found order by ord desc limit 1),
    (select event_id from found order by ord limit 1)
  where exists (select 1 from found)
$fn$;

-- Appends a group of independent appends in one transaction (group commit): one round
-- trip, one commit and one NOTIFY for every append that arrived while the previous group was
-- in flight. Each member gets its own outcome, and a member that fails leaves nothing behind.
-- Members are taken in stream id order, so two groups lock shared streams in the same order.
-- A member's hashes were computed on top of (r, h); if the stream moved since, it answers
-- 'stale' with the actual head and the writer retries. x: revision >= 0, -1 no_stream,
-- -2 any, -3 stream_exists.
-- Every append holds this lock (shared: appenders do not wait for each other), taken before its
-- transaction has an id and kept until it ends. A reader can then tell a running transaction that
-- may still add events from one that cannot (read_horizon).
create or replace function ${s}.take_append_lock() returns void
language sql as $fn$
  select pg_advisory_xact_lock_shared(${APPEND_LOCK_CLASS}, hashtext('${s}') & 2147483647)
$fn$;

-- How far $all is final: the oldest transaction, running when the caller's statement began, that
-- may still commit events below anything newer. A transaction seen running with an id and without
-- the append lock never appends (appenders lock first), so it holds nothing back: read-model
-- writers no longer delay every reader. One that ended in between is counted, to be safe.
-- Stable, so it reads the caller's snapshot; the lock table is read once, so both of its uses agree.
create or replace function ${s}.read_horizon() returns xid8
language sql stable as $fn$
  with locks as materialized (
    select l.locktype, l.transactionid, l.pid, l.classid, l.objid, l.objsubid, l.database
    from pg_locks l where l.granted and l.locktype in ('transactionid', 'advisory')
  ), appenders as (
    select l.pid from locks l
    where l.locktype = 'advisory' and l.classid = ${APPEND_LOCK_CLASS}::oid and l.objsubid = 2
      and l.objid = (hashtext('${s}') & 2147483647)::oid
      and l.database = (select d.oid from pg_database d where d.datname = current_database())
  ), settled as (
    select l.transactionid::text::bigint as xid32 from locks l
    where l.locktype = 'transactionid' and l.pid not in (select a.pid from appenders a)
  ), snapshot as materialized (select pg_current_snapshot() as s)
  select coalesce(
    (select min(x) from snapshot, pg_snapshot_xip(snapshot.s) as x
      where (x::text::bigint % 4294967296) not in (select xid32 from settled)),
    (select pg_snapshot_xmax(snapshot.s) from snapshot))
$fn$;

create or replace function ${s}.append_batch(p_batch jsonb)
returns table (idx int, outcome text, next_revision bigint, commit_id xid8, last_position bigint, detail text)
language plpgsql as $fn$
declare
  m record;
  v_count int;
  v_created boolean;
  v_revision bigint;
  v_hash text;
  v_inserted int;
  v_last bigint;
  v_newest bigint;
  v_match record;
  v_moved record;
  v_written boolean := false;
begin
  perform ${s}.take_append_lock();
  for m in
    select (x.ord - 1)::int as i, x.a->>'s' as stream_id, (x.a->>'x')::bigint as expected, (x.a->>'r')::bigint as base_revision,
      x.a->>'h' as base_hash, x.a->>'l' as last_hash, x.a->'e' as events, x.a->'c' as read_revisions
    from jsonb_array_elements(p_batch) with ordinality as x(a, ord)
    order by x.a->>'s' collate "C", x.ord
  loop
    idx := m.i;
    outcome := null; next_revision := null; commit_id := null; last_position := null; detail := null;

    -- c: streams the writer decided on without writing them, at the revision it read (-1: none).
    -- The first that moved since refuses the member before it writes anything.
    if m.read_revisions is not null then
      select c.s as stream_id, coalesce(st.revision, -1) as revision into v_moved
      from jsonb_to_recordset(m.read_revisions) as c(s text, r bigint)
        left join ${s}.streams st on st.stream_id = c.s
      where coalesce(st.revision, -1) <> c.r
      limit 1;
      if found then
        outcome := 'stale_read';
        detail := json_build_object('stream', v_moved.stream_id, 'revision', v_moved.revision)::text;
        return next;
        continue;
      end if;
    end if;
    v_count := jsonb_array_length(m.events);
    v_created := false;
    v_revision := -1;
    v_hash := null;

    -- A new stream: inserting its row both creates it and locks it, so two creators serialise
    -- on the primary key and the loser falls through to the locked read below.
    if m.base_revision = -1 and m.expected in (-1, -2) then
      insert into ${s}.streams (stream_id, revision, last_hash) values (m.stream_id, v_count - 1, m.last_hash)
        on conflict (stream_id) do nothing;
      v_created := found;
    end if;

    if not v_created then
      select st.revision, st.last_hash into v_revision, v_hash from ${s}.streams st where st.stream_id = m.stream_id for update;
      if not found then
        v_revision := -1;
        v_hash := null;
      end if;
      if not (m.expected = -2 or (m.expected = -3 and v_revision >= 0) or m.expected = v_revision)
         or m.base_revision <> v_revision or m.base_hash is distinct from v_hash then
        -- An idempotent retry wins over any expected revision (EventStoreDB semantics).
        select * into v_match from ${s}.match_event_ids(m.stream_id, m.events);
        if v_match.all_here then
          outcome := 'idempotent';
          next_revision := v_match.last_revision;
          commit_id := v_match.last_commit;
          last_position := v_match.last_position;
        elsif v_match.clashing_id is not null then
          outcome := 'duplicate';
          detail := v_match.clashing_id::text;
        elsif not (m.expected = -2 or (m.expected = -3 and v_revision >= 0) or m.expected = v_revision) then
          outcome := 'wrong_expected';
          detail := v_revision::text;
        else
          outcome := 'stale';
          detail := json_build_object('revision', v_revision, 'hash', v_hash)::text;
        end if;
        return next;
        continue;
      end if;
    end if;

    with inserted as (
      insert into ${s}.events (event_id, stream_id, revision, type, data, metadata)
        select x.id, m.stream_id, v_revision + x.ord, x.type, x.data, x.metadata
        from rows from (jsonb_to_recordset(m.events) as (id uuid, type text, data jsonb, metadata jsonb)) with ordinality
          as x(id, type, data, metadata, ord)
        order by x.ord
        on conflict (event_id) do nothing
        returning global_position
    )
    select count(*), max(global_position) into v_inserted, v_last from inserted;

    if v_inserted < v_count then
      -- Some ids exist already. Take back what this member wrote (revisions above the head we
      -- hold locked are its own) before saying whether it was a retry or a clash.
      if v_inserted > 0 then
        delete from ${s}.events e where e.stream_id = m.stream_id and e.revision > v_revision;
      end if;
      if v_created then
        delete from ${s}.streams st where st.stream_id = m.stream_id;
      end if;
      select * into v_match from ${s}.match_event_ids(m.stream_id, m.events);
      if v_inserted = 0 and v_match.all_here and not v_created then
        outcome := 'idempotent';
        next_revision := v_match.last_revision;
        commit_id := v_match.last_commit;
        last_position := v_match.last_position;
      else
        outcome := 'duplicate';
        detail := coalesce(v_match.clashing_id::text, '');
      end if;
      return next;
      continue;
    end if;

    if not v_created then
      update ${s}.streams st set revision = v_revision + v_count, last_hash = m.last_hash where st.stream_id = m.stream_id;
    end if;
    v_written := true;
    v_newest := greatest(v_newest, v_last);
    outcome := 'ok';
    next_revision := v_revision + v_count;
    commit_id := pg_current_xact_id();
    last_position := v_last;
    return next;
  end loop;

  -- The payload is the newest position written (commit, then global position): a listener that
  -- has already read that far (its own append woke it first) need not read again.
  if v_written then
    perform pg_notify('${s}_appended', pg_current_xact_id()::text || '/' || v_newest::text);
  end if;
end
$fn$;
`;

/**
 * Creates (or brings up to date) the event store schema. Idempotent and safe to run from
 * several processes at once: DDL is serialised by a transaction-scoped advisory lock.
 */
export async function migrateEventStore(pool: pg.Pool, schema = 'eventstore'): Promise<void> {
  assertSchemaName(schema);
  await runLockedDdl(pool, `conversa-eventstore-migration:${schema}`, ddl(schema));
}
