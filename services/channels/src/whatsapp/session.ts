import {
  Browsers,
  DisconnectReason,
  type BaileysEventMap,
  type ConnectionState,
  type UserFacingSocketConfig,
  type WAMessageKey,
} from '@whiskeysockets/baileys';
import type { OutboundMessage } from '../port';
import type { RunningSession, SessionConnection, SessionHooks } from '../session-port';
import { jidOfContact, mapMessageUpdate, mapPresence, mapReaction, mapReceipt, userOf } from './mapping';
import { outboundContent, quotedWAMessage, type QuotedMessage } from './outbound';
import { WhatsappSessionHistory } from './session-history';
import { disconnectCode, silentBaileysLogger, type BackoffOptions, type WhatsappSessionOptions, type WhatsappSocket } from './session-socket';

export { type BackoffOptions, type SocketFactory, type WhatsappSessionOptions, type WhatsappSocket } from './session-socket';

/**
 * One WhatsApp connection's session on Baileys: QR pairing, reconnection with backoff, logout, the
 * mapping of socket events into Conversa (through the hooks), outbound sends and the history import.
 * Socket events are handled one at a time, in the order they came, so an edit never overtakes the
 * message it edits.
 */
export class WhatsappSession extends WhatsappSessionHistory implements RunningSession {
  private connected = false;
  private stopped = false;
  private failures = 0;
  private qrShown = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private work: Promise<void> = Promise.resolve();
  /** Credential writes, one after the other (a later write must not be overtaken by an earlier one). */
  private savingCreds: Promise<void> = Promise.resolve();
  private ending: Promise<void> | null = null;
  private connectedWaiters: Array<() => void> = [];
  private readonly backoff: BackoffOptions;

  constructor(connection: SessionConnection, hooks: SessionHooks, options: WhatsappSessionOptions) {
    super(connection, hooks, options);
    this.backoff = { initialMs: options.backoff?.initialMs ?? 1_000, maxMs: options.backoff?.maxMs ?? 60_000 };
  }

  /** Opens the first socket. `fresh` forgets the stored pairing first (a new QR code). */
  async start(fresh: boolean): Promise<void> {
    if (fresh) await this.options.auth.clear(this.connection.id);
    const paired = await this.options.auth.isRegistered(this.connection.id);
    // History arrives only with a new pairing: that is when the import the connection asks for can run.
    this.history.wanted = !paired && this.settings.importOldMessages !== null;
    await this.hooks.report({ status: 'OPENING', qrcode: '', retries: 0 });
    try {
      await this.open();
    } catch (error) {
      this.hooks.log.error({ err: error, connectionId: this.connection.id }, 'whatsapp: opening the socket failed');
      await this.onClose(undefined);
    }
  }

  private async open(): Promise<void> {
    if (this.stopped) return;
    const { state, saveCreds } = await this.options.auth.load(this.connection.id);
    const importing = this.history.wanted;
    const socket = await this.options.makeSocket({
      auth: state,
      logger: (this.options.baileysLogger ?? silentBaileysLogger) as UserFacingSocketConfig['logger'],
      browser: Browsers.appropriate('Conversa'),
      // Conversa records what it sends itself; only messages from the phone come back as events.
      emitOwnEvents: false,
      markOnlineOnConnect: false,
      syncFullHistory: importing,
      shouldSyncHistoryMessage: () => importing,
      getMessage: async (key: WAMessageKey) => (key.id ? (this.recent.get(key.id)?.message ?? undefined) : undefined),
    });
    if (this.stopped) {
      await Promise.resolve(socket.end(undefined)).catch(() => {});
      return;
    }
    this.socket = socket;
    // Baileys merged the update into state.creds before this listener runs (it listens first).
    socket.ev.on('creds.update', () => {
      this.savingCreds = this.savingCreds
        .then(saveCreds)
        .catch((error) => this.hooks.log.error({ err: error, connectionId: this.connection.id }, 'whatsapp: saving credentials failed'));
    });
    const handle = <E extends keyof BaileysEventMap>(event: E, handler: (arg: BaileysEventMap[E]) => Promise<void>) =>
      socket.ev.on(event, (arg) => this.enqueue(socket, event, () => handler(arg)));
    handle('connection.update', (update) => this.onConnectionUpdate(socket, update));
    handle('messages.upsert', async ({ messages }) => {
      await this.refreshSettings();
      for (const message of messages) await this.onMessage(socket, message);
    });
    handle('messages.update', async (updates) => {
      await this.refreshSettings();
      for (const update of updates) await this.applyAll(mapMessageUpdate(update, this.mappingContext()));
    });
    handle('message-receipt.update', async (receipts) => {
      for (const receipt of receipts) await this.applyAll(mapReceipt(receipt, this.mappingContext()));
    });
    handle('messages.reaction', async (reactions) => {
      for (const reaction of reactions) {
        this.lids.learnFromKey(reaction.reaction.key as WAMessageKey);
        const mapped = mapReaction(reaction, this.mappingContext());
        if (mapped) await this.applyAll([mapped]);
      }
    });
    handle('presence.update', async (update) => {
      for (const event of mapPresence(update, this.mappingContext())) {
        if (event.kind === 'presence')
          await this.options.publishPresence?.({ companyId: this.connection.companyId, connectionId: this.connection.id }, event.chat, event.presence);
      }
    });
    handle('call', async (calls) => {
      for (const call of calls) await this.onCall(socket, call);
    });
    handle('lid-mapping.update', async (mapping) => this.lids.learn(mapping.lid, mapping.pn));
    handle('contacts.upsert', async (contacts) => this.lids.learnFromContacts(contacts));
    handle('contacts.update', async (contacts) => this.lids.learnFromContacts(contacts));
    handle('groups.upsert', async (groups) => {
      for (const group of groups) if (group.id && group.subject) this.groupSubjects.set(group.id, group.subject);
    });
    handle('groups.update', async (groups) => {
      for (const group of groups) if (group.id && group.subject) this.groupSubjects.set(group.id, group.subject);
    });
    handle('messaging-history.set', async (history) => this.onHistory(history));
  }

