import type pg from 'pg';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,40}$/;

export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid event store schema name "${schema}"`);
  return schema;
}

/** The NOTIFY channel of a schema, so two stores in one database do not wake each other. */
export const notifyChannel = (schema: string): string => `${assertSchemaName(schema)}_appended`;

/**
 * SQLSTATEs raised by append_events. Raising (not returning) makes Postgres roll back
 * anything the call already did, e.g. a half-inserted batch.
 */
export const APPEND_ERRORS = {
  wrongExpectedRevision: 'CV001',
  staleBase: 'CV002',
  duplicateEventId: 'CV003',
} as const;

/** Encoding of ExpectedRevision for SQL; revisions themselves are >= 0. */
export const EXPECTED = { noStream: -1, any: -2, streamExists: -3 } as const;

const ddl = (s: string): string => `
create schema if not exists ${s};

create table if not exists ${s}.streams (
  stream_id text primary key,
  revision bigint not null,
  last_hash text
);

create table if not exists ${s}.events (
  global_position bigserial primary key,
  transaction_id xid8 not null default pg_current_xact_id(),
  event_id uuid not null unique,
  stream_id text not null,
  revision bigint not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  created_at timestamptz not null default now(),
  unique (stream_id, revision)
);

create index if not exists events_transaction_position on ${s}.events (transaction_id, global_position);

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

-- One round trip per append. The caller computed the hash chain on top of
-- (p_base_revision, p_base_hash); if the stream moved since, it gets CV002 with the actual
-- head and retries. p_expected: revision >= 0, -1 no_stream, -2 any, -3 stream_exists.
create or replace function ${s}.append_events(
  p_stream_id text, p_expected bigint, p_base_revision bigint, p_base_hash text, p_last_hash text, p_events jsonb,
  out next_revision bigint, out commit_id xid8, out last_position bigint)
language plpgsql as $fn$
declare
  v_count int := jsonb_array_length(p_events);
  v_created boolean := false;
  v_revision bigint;
  v_hash text;
  v_inserted int;
  v_match record;
begin
  -- A new stream: inserting its row both creates it and locks it, so two creators serialise
  -- on the primary key and the loser falls through to the locked read below.
  if p_base_revision = -1 and p_expected in (-1, -2) then
    insert into ${s}.streams (stream_id, revision, last_hash) values (p_stream_id, v_count - 1, p_last_hash)
      on conflict (stream_id) do nothing;
    v_created := found;
    v_revision := -1;
  end if;

  if not v_created then
    select s.revision, s.last_hash into v_revision, v_hash from ${s}.streams s where s.stream_id = p_stream_id for update;
    if not found then
      v_revision := -1;
      v_hash := null;
    end if;
    if not (p_expected = -2 or (p_expected = -3 and v_revision >= 0) or p_expected = v_revision)
       or p_base_revision <> v_revision or p_base_hash is distinct from v_hash then
      -- An idempotent retry wins over any expected revision (EventStoreDB semantics).
      select * into v_match from ${s}.match_event_ids(p_stream_id, p_events);
      if v_match.all_here then
        next_revision := v_match.last_revision;
        commit_id := v_match.last_commit;
        last_position := v_match.last_position;
        return;
      elsif v_match.clashing_id is not null then
        raise exception using errcode = 'CV003', message = 'duplicate event id', detail = v_match.clashing_id::text;
      elsif not (p_expected = -2 or (p_expected = -3 and v_revision >= 0) or p_expected = v_revision) then
        raise exception using errcode = 'CV001', message = 'wrong expected revision', detail = v_revision::text;
      else
        raise exception using errcode = 'CV002', message = 'stale base revision',
          detail = json_build_object('revision', v_revision, 'hash', v_hash)::text;
      end if;
    end if;
  end if;

  with inserted as (
    insert into ${s}.events (event_id, stream_id, revision, type, data, metadata)
      select x.id, p_stream_id, v_revision + x.ord, x.type, x.data, x.metadata
      from rows from (jsonb_to_recordset(p_events) as (id uuid, type text, data jsonb, metadata jsonb)) with ordinality
        as x(id, type, data, metadata, ord)
      order by x.ord
      on conflict (event_id) do nothing
      returning global_position
  )
  select count(*), max(global_position) into v_inserted, last_position from inserted;

  if v_inserted < v_count then
    select * into v_match from ${s}.match_event_ids(p_stream_id, p_events);
    if v_inserted = 0 and v_match.all_here and not v_created then
      next_revision := v_match.last_revision;
      commit_id := v_match.last_commit;
      last_position := v_match.last_position;
      return;
    end if;
    raise exception using errcode = 'CV003', message = 'duplicate event id', detail = coalesce(v_match.clashing_id::text, '');
  end if;

  if not v_created then
    update ${s}.streams set revision = v_revision + v_count, last_hash = p_last_hash where stream_id = p_stream_id;
  end if;

  perform pg_notify('${s}_appended', '');
  next_revision := v_revision + v_count;
  commit_id := pg_current_xact_id();
end
$fn$;
`;

/**
 * Creates (or brings up to date) the event store schema. Idempotent and safe to run from
 * several processes at once: DDL is serialised by a transaction-scoped advisory lock.
 */
export async function migrateEventStore(pool: pg.Pool, schema = 'eventstore'): Promise<void> {
  assertSchemaName(schema);
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtext($1))`, [`conversa-eventstore-migration:${schema}`]);
    await client.query(ddl(schema));
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
