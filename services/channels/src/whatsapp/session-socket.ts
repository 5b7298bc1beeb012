import {
  downloadMediaMessage,
  type AnyMessageContent,
  type BaileysEventMap,
  type MiscMessageGenerationOptions,
  type ConnectionState,
  type UserFacingSocketConfig,
  type WAMessage,
} from '@whiskeysockets/baileys';
import type { Readable } from 'node:stream';
import type { ChannelChat, ChannelPresence } from '../channel-events';
import type { WhatsappAuthStore } from './auth-state';

/**
 * What the session uses of a Baileys socket: `makeWASocket`'s answer satisfies it, and tests drive
 * the session with an EventEmitter-shaped fake of the same surface.
 */
export interface WhatsappSocket {
  ev: {
    on<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): void;
    removeAllListeners<E extends keyof BaileysEventMap>(event: E): void;
  };
  user?: { id: string; lid?: string; name?: string };
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  /** Which jids have WhatsApp (Baileys' onWhatsApp); optional so test fakes may leave it out. */
  onWhatsApp?(...jids: string[]): Promise<Array<{ jid: string; exists: boolean }> | undefined>;
  logout(message?: string): Promise<void>;
  end(error: Error | undefined): void | Promise<void>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  groupMetadata(jid: string): Promise<{ subject: string }>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  signalRepository: { lidMapping: { getPNForLID(lid: string): Promise<string | null> } };
}

export type SocketFactory = (config: UserFacingSocketConfig) => WhatsappSocket | Promise<WhatsappSocket>;
export type WhatsappMediaDownload = (message: WAMessage, socket: WhatsappSocket) => Promise<Buffer | Readable>;

export interface BackoffOptions {
  /** First wait after a dropped connection. Default 1 s. */
  initialMs: number;
  /** Longest wait between attempts. Default 60 s. */
  maxMs: number;
}

export interface WhatsappSessionOptions {
  auth: WhatsappAuthStore;
  makeSocket: SocketFactory;
  /** Downloads a media message's file (Baileys' downloadMediaMessage, re-uploading expired media through the socket). */
  downloadMedia?: WhatsappMediaDownload;
  /** Live typing / recording in a conversation (the socket's presence frames). */
  publishPresence?: (target: { companyId: number; connectionId: number }, chat: ChannelChat, presence: ChannelPresence) => Promise<void>;
  backoff?: Partial<BackoffOptions>;
  /** Consecutive failed attempts after which the status shows TIMEOUT (it keeps trying). Default 5. */
  timeoutAfterRetries?: number;
  /** How long a send waits for a reconnecting session before failing. Default 15 s. */
  sendWaitMs?: number;
  /** History import: quiet time after the last history chunk before the import runs. Default 20 s. */
  historyQuietMs?: number;
  /** A Baileys logger (pino-shaped); silent by default. */
  baileysLogger?: UserFacingSocketConfig['logger'];
}

/** Bounded memory of recent messages, for quoting and for Baileys' getMessage (retries of our sends). */
export class RecentMessages {
  private readonly messages = new Map<string, WAMessage>();
  constructor(private readonly limit = 2_000) {}
  remember(message: WAMessage): void {
    const id = message.key?.id;
    if (!id) return;
    this.messages.delete(id);
    this.messages.set(id, message);
    if (this.messages.size > this.limit) this.messages.delete(this.messages.keys().next().value!);
  }
  get(id: string): WAMessage | undefined {
    return this.messages.get(id);
  }
}

export const silentBaileysLogger: NonNullable<UserFacingSocketConfig['logger']> = {
  level: 'silent',
  child() {
    return silentBaileysLogger;
  },
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
};

/** The status code of a closed connection (a Boom error's output.statusCode). */
export function disconnectCode(state: Partial<ConnectionState>): number | undefined {
  const error = state.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined;
  return error?.output?.statusCode;
}

export function defaultDownload(logger: UserFacingSocketConfig['logger'] | undefined): WhatsappMediaDownload {
  return async (message, socket) =>
    downloadMediaMessage(message, 'stream', {}, { reuploadRequest: (request) => socket.updateMediaMessage(request), logger: logger ?? silentBaileysLogger });
}
