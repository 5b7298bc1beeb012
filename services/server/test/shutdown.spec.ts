import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../testing/src/postgres';

const root = join(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'conversa-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * `pnpm start`, then Ctrl-C: a terminal signals its whole foreground process group (tsx, the product, and whatever
 * they spawned). The product stops in order and says so in one line: no lease or pool error, exit code 0.
 */
it('stops on Ctrl-C with one line and exit code 0', { timeout: 180_000 }, async () => {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PG_PORT: String(await freePort()),
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    PG_MEMORY_MB: '256',
    LOG_LEVEL: 'warn',
  };
  // The tsx binary as `pnpm start` runs it; its own process group, as a terminal's foreground job.
  const child = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'services/server/src/main.ts'), 'start'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // The start's last line (after 'ready in'): it may come in a later chunk, and would then count as said after the signal.
      if (/ready in \d+ ms/.test(stdout) && /Log in as /.test(stdout)) resolve();
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before it was ready:\n${stdout}\n${stderr}`)));
  });
  const before = stdout.length;
  // Every job, lease and pool is running now; the whole group gets the signal, as from a terminal.
  process.kill(-child.pid!, 'SIGINT');
  const code = await exited;

  // Every line is a JSON log line (docs/observability.md): the stop is one of them, and nothing after the signal warns.
  const after = stdout
    .slice(before)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { level: number; msg: string });
  expect({ code, after, stderr }).toMatchObject({ code: 0, after: [{ level: 30, msg: expect.stringMatching(/^SIGINT: stopped in \d+ ms$/) }] });
  expect(stderr).not.toMatch(/\n\s+at /);
  expect(stderr).not.toMatch(/lease|terminating connection/);
});
