import { describe, expect, it } from 'vitest';
import { assignedMember } from '../src/members';

describe('connections assigned to channels members (rendezvous hashing)', () => {
  const connections = Array.from({ length: 3000 }, (_, index) => index + 1);
  const share = (members: number[]) => {
    const counts = new Map<number, number>();
    for (const id of connections) counts.set(assignedMember(id, members)!, (counts.get(assignedMember(id, members)!) ?? 0) + 1);
    return counts;
  };

  it('gives every connection to exactly one member, about evenly', () => {
    const counts = share([0, 1, 2, 5]);
    expect([...counts.keys()].sort()).toEqual([0, 1, 2, 5]);
    for (const count of counts.values()) expect(count).toBeGreaterThan(3000 / 4 / 1.25);
    expect(assignedMember(7, [])).toBeUndefined();
  });

  it('moves only a departed member connections when it leaves, spread over the others; a member joining takes a share from each', () => {
    const before = new Map(connections.map((id) => [id, assignedMember(id, [0, 1, 2, 3])]));
    const after = new Map(connections.map((id) => [id, assignedMember(id, [0, 1, 3])]));
    const moved = connections.filter((id) => before.get(id) !== after.get(id));
    expect(moved.every((id) => before.get(id) === 2)).toBe(true);
    expect(new Set(moved.map((id) => after.get(id)))).toEqual(new Set([0, 1, 3]));
    const joined = new Map(connections.map((id) => [id, assignedMember(id, [0, 1, 2, 3, 4])]));
    expect(connections.filter((id) => before.get(id) !== joined.get(id)).every((id) => joined.get(id) === 4)).toBe(true);
  });
});
