import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boolean, companyKey, ddl, deletedFlag, integer, jsonb, literal, numeric, stamps, text, unique, type Table } from './ddl';
import { readDatabase } from './testing';

const notes: Table = {
  comment: "A company's notes",
  columns: {
    ...companyKey,
    body: text.notNull().comment("The note's text"),
    ...stamps,
    ...deletedFlag('true: deleted; kept so history still names it'),
  },
  added: {
    pinned: boolean.notNull().default(false).comment('Shown first'),
    author_id: integer,
  },
  indexes: {
    notes_company: '(company_id, created_at desc) where not deleted',
    notes_body: unique('(company_id, lower(body))'),
  },
  dropped: ['notes_old'],
};

const noteTags: Table = {
  columns: {
    note_id: integer.notNull(),
    tag_id: integer.notNull(),
    label: text.notNull().default("it's"),
    tags: jsonb.notNull().default('[]'),
    weight: numeric(4, 1).unique(),
  },
  constraints: ['primary key (note_id, tag_id)'],
};

describe('ddl', () => {
  it('renders the idempotent statements: table, added columns, indexes, drops, comments', () => {
    expect(ddl('read.notes', notes)).toBe(
      [
        'create table if not exists read.notes (',
        '  id integer primary key,',
        '  company_id integer not null,',
        '  body text not null,',
        '  created_at timestamptz not null,',
        '  updated_at timestamptz not null,',
        '  deleted boolean not null default false',
        ');',
        'alter table read.notes add column if not exists pinned boolean not null default false;',
        'alter table read.notes add column if not exists author_id integer;',
        'create index if not exists notes_company on read.notes (company_id, created_at desc) where not deleted;',
        'create unique index if not exists notes_body on read.notes (company_id, lower(body));',
        'drop index if exists read.notes_old;',
        "comment on table read.notes is 'A company''s notes';",
        "comment on column read.notes.body is 'The note''s text';",
        "comment on column read.notes.deleted is 'true: deleted; kept so history still names it';",
        "comment on column read.notes.pinned is 'Shown first';",
      ].join('\n'),
    );
    expect(ddl('read.note_tags', noteTags)).toBe(
      [
        'create table if not exists read.note_tags (',
        '  note_id integer not null,',
        '  tag_id integer not null,',
        "  label text not null default 'it''s',",
        "  tags jsonb not null default '[]',",
        '  weight numeric(4, 1) unique,',
        '  primary key (note_id, tag_id)',
        ');',
      ].join('\n'),
    );
  });

  it('quotes literals', () => {
    expect(literal("it's 'quoted'")).toBe("'it''s ''quoted'''");
  });

  describe('on a database', () => {
    let database: Awaited<ReturnType<typeof readDatabase>>;
    beforeAll(async () => {
      database = await readDatabase('ddl', []);
    });
    afterAll(() => database.close());

    it('brings a table an earlier version made up to date, and runs again without change', async () => {
      const { db } = database;
      // The table as it first shipped: without the added columns, with an index since replaced.
      await sql`create table read.notes (id integer primary key, company_id integer not null, body text not null,
        created_at timestamptz not null, updated_at timestamptz not null, deleted boolean not null default false)`.execute(db);
      await sql`create index notes_old on read.notes (body)`.execute(db);
      await sql`insert into read.notes (id, company_id, body, created_at, updated_at) values (1, 2, 'kept', now(), now())`.execute(db);

      const script = sql.raw(`${ddl('read.notes', notes)}\n${ddl('read.note_tags', noteTags)}`);
      await script.execute(db);
      await script.execute(db);

      const columns = await sql<{ column_name: string; comment: string | null }>`
        select column_name, col_description('read.notes'::regclass, ordinal_position) as comment
        from information_schema.columns where table_schema = 'read' and table_name = 'notes' order by ordinal_position`.execute(db);
      expect(columns.rows).toEqual([
        { column_name: 'id', comment: null },
        { column_name: 'company_id', comment: null },
        { column_name: 'body', comment: "The note's text" },
        { column_name: 'created_at', comment: null },
        { column_name: 'updated_at', comment: null },
        { column_name: 'deleted', comment: 'true: deleted; kept so history still names it' },
        { column_name: 'pinned', comment: 'Shown first' },
        { column_name: 'author_id', comment: null },
      ]);
      const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = 'read' order by 1`.execute(db);
      expect(indexes.rows.map((row) => row.indexname)).toEqual(['note_tags_pkey', 'note_tags_weight_key', 'notes_body', 'notes_company', 'notes_pkey']);
      const rows = await sql`select id, body, pinned, author_id from read.notes`.execute(db);
      expect(rows.rows).toEqual([{ id: 1, body: 'kept', pinned: false, author_id: null }]);
      const comment = await sql<{ comment: string }>`select obj_description('read.notes'::regclass, 'pg_class') as comment`.execute(db);
      expect(comment.rows[0]?.comment).toBe("A company's notes");
    });
  });
});
