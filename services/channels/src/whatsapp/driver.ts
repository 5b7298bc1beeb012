import { fetchLatestWaWebVersion, makeWASocket, type WAVersion } from '@whiskeysockets/baileys';
import type { SessionDriver } from '../session-port';
import { WhatsappSession, type SocketFactory, type WhatsappSessionOptions } from './session';

export interface WhatsappDriverOptions extends Omit<WhatsappSessionOptions, 'makeSocket'> {
  /** Baileys' makeWASocket by default; tests give a fake socket. */
  makeSocket?: SocketFactory;
}

/**
 * WhatsApp Web's protocol version moves: a socket announcing an old one is refused. The current
 * one is asked once per process; Baileys' bundled version is the fallback when that fails.
 */
let latestVersion: Promise<WAVersion | undefined> | null = null;
function currentVersion(): Promise<WAVersion | undefined> {
  latestVersion ??= fetchLatestWaWebVersion({ signal: AbortSignal.timeout(10_000) })
    .then((answer) => (answer.error ? undefined : answer.version))
    .catch(() => undefined);
  return latestVersion;
}

/** The real socket: Baileys' makeWASocket on the current WhatsApp Web version. */
export const baileysSocketFactory: SocketFactory = async (config) => {
  const version = await currentVersion();
  return makeWASocket({ ...config, ...(version ? { version } : {}) });
};

/** The session driver of channel 'whatsapp' (Baileys), for the session manager. */
export function createWhatsappDriver(options: WhatsappDriverOptions): SessionDriver {
  const makeSocket = options.makeSocket ?? baileysSocketFactory;
  return {
    channel: 'whatsapp',
    async start(connection, hooks, { fresh }) {
      const session = new WhatsappSession(connection, hooks, { ...options, makeSocket });
      await session.start(fresh);
      return session;
    },
    async forget(connection) {
      await options.auth.clear(connection.id);
    },
  };
}
