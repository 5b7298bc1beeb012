import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from './config';

const dataDir = mkdtempSync(join(tmpdir(), 'conversa-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir, ...env }, dataDir);

it('spaces steady appends 40 ms apart and leaves tail reads unspaced unless told otherwise, and prepares key lookups', () => {
  expect(load({})).toMatchObject({ eventSpacing: { appendMs: 40, tailMs: 0 }, preparedStatements: true });
  expect(load({ EVENTS_APPEND_SPACING_MS: '0', EVENTS_TAIL_SPACING_MS: '40', DATABASE_PREPARED_STATEMENTS: 'off' })).toMatchObject({
    eventSpacing: { appendMs: 0, tailMs: 40 },
    preparedStatements: false,
  });
});

it('refuses a spacing that is not a whole number of milliseconds up to a second', () => {
  for (const bad of ['-1', '1.5', 'soon', '5000']) expect(() => load({ EVENTS_TAIL_SPACING_MS: bad })).toThrow(/whole number of milliseconds/);
});

it('runs the heavy read models unpartitioned unless PROJECTOR_PARTITIONS says how many partitions, and refuses a count that is not one', () => {
  expect(load({}).projectorPartitions).toBe(1);
  expect(load({ PROJECTOR_PARTITIONS: '4' }).projectorPartitions).toBe(4);
  for (const bad of ['0', '2.5', 'many', '65']) expect(() => load({ PROJECTOR_PARTITIONS: bad })).toThrow(/PROJECTOR_PARTITIONS/);
});
