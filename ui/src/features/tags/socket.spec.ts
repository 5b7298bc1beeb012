import type { TagView } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { applyTagFrame, applyTagFrameToList } from './socket';

const tag = (id: number, name: string, kanban: 0 | 1 = 0): TagView => ({
  id,
  companyId: 1,
  name,
  color: '#123456',
  kanban,
  userId: null,
  ticketsCount: 0,
  createdAt: '',
  updatedAt: '',
});

describe('tag frames on a loaded list', () => {
  const page = { tags: [tag(1, 'Alpha'), tag(2, 'Gamma')], hasMore: false };

  it('inserts a created tag in name order and replaces a changed one', () => {
    expect(applyTagFrame(page, { action: 'create', tag: tag(3, 'beta') }, { searchParam: '' }).tags.map((t) => t.id)).toEqual([1, 3, 2]);
    expect(applyTagFrame(page, { action: 'update', tag: tag(1, 'Zeta') }, { searchParam: '' }).tags.map((t) => t.name)).toEqual(['Gamma', 'Zeta']);
  });

  it('removes a deleted tag, and one that no longer matches the search or the lanes filter', () => {
    expect(applyTagFrame(page, { action: 'delete', tagId: 2 }, { searchParam: '' }).tags.map((t) => t.id)).toEqual([1]);
    expect(applyTagFrame(page, { action: 'update', tag: tag(1, 'Omega') }, { searchParam: 'alp' }).tags.map((t) => t.id)).toEqual([2]);
    expect(applyTagFrameToList([tag(5, 'Lane', 1)], { action: 'update', tag: tag(5, 'Lane', 0) }, 1)).toEqual([]);
    expect(applyTagFrame(page, { action: 'create', tag: tag(4, 'Alpine') }, { searchParam: 'xyz' })).toBe(page);
  });

  it('leaves a new tag past the loaded pages to the next page', () => {
    const partial = { tags: [tag(1, 'Alpha')], hasMore: true };
    expect(applyTagFrame(partial, { action: 'create', tag: tag(9, 'Zulu') }, { searchParam: '' })).toBe(partial);
  });
});
