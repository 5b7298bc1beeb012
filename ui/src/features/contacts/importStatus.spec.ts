import type { ContactImportStatus } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { furthestStatus } from './ImportContactsDialog';

const status = (processed: number, state: 'running' | 'done' = 'running'): ContactImportStatus => ({
  importId: '0b0f6c1e-3d7a-4e55-9a51-7c5d2e1f0a11',
  fileName: 'c.csv',
  state,
  total: 10,
  processed,
  created: processed,
  updated: 0,
  refused: 0,
  refusals: [],
  startedAt: '2026-11-26T10:00:00.000Z',
  finishedAt: state === 'done' ? '2026-11-26T10:00:01.000Z' : null,
  error: null,
});

describe('furthestStatus', () => {
  it('keeps the furthest of the answers and frames, whichever arrives last, and done over running', () => {
    expect(furthestStatus([status(0), status(5), status(3)])?.processed).toBe(5);
    expect(furthestStatus([status(10, 'done'), status(10)])?.state).toBe('done');
    expect(furthestStatus([null, undefined])).toBeNull();
  });
});
