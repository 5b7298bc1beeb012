import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDatabase } from './database';
import {
  companyById,
  companyRow,
  containing,
  countedPage,
  countOf,
  liveById,
  liveByKey,
  liveIds,
  liveRow,
  liveRows,
  liveView,
  pageAt,
  pageFrom,
  pageOrAll,
} from './reads';
import { migrateTags } from './tags/migration';
import { readDatabase } from './testing';

// The read kit on read.tags: company scope, the deleted flag, and the pages' edges.
let db: Kysely<ReadDatabase>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await readDatabase<ReadDatabase>('reads_kit', [{ migrate: migrateTags }]));
  const at = new Date('2026-05-01T12:00:00Z');
  const tag = (id: number, companyId: number, name: string, deleted = false) => ({
    id,
    company_id: companyId,
    name,
    color: '#fff',
    kanban: 0,
    created_at: at,
    updated_at: at,
    deleted,
  });
  await db
    .insertInto('read.tags')
    .values([tag(1, 2, 'a'), tag(2, 2, 'b'), tag(3, 2, 'c', true), tag(4, 3, 'd'), tag(5, 2, 'e'), tag(6, 2, '50%_off')])
    .execute();
});
afterAll(() => close());

const byName = () => liveRows(db, 'read.tags', 2).selectAll().orderBy('id');

describe('the read kit', () => {
  it('finds a row of the company by id: live ones only, or deleted ones too', async () => {
    expect((await liveRow(db, 'read.tags', 2, 1))?.name).toBe('a');
    expect(await liveRow(db, 'read.tags', 2, 3)).toBeUndefined();
    expect(await liveRow(db, 'read.tags', 2, 4)).toBeUndefined();
    expect((await companyRow(db, 'read.tags', 2, 3))?.deleted).toBe(true);
    expect(await companyRow(db, 'read.tags', 3, 1)).toBeUndefined();
    expect(await liveById(db, 'read.tags', 2, 2).select('name').executeTakeFirst()).toEqual({ name: 'b' });
    expect(await liveById(db, 'read.tags', 2, 3).select('name').executeTakeFirst()).toBeUndefined();
    expect(await companyById(db, 'read.tags', 2, 3).select('name').executeTakeFirst()).toEqual({ name: 'c' });
    expect(await liveByKey(db, 'read.tags', 2, 'name', 'e').select('id').executeTakeFirst()).toEqual({ id: 5 });
    expect(await liveByKey(db, 'read.tags', 3, 'name', 'e').select('id').executeTakeFirst()).toBeUndefined();
  });

  it('answers a found row as its view, and counts rows', async () => {
    const findTag = liveView('read.tags', (row) => `${row.id}:${row.name}`);
    expect(await findTag(db, 2, 5)).toBe('5:e');
    expect(await findTag(db, 2, 3)).toBeUndefined();
    expect(await countOf(liveRows(db, 'read.tags', 2))).toBe(4);
    expect(await countOf(liveRows(db, 'read.tags', 9))).toBe(0);
  });

  it('answers which ids are live rows of the company', async () => {
    expect(await liveIds(db, 'read.tags', 2, [])).toEqual([]);
    expect((await liveIds(db, 'read.tags', 2, [1, 3, 4, 5, 99])).sort()).toEqual([1, 5]);
  });

  it('reads a row past the page to say whether there is more', async () => {
    expect(await pageFrom(byName(), 0, 2).then(({ rows, hasMore }) => [rows.map((row) => row.id), hasMore])).toEqual([[1, 2], true]);
    expect(await pageFrom(byName(), 2, 2).then(({ rows, hasMore }) => [rows.map((row) => row.id), hasMore])).toEqual([[5, 6], false]);
    expect((await pageOrAll(byName(), { offset: 1 })).rows.map((row) => row.id)).toEqual([2, 5, 6]);
    expect(await pageOrAll(byName(), { offset: 1, limit: 2 }).then(({ rows, hasMore }) => [rows.map((row) => row.id), hasMore])).toEqual([[2, 5], true]);
  });

  it('counts a whole list beside its page', async () => {
    const filtered = liveRows(db, 'read.tags', 2);
    const second = await countedPage(filtered, filtered.selectAll().orderBy('id'), pageAt({ pageNumber: 2, pageSize: 3 }, 40));
    expect([second.rows.map((row) => row.id), second.count, second.hasMore]).toEqual([[6], 4, false]);
    const first = await countedPage(filtered, filtered.selectAll().orderBy('id'), pageAt({ pageNumber: 0, pageSize: 3 }, 40));
    expect([first.rows.length, first.hasMore]).toEqual([3, true]);
    expect(pageAt({}, 20)).toEqual({ page: 1, pageSize: 20, offset: 0 });
  });

  it('searches a term as typed: % and _ are literal, blank is no search', async () => {
    expect(containing('  ')).toBeUndefined();
    expect(containing(undefined)).toBeUndefined();
    const found = await byName()
      .where(sql`lower(name)`, 'like', containing(' 50%_OFF ')!)
      .execute();
    expect(found.map((row) => row.id)).toEqual([6]);
    expect(
      await byName()
        .where(sql`lower(name)`, 'like', containing('%')!)
        .execute(),
    ).toHaveLength(1);
  });
});
