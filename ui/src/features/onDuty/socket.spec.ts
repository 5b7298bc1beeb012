import type { OnDutyView } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { applyOnDutyFrame } from './socket';

const entry = (id: number, phone = '5511955554444'): OnDutyView => ({
  id,
  companyId: 2,
  userId: 3,
  userName: 'Paula',
  user: { id: 3, name: 'Paula' },
  phone,
  interval: 1,
  days: [],
  createdAt: '2026-05-01T12:00:00.000Z',
  updatedAt: '2026-05-01T12:00:00.000Z',
});

describe('onDuty frames', () => {
  it('adds a created entry in id order, replaces a changed one, removes a deleted one', () => {
    const list = [entry(1), entry(3)];
    expect(applyOnDutyFrame(list, { action: 'create', onDuty: entry(2) }).map((row) => row.id)).toEqual([1, 2, 3]);
    expect(applyOnDutyFrame(list, { action: 'update', onDuty: entry(3, '5511900000000') })[1]!.phone).toBe('5511900000000');
    expect(applyOnDutyFrame(list, { action: 'delete', onDutyId: 1 }).map((row) => row.id)).toEqual([3]);
  });
});
