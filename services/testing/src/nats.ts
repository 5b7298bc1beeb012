import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './postgres';

export interface NatsServer {
  url: string;
  port: number;
  /** Stops the server; the port stays reserved for `restart`. */
  stop(): Promise<void>;
  /** Kills the server (if running) and starts a new one on the same port. */
  restart(): Promise<void>;
}

// CI installs the Debian package, which puts the binary outside a non-root PATH.
const binary = existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server';
const readyTimeoutMs = 10_000;

const running = new Set<ChildProcess>();
// A crashed test worker must not leave servers holding ports behind it.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts a real `nats-server` (Debian package) on 127.0.0.1 and resolves once it accepts clients. */
export async function startNatsServer(options: { port?: number } = {}): Promise<NatsServer> {
  const port = options.port ?? (await freePort());
  let child: ChildProcess | undefined = await spawnServer(port);

  const stop = async () => {
    const current = child;
    child = undefined;
    if (current) await kill(current);
  };

  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    stop,
    async restart() {
      await stop();
      child = await spawnServer(port);
    },
  };
}

function spawnServer(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
    running.add(child);
    let log = '';
    const fail = (error: Error) => {
      clearTimeout(timer);
      running.delete(child);
      child.kill('SIGKILL');
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`nats-server on port ${port} not ready after ${readyTimeoutMs} ms:\n${log}`)), readyTimeoutMs);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      // The server prints this line only after its client listener is bound.
      if (log.includes('Server is ready')) {
        clearTimeout(timer);
        child.stderr?.off('data', onData);
        // Keep draining stderr so a chatty server never blocks on a full pipe.
        child.stderr?.resume();
        resolve(child);
      }
    };
    child.stderr?.on('data', onData);
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      running.delete(child);
      if (!log.includes('Server is ready')) fail(new Error(`nats-server exited (${code ?? signal}) before ready:\n${log}`));
    });
  });
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    // SIGKILL: the tests want an abrupt outage, not lame-duck mode or a graceful client drain.
    child.kill('SIGKILL');
  });
}