  protected enqueue(socket: WhatsappSocket, event: string, task: () => Promise<void>): void {
    this.work = this.work.then(async () => {
      // Events of a socket that was replaced or closed are not handled any more.
      if (socket !== this.socket) return;
      try {
        await task();
      } catch (error) {
        this.hooks.log.error({ err: error, event, connectionId: this.connection.id }, 'whatsapp: event not handled');
      }
    });
  }

  /** Resolves once every event received so far was handled and the credentials saved (tests, and a clean stop). */
  async idle(): Promise<void> {
    await Promise.all([this.work, this.savingCreds]);
  }

  private async onConnectionUpdate(socket: WhatsappSocket, update: Partial<ConnectionState>): Promise<void> {
    if (update.qr) {
      this.qrShown += 1;
      await this.hooks.report({ status: 'qrcode', qrcode: update.qr, retries: this.failures });
    }
    if (update.isNewLogin) await this.hooks.report({ status: 'PAIRING', qrcode: '', retries: this.failures });
    if (update.connection === 'open') {
      this.connected = true;
      this.failures = 0;
      this.qrShown = 0;
      const number = userOf(socket.user?.id) ?? '';
      await this.hooks.report({ status: 'CONNECTED', qrcode: '', retries: 0, ...(number ? { number } : {}) });
      for (const wake of this.connectedWaiters.splice(0)) wake();
      if (this.history.wanted && !this.history.started) {
        this.history.started = true;
        await this.hooks.importStarted();
        this.armHistoryTimer();
      }
      return;
    }
    if (update.connection === 'close') {
      this.connected = false;
      this.socket = null;
      socket.ev.removeAllListeners('connection.update');
      await this.onClose(disconnectCode(update));
    }
  }

  /**
   * The session is over for good: the hooks record DISCONNECTED and the manager stops it. Not awaited
   * here, because the manager's stop waits for the event being handled now.
   */
  private end(reason: string): void {
    this.stopped = true;
    this.ending = this.hooks
      .ended(reason)
      .catch((error) => this.hooks.log.error({ err: error, connectionId: this.connection.id }, 'whatsapp: recording the end failed'));
  }

  /** Events handled, credentials saved, and an end reported (tests). */
  async settled(): Promise<void> {
    await this.idle();
    await this.ending;
  }

