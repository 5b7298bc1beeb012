import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../testing/src/postgres';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from '../src/config';

const root = join(import.meta.dirname, '../../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const main = join(root, 'services/server/src/main.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'conversa-rebuild-'));
let product: ReturnType<typeof spawn> | undefined;
afterAll(() => {
  if (product?.exitCode === null) process.kill(-product.pid!, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** `pnpm conversa <args>` with the product's data dir and no DATABASE_URL: it must find the database itself. */
function conversa(args: string[], env: Record<string, string>): Promise<{ code: number | null; lines: Array<{ level: number; msg: string }>; stderr: string }> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _none, ...inherited } = process.env;
    const child = spawn(tsx, [main, ...args], { cwd: root, env: { ...inherited, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        stderr,
        lines: stdout
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line)),
      }),
    );
  });
}

/**
 * Issue 32's CLI case, end to end: `conversa rebuild contacts` beside a running product (the embedded Postgres)
 * finds its database as `projections` does and says who holds the projector (exit 3 after --wait); once the
 * product is stopped it rebuilds with progress (events done / total, rate, ETA).
 */
it(
  'rebuild beside a running product finds its embedded Postgres, names the holder and exits 3; once stopped it rebuilds with progress',
  { timeout: 240_000 },
  async () => {
    const env = { DATA_DIR: dataDir, PG_PORT: String(await freePort()), HOST: '127.0.0.1', PG_MEMORY_MB: '256', LOG_FORMAT: 'json', LOG_LEVEL: 'info' };
    const port = await freePort();
    const { DATABASE_URL: _none, ...inherited } = process.env;
    product = spawn(process.execPath, ['--import', 'tsx', main, 'start'], {
      cwd: root,
      env: { ...inherited, ...env, PORT: String(port) },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running = product;
    const exited = new Promise<number | null>((resolve) => running.on('exit', (code) => resolve(code)));
    let out = '';
    await new Promise<void>((resolve, reject) => {
      running.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (/Log in as /.test(out)) resolve();
      });
      void exited.then((code) => reject(new Error(`exited with ${code} before it was ready:\n${out}`)));
    });
    // One contact: an event for the rebuild to replay.
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(`${base}/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Reconstruído', number: '5511977420001' }),
    });
    expect(created.status).toBe(201);

    const beside = await conversa(['rebuild', 'contacts', '--wait', '1'], env);
    expect(beside.code, beside.stderr).toBe(3);
    expect(beside.lines.map((line) => line.msg).join('\n')).toMatch(
      /Projector contacts is held by a running instance \(pid \d+, conversa-projector:contacts\); gave up after 1 s/,
    );
    expect(beside.stderr).toBe('');

    process.kill(-running.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    const alone = await conversa(['rebuild', 'contacts'], env);
    expect(alone.code, alone.stderr).toBe(0);
    const messages = alone.lines.map((line) => line.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^contacts: (\d+) \/ \1 events \(100%\), \d+ events\/s, done$/),
        expect.stringMatching(/^rebuilt contacts: [1-9]\d* events in /),
      ]),
    );
  },
);
