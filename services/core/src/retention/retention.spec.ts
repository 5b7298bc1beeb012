import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { retention, type RetentionEvent } from './retention';

const now = new Date('2026-01-15T12:00:00.000Z');
const expired = (at: string, days = 30): RetentionEvent => ({
  type: 'MessageContentsExpired',
  data: { companyId: 4, before: new Date(new Date(at).getTime() - days * 86_400_000).toISOString(), days },
});

describe('retention', () => {
  it('expires what is older than the setting the first time', () => {
    spec(retention)
      .given([])
      .when({ type: 'ExpireMessageContents', companyId: 4, days: 30 }, now)
      .then([expired(now.toISOString())]);
  });

  it('runs once a UTC day, whatever the days were', () => {
    spec(retention)
      .given([expired('2026-01-15T00:00:10.000Z', 90)])
      .when({ type: 'ExpireMessageContents', companyId: 4, days: 30 }, now)
      .then([]);
  });

  it('runs again the next day', () => {
    spec(retention)
      .given([expired('2026-01-14T23:59:59.000Z')])
      .when({ type: 'ExpireMessageContents', companyId: 4, days: 30 }, now)
      .then([expired(now.toISOString())]);
  });
});
