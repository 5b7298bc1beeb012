import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

/** Runs `conversa …` as `pnpm conversa` does; no database is touched by these commands. */
function conversa(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['services/server/src/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

it("prints the usage and exits 0 for --help, and one command's usage for <command> --help", { timeout: 90_000 }, async () => {
  const [all, rebuild] = await Promise.all([conversa(['--help']), conversa(['rebuild', '--help'])]);
  expect(all.code, all.stderr).toBe(0);
  expect(all.stdout).toMatch(/^usage: conversa/);
  for (const command of ['start', 'rebuild <projector|all>', 'projections', 'verify']) expect(all.stdout).toContain(command);
  expect(rebuild.code, rebuild.stderr).toBe(0);
  expect(rebuild.stdout).toMatch(/^usage: conversa rebuild <projector\|all> \[--wait <seconds>\]/);
});

it('exits 2 with the usage on stderr for an unknown command or a bad argument', { timeout: 90_000 }, async () => {
  const [unknown, noTarget] = await Promise.all([conversa(['frobnicate']), conversa(['rebuild'])]);
  expect(unknown.code).toBe(2);
  expect(unknown.stdout).toBe('');
  expect(unknown.stderr).toMatch(/^conversa: Unknown command frobnicate\nusage: conversa/);
  expect(noTarget.code).toBe(2);
  expect(noTarget.stderr).toContain('usage: conversa rebuild');
});
