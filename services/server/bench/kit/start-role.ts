/**
 * The product as a newcomer runs it: `conversa start` in a child process (its own embedded Postgres under `dataDir`)
 * on free ports of 127.0.0.1, for the benches that measure the process from outside (its start, its memory).
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../../testing/src/postgres';

const MAIN = join(import.meta.dirname, '..', '..', 'src', 'main.ts');

export interface StartRole {
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** performance.now() when the process was spawned. */
  spawnedAt: number;
  /** Resolves once GET /health answers 200, polling every `pollMs`; throws if the process ends first. */
  healthy(pollMs: number): Promise<void>;
  /** SIGINT, as Ctrl+C stops it, and waits for the process to end. */
  stop(): Promise<void>;
}

export async function spawnStart(dataDir: string, options: { env?: Record<string, string>; stdio?: StdioOptions } = {}): Promise<StartRole> {
  const port = await freePort();
  const pgPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'start'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), PG_PORT: String(pgPort), HOST: '127.0.0.1', ...options.env },
    stdio: options.stdio ?? 'ignore',
  });
  return {
    url,
    child,
    spawnedAt,
    async healthy(pollMs) {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`start exited with ${child.exitCode}`);
        const up = await fetch(`${url}/health`).then(
          (answer) => answer.status === 200,
          () => false,
        );
        if (up) return;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
  };
}
