import { describe, expect, it } from 'vitest';
import type { QuickMessage } from './api';
import { applyQuickMessageFrame, mayChangeQuickMessage, quickMessageLabel, requestOf, validateQuickMessage } from './quickMessageForm';

const record = (id: number, overrides: Partial<QuickMessage> = {}): QuickMessage => ({
  id,
  companyId: 1,
  userId: 7,
  shortcode: `atalho${id}`,
  message: 'Olá',
  geral: false,
  status: true,
  isCategory: false,
  categoryId: null,
  isMedia: false,
  mediaPath: null,
  mediaName: null,
  mediaType: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

const ana = { id: 7, profile: 'user', super: false };
const sara = { id: 9, profile: 'supervisor', super: false };

describe('quick message rules', () => {
  it('lets a user change only their own non-general replies, and admins or supervisors any', () => {
    expect(mayChangeQuickMessage(ana, record(1))).toBe(true);
    expect(mayChangeQuickMessage(ana, record(2, { geral: true }))).toBe(false);
    expect(mayChangeQuickMessage(ana, record(3, { userId: 8 }))).toBe(false);
    expect(mayChangeQuickMessage(sara, record(2, { geral: true, userId: 8 }))).toBe(true);
    expect(mayChangeQuickMessage({ id: 1, profile: 'admin', super: false }, record(2, { geral: true }))).toBe(true);
  });

  it('requires a shortcode, sends the general flag only from who may set it, and gives a category no category', () => {
    expect(validateQuickMessage({ shortcode: '  ', message: '', geral: false, isCategory: false, categoryId: null })).toEqual({ shortcode: 'required' });
    const values = { shortcode: ' oi ', message: 'Olá!', geral: true, isCategory: false, categoryId: 4 };
    expect(requestOf(values, ana)).toEqual({ shortcode: 'oi', message: 'Olá!', isCategory: false, categoryId: 4 });
    expect(requestOf(values, sara)).toMatchObject({ geral: true });
    expect(requestOf({ ...values, isCategory: true }, sara).categoryId).toBeNull();
  });

  it('labels a file reply by its file name', () => {
    expect(quickMessageLabel(record(1, { message: '', mediaName: 'catalogo.pdf' }))).toBe('catalogo.pdf');
    expect(quickMessageLabel(record(1))).toBe('Olá');
  });

  it('follows frames in shortcode order', () => {
    const list = { records: [record(1, { shortcode: 'a' }), record(3, { shortcode: 'c' })], count: 2, hasMore: false };
    const added = applyQuickMessageFrame(list, { action: 'create', record: record(2, { shortcode: 'B' }) }, '');
    expect(added.records.map((row) => row.id)).toEqual([1, 2, 3]);
    expect(added.count).toBe(3);
    const renamed = applyQuickMessageFrame(added, { action: 'update', record: record(1, { shortcode: 'z' }) }, '');
    expect(renamed.records.map((row) => row.id)).toEqual([2, 3, 1]);
    expect(applyQuickMessageFrame(renamed, { action: 'delete', id: 3 }, '').records.map((row) => row.id)).toEqual([2, 1]);
    expect(applyQuickMessageFrame(list, { action: 'create', record: record(5, { shortcode: 'x', message: 'y' }) }, 'bom').records).toHaveLength(2);
  });
});