  private async onClose(code: number | undefined): Promise<void> {
    if (this.stopped) return;
    const paired = await this.options.auth.isRegistered(this.connection.id);
    if (code === DisconnectReason.loggedOut || code === DisconnectReason.forbidden) {
      // Unlinked on the phone (or banned): the pairing is worthless, and the next start shows a QR code.
      await this.options.auth.clear(this.connection.id);
      this.end(code === DisconnectReason.loggedOut ? 'logged out on the phone' : 'WhatsApp refused the session (forbidden)');
      return;
    }
    if (code === DisconnectReason.connectionReplaced) {
      // Another client opened this pairing: fighting it would disconnect both over and over.
      this.end('the session was opened elsewhere (connection replaced)');
      return;
    }
    if (!paired && code === DisconnectReason.timedOut && this.qrShown > 0) {
      // Every QR code expired without being read.
      await this.options.auth.clear(this.connection.id);
      this.end('the QR code expired without being read');
      return;
    }
    if (code === DisconnectReason.restartRequired) {
      // After pairing WhatsApp asks for a new connection at once: not a failure.
      try {
        await this.open();
        return;
      } catch (error) {
        this.hooks.log.error({ err: error, connectionId: this.connection.id }, 'whatsapp: reopening after the restart request failed');
      }
    }
    this.failures += 1;
    const status = this.failures >= (this.options.timeoutAfterRetries ?? 5) ? 'TIMEOUT' : 'OPENING';
    await this.hooks.report({ status, qrcode: '', retries: this.failures });
    const wait = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** (this.failures - 1));
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.open().catch((error) => {
        this.hooks.log.error({ err: error, connectionId: this.connection.id }, 'whatsapp: reconnecting failed');
        void this.onClose(undefined);
      });
    }, wait);
  }
  private waitConnected(ms: number): Promise<WhatsappSocket> {
    if (this.connected && this.socket) return Promise.resolve(this.socket);
    if (this.stopped) return Promise.reject(new Error('the WhatsApp session is stopped'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.connectedWaiters = this.connectedWaiters.filter((waiter) => waiter !== wake);
        reject(new Error('the WhatsApp session is not connected'));
      }, ms);
      const wake = () => {
        clearTimeout(timer);
        if (this.socket) resolve(this.socket);
        else reject(new Error('the WhatsApp session is not connected'));
      };
      this.connectedWaiters.push(wake);
    });
  }

  /** What a reply or reaction needs of the message it points at: from memory, or what can be inferred. */
  private quotedOf(providerId: string | null): QuotedMessage | null {
    if (!providerId) return null;
    const known = this.recent.get(providerId);
    if (known) return { id: providerId, fromMe: Boolean(known.key.fromMe), participant: known.key.participant ?? undefined, message: known.message };
    // Not in memory (sent before a restart): ours if this session sent it, otherwise the contact's.
    return { id: providerId, fromMe: this.sentIds.has(providerId) };
  }

  async send(message: OutboundMessage): Promise<{ providerId: string }> {
    const socket = await this.waitConnected(this.options.sendWaitMs ?? 15_000);
    const jid = jidOfContact(message.contact);
    const quoted = this.quotedOf(message.quotedProviderId);
    const file = message.media && !message.location && message.mediaType !== 'contactMessage' ? await message.media.read() : null;
    const content = outboundContent(message, jid, file, quoted);
    const options = quoted && message.mediaType !== 'reactionMessage' ? { quoted: quotedWAMessage(jid, quoted) } : undefined;
    const sent = await socket.sendMessage(jid, content, options);
    const providerId = sent?.key?.id;
    if (!providerId) throw new Error('WhatsApp answered without a message id');
    this.sentIds.set(providerId, message.messageId);
    if (this.sentIds.size > 10_000) this.sentIds.delete(this.sentIds.keys().next().value!);
    this.recent.remember(sent);
    return { providerId };
  }

  /** Baileys' onWhatsApp, asked for every number at once; a number it does not answer for has no account. */
  async checkNumbers(numbers: readonly string[]): Promise<Array<{ number: string; valid: boolean }>> {
    const socket = await this.waitConnected(this.options.sendWaitMs ?? 15_000);
    if (!socket.onWhatsApp) throw new Error('this WhatsApp socket cannot check numbers');
    const found = (await socket.onWhatsApp(...numbers.map((number) => jidOfContact({ number, isGroup: false })))) ?? [];
    const existing = new Set(found.filter((entry) => entry.exists).map((entry) => entry.jid.split('@')[0]!.split(':')[0]!));
    return numbers.map((number) => ({ number, valid: existing.has(number) }));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.history.timer) clearTimeout(this.history.timer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.connected = false;
    for (const wake of this.connectedWaiters.splice(0)) wake();
    if (socket) {
      socket.ev.removeAllListeners('connection.update');
      await Promise.resolve(socket.end(undefined)).catch(() => {});
    }
    await this.idle();
  }

  async logout(): Promise<void> {
    const socket = this.socket;
    this.stopped = true;
    if (socket && this.connected)
      await socket
        .logout('Conversa: disconnected')
        .catch((error) => this.hooks.log.warn({ err: error }, 'whatsapp: logout failed; the pairing is forgotten anyway'));
    await this.stop();
    await this.options.auth.clear(this.connection.id);
  }
}
