import type { WebhookView } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { applyWebhookFrame, newlyPaused } from './socket';

const hook = (id: number, changes: Partial<WebhookView> = {}): WebhookView => ({
  id,
  companyId: 1,
  url: `https://example.com/${id}`,
  events: ['*'],
  description: '',
  active: true,
  flagged: false,
  pausedAt: null,
  pauseReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...changes,
});

describe('webhook frames', () => {
  it('adds, replaces in id order and removes endpoints', () => {
    const list = [hook(1), hook(3)];
    expect(applyWebhookFrame(list, { action: 'create', webhook: hook(2) }).map((w) => w.id)).toEqual([1, 2, 3]);
    expect(applyWebhookFrame(list, { action: 'update', webhook: hook(3, { flagged: true }) })[1]!.flagged).toBe(true);
    expect(applyWebhookFrame(list, { action: 'delete', webhookId: 1 }).map((w) => w.id)).toEqual([3]);
  });
});

describe('newlyPaused', () => {
  it('names the endpoints paused since the last look, not those already known', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const list = [hook(1, { pausedAt: at }), hook(2), hook(3, { pausedAt: at })];
    expect(newlyPaused(new Set([1]), list).map((w) => w.id)).toEqual([3]);
    expect(newlyPaused(new Set([1, 3]), list)).toEqual([]);
    expect(newlyPaused(new Set(), [hook(2)])).toEqual([]);
  });
});
