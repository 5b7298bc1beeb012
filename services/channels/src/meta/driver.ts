import type { ConnectionChannel } from '@conversa/contracts';
import type { OutboundMessage } from '../port';
import type { RunningSession, SessionConnection, SessionDriver, SessionHooks } from '../session-port';
import { GraphError, type GraphApi } from './graph';
import { sendCloud, sendMessenger } from './outbound';

export type MetaChannel = Extract<ConnectionChannel, 'facebook' | 'instagram' | 'whatsappapi'>;
export const META_CHANNELS: readonly MetaChannel[] = ['facebook', 'instagram', 'whatsappapi'];

export interface MetaDriverOptions {
  graph: GraphApi;
  /** Waits between checks of an account Meta could not be reached for. Default 5 s doubling to 5 min. */
  backoff?: { initialMs?: number; maxMs?: number };
  /** Failed checks after which the status shows TIMEOUT (it keeps trying). Default 3. */
  timeoutAfterRetries?: number;
}

/**
 * A Meta connection has no socket: Meta pushes inbound events to the webhook, and sending is one
 * Graph API call. Its session checks that the token still speaks for the account (CONNECTED with
 * the page, account or number as its name), retries while Meta cannot be reached, and ends when
 * the token is no longer valid (the page must be linked again with POST /facebook).
 */
class MetaSession implements RunningSession {
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = false;
  private checking: Promise<void> = Promise.resolve();

  constructor(
    private readonly connection: SessionConnection & { channel: MetaChannel },
    private readonly hooks: SessionHooks,
    private readonly options: MetaDriverOptions,
  ) {}

  async start(): Promise<void> {
    await this.hooks.report({ status: 'OPENING', qrcode: '', retries: 0 });
    this.checking = this.check();
    await this.checking;
  }

  private async check(): Promise<void> {
    if (this.stopped) return;
    const account = this.connection.account;
    if (!account?.tokenMeta || !account.facebookPageUserId) {
      this.stopped = true;
      await this.hooks.ended('no Meta account is linked to this connection');
      return;
    }
    try {
      const { name } = await this.options.graph.account(this.connection.channel, account.facebookPageUserId, account.tokenMeta);
      this.failures = 0;
      await this.hooks.report({ status: 'CONNECTED', qrcode: '', retries: 0, number: name });
    } catch (error) {
      if (this.stopped) return;
      if (error instanceof GraphError && error.tokenInvalid) {
        this.stopped = true;
        await this.hooks.ended(`Meta refused the token: ${error.message}`);
        return;
      }
      this.failures += 1;
      this.hooks.log.warn({ err: error, connectionId: this.connection.id }, 'meta: the account could not be checked; trying again');
      await this.hooks.report({ status: this.failures >= (this.options.timeoutAfterRetries ?? 3) ? 'TIMEOUT' : 'OPENING', qrcode: '', retries: this.failures });
      const initial = this.options.backoff?.initialMs ?? 5_000;
      const wait = Math.min(this.options.backoff?.maxMs ?? 300_000, initial * 2 ** (this.failures - 1));
      this.timer = setTimeout(() => {
        this.timer = null;
        this.checking = this.check();
      }, wait);
    }
  }

  /** Resolves once the current check (and the retry it scheduled, if it already ran) is over (tests). */
  idle(): Promise<void> {
    return this.checking;
  }

  async send(message: OutboundMessage): Promise<{ providerId: string }> {
    const account = this.connection.account;
    if (!account) throw new Error('no Meta account is linked to this connection');
    const providerId =
      this.connection.channel === 'whatsappapi'
        ? await sendCloud(this.options.graph, account, message)
        : await sendMessenger(this.options.graph, this.connection.channel, account, message);
    return { providerId };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.checking;
  }

  /** Disconnecting keeps the page subscribed to the app: other connections of the page may still use it. */
  async logout(): Promise<void> {
    await this.stop();
  }
}

/** The session drivers of the three Meta channels, for the session manager. */
export function createMetaDrivers(options: MetaDriverOptions): SessionDriver[] {
  return META_CHANNELS.map((channel) => ({
    channel,
    async start(connection: SessionConnection, hooks: SessionHooks) {
      const session = new MetaSession({ ...connection, channel }, hooks, options);
      await session.start();
      return session;
    },
  }));
}
