import { createPostgresSnapshotStore, type SnapshotStore } from '@conversa/eventstore';
import { testDatabase } from '@conversa/testing/database';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

let database: { url: string; drop(): Promise<void> };
let snapshots: SnapshotStore;
beforeAll(async () => {
  database = await testDatabase('rebuild_snapshots');
  snapshots = await createPostgresSnapshotStore({ connectionString: database.url });
});
afterAll(async () => {
  await snapshots?.close();
  await database?.drop();
});

function conversa(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      DATABASE_URL: database.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'conversa-rebuild-')),
      JWT_SECRET: 'test-secret-'.repeat(4),
    };
    const child = spawn(tsx, ['services/server/src/main.ts', ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

it('drops the snapshots of long streams on `conversa rebuild snapshots`, so the next command folds afresh', { timeout: 120_000 }, async () => {
  await snapshots.save('contactlist-1', 'v1-test', 999, new Uint8Array([1, 2, 3]));
  expect(await snapshots.load('contactlist-1', 'v1-test')).toMatchObject({ revision: 999 });
  const run = await conversa(['rebuild', 'snapshots']);
  expect(run.code, run.stderr + run.stdout).toBe(0);
  expect(run.stdout).toContain('dropped 1 snapshots of long streams');
  expect(await snapshots.load('contactlist-1', 'v1-test')).toBeNull();
});
