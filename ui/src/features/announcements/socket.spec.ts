import type { AnnouncementView } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { applyAnnouncementFrame } from './socket';

const row = (id: number, priority: number, extra: Partial<AnnouncementView> = {}): AnnouncementView => ({
  id,
  title: `Aviso ${id}`,
  text: 't',
  priority,
  status: true,
  mediaPath: null,
  mediaName: null,
  read: false,
  createdAt: `2026-01-0${id}T00:00:00.000Z`,
  updatedAt: '',
  ...extra,
});

describe('announcement frames', () => {
  const options = { searchParam: '', activeOnly: true };

  it("places a new one by priority and keeps a known row's read mark", () => {
    const page = { records: [row(1, 2, { read: true }), row(2, 3)], hasMore: false };
    const created = applyAnnouncementFrame(page, { action: 'create', record: row(3, 1) }, options);
    expect(created.records.map((r) => r.id)).toEqual([3, 1, 2]);
    const updated = applyAnnouncementFrame(created, { action: 'update', record: row(1, 2, { title: 'Novo' }) }, options);
    expect(updated.records.find((r) => r.id === 1)).toMatchObject({ title: 'Novo', read: true });
  });

  it('drops a hidden or deleted one for users, keeps a hidden one for the super user', () => {
    const page = { records: [row(1, 2), row(2, 3)], hasMore: false };
    expect(applyAnnouncementFrame(page, { action: 'hide', id: 1 }, options).records.map((r) => r.id)).toEqual([2]);
    expect(applyAnnouncementFrame(page, { action: 'delete', id: 2 }, options).records.map((r) => r.id)).toEqual([1]);
    expect(applyAnnouncementFrame(page, { action: 'hide', id: 1 }, { searchParam: '', activeOnly: false }).records).toHaveLength(2);
  });
});
