import { describe, expect, it } from 'vitest';
import { asPostgresFlags, embeddedPostgresSettings } from './postgres-sizing';

const GB = 1024 ** 3;

describe('embedded Postgres sized to the machine', () => {
  it('gives Postgres a quarter of a 24 GB, 2-core machine as its cache and proportions the rest', () => {
    const settings = embeddedPostgresSettings({ totalMemoryBytes: 24 * GB, cpus: 2 });
    expect(settings).toMatchObject({
      shared_buffers: '6144MB',
      effective_cache_size: '14746MB',
      maintenance_work_mem: '768MB',
      max_parallel_workers_per_gather: '1',
      max_parallel_workers: '2',
    });
    expect(settings.work_mem).toBe('64MB');
  });

  it('keeps to Postgres minimums on a small machine', () => {
    const settings = embeddedPostgresSettings({ totalMemoryBytes: 1 * GB, cpus: 1 });
    expect(settings).toMatchObject({ shared_buffers: '256MB', maintenance_work_mem: '64MB', max_parallel_workers_per_gather: '0', work_mem: '10MB' });
  });

  it('caps the cache on a large machine and honours the memory budget', () => {
    expect(embeddedPostgresSettings({ totalMemoryBytes: 256 * GB, cpus: 32 }).shared_buffers).toBe('8192MB');
    expect(embeddedPostgresSettings({ totalMemoryBytes: 24 * GB, cpus: 2 }, { memoryMb: 2048 }).shared_buffers).toBe('1024MB');
  });

  it('lets PG_SETTINGS override any value, ignoring malformed pairs', () => {
    const settings = embeddedPostgresSettings({ totalMemoryBytes: 8 * GB, cpus: 4 }, { overrides: 'shared_buffers=512MB, work_mem = 8MB,garbage,=x' });
    expect(settings).toMatchObject({ shared_buffers: '512MB', work_mem: '8MB' });
    expect(settings).not.toHaveProperty('garbage');
    expect(asPostgresFlags({ a: '1', b: 'on' })).toEqual(['-c', 'a=1', '-c', 'b=on']);
  });
});
