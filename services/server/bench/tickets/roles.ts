/** BENCH_SPLIT=1's other processes: a real nats-server and the projector role in a process of its own. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../testing/src/postgres';

export async function startNats(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const server = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const url = `nats://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    const reachable = await new Promise<boolean>((resolve) => {
      const probe = createConnection({ host: '127.0.0.1', port }, () => {
        probe.end();
        resolve(true);
      });
      probe.on('error', () => resolve(false));
    });
    if (reachable) return { url, stop: () => server.kill('SIGTERM') };
    if (attempt > 100) throw new Error('nats-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startProjectorRole(env: Record<string, string>): Promise<ChildProcess> {
  const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', main, 'projector'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (String(chunk).includes('projector running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the projector role ended (${code})`)));
  });
  return child;
}
