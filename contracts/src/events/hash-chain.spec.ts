import { describe, expect, it } from 'vitest';
import { chainHash, verifyChain, type ChainedContent } from './hash-chain';

const metadata = {
  companyId: 1,
  actor: { kind: 'user' as const, id: 7 },
  correlationId: 'c-1',
  causationId: 'c-1',
  occurredAt: '2026-11-21T10:00:00.000Z',
  schemaVersion: 1,
};

function chain(count: number): ChainedContent[] {
  const events: ChainedContent[] = [];
  let prevHash: string | null = null;
  for (let revision = 0; revision < count; revision++) {
    const event: ChainedContent = { id: `e${revision}`, streamId: 'ticket-1', revision, type: 'Noted', data: { n: revision }, metadata: { ...metadata } };
    const hash = chainHash(event, prevHash);
    event.metadata = { ...event.metadata, prevHash, hash };
    events.push(event);
    prevHash = hash;
  }
  return events;
}

describe('hash chain', () => {
  it('verifies an untouched stream', () => {
    expect(verifyChain(chain(5))).toEqual({ valid: true, checked: 5 });
  });

  it('detects an altered event', () => {
    const events = chain(5);
    events[2] = { ...events[2]!, data: { n: 99 } };
    expect(verifyChain(events).break).toMatchObject({ kind: 'hash-mismatch', revision: 2 });
  });

  it('detects altered metadata (the actor)', () => {
    const events = chain(3);
    events[1] = { ...events[1]!, metadata: { ...events[1]!.metadata, actor: { kind: 'user', id: 8 } } };
    expect(verifyChain(events).valid).toBe(false);
  });

  it('detects a removed event', () => {
    const events = chain(5);
    events.splice(2, 1);
    expect(verifyChain(events).break).toMatchObject({ kind: 'revision-gap', index: 2 });
  });

  it('detects a removed event even when later revisions are renumbered', () => {
    const events = chain(5);
    events.splice(2, 1);
    events.forEach((e, i) => (e.revision = i));
    expect(verifyChain(events).valid).toBe(false);
  });

  it('detects an inserted event', () => {
    const events = chain(4);
    const forged: ChainedContent = { ...events[1]!, id: 'forged', data: { n: 42 } };
    events.splice(2, 0, forged);
    events.forEach((e, i) => (e.revision = i));
    expect(verifyChain(events).valid).toBe(false);
  });

  it('detects reordered events', () => {
    const events = chain(4);
    [events[1], events[2]] = [events[2]!, events[1]!];
    expect(verifyChain(events).valid).toBe(false);
  });

  it('hashes independently of key order', () => {
    const a = chain(1)[0]!;
    const b: ChainedContent = { ...a, data: { n: 0 }, metadata: { ...a.metadata } };
    expect(chainHash(b, null)).toBe(chainHash(a, null));
  });
});
