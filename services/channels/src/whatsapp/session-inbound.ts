import { isJidGroup, isLidUser, type BaileysEventMap, type WAMessage } from '@whiskeysockets/baileys';
import { applyChannelEvent, type ApplyContext } from '../channel-inbound';
import type { SessionConnection, SessionHooks } from '../session-port';
import { mapCall } from './calls';
import { LidDirectory, mapMessage, userOf, type MappingContext, type WhatsappMediaRef } from './mapping';
import { defaultDownload, RecentMessages, type WhatsappSessionOptions, type WhatsappSocket } from './session-socket';

/** How stale the connection's settings may be when an event is mapped. */
const SETTINGS_REFRESH_MS = 5_000;

/**
 * The inbound side of a WhatsApp session: what it knows of the account (LIDs, group subjects, recent
 * messages, its own sends, the connection's settings) and how a socket's messages and calls reach
 * Conversa through the hooks. The lifecycle lives in session.ts, the history import in session-history.ts.
 */
export abstract class WhatsappSessionInbound {
  protected socket: WhatsappSocket | null = null;
  protected readonly lids = new LidDirectory();
  protected readonly groupSubjects = new Map<string, string>();
  protected readonly recent = new RecentMessages();
  /** Provider id → Conversa message id of what this session sent (acks can overtake the read model). */
  protected readonly sentIds = new Map<string, string>();
  protected settings: SessionConnection['settings'];
  protected settingsReadAt = Date.now();

  constructor(
    protected readonly connection: SessionConnection,
    protected readonly hooks: SessionHooks,
    protected readonly options: WhatsappSessionOptions,
  ) {
    this.settings = connection.settings;
  }

  protected mappingContext(): MappingContext {
    return {
      allowGroup: this.settings.allowGroup,
      groupAsTicket: this.settings.groupAsTicket,
      phoneOfLid: (lid) => this.lids.phoneOf(lid),
      groupSubject: (jid) => this.groupSubjects.get(jid),
    };
  }

  /** The phone's number for a LID the events did not pair: Baileys' own store may know it. */
  private async resolveLid(jid: string | null | undefined, alt: string | null | undefined, socket: WhatsappSocket): Promise<void> {
    if (!jid || !isLidUser(jid) || (alt && !isLidUser(alt))) return;
    const user = userOf(jid);
    if (!user || this.lids.phoneOf(user)) return;
    const pn = await socket.signalRepository.lidMapping.getPNForLID(jid).catch(() => null);
    if (pn) this.lids.learn(jid, pn);
  }

  private async groupSubject(socket: WhatsappSocket, jid: string): Promise<void> {
    if (this.groupSubjects.has(jid) || !this.settings.allowGroup) return;
    const metadata = await socket.groupMetadata(jid).catch(() => undefined);
    if (metadata?.subject) this.groupSubjects.set(jid, metadata.subject);
  }

  protected async prepare(socket: WhatsappSocket, message: WAMessage): Promise<void> {
    const key = message.key;
    this.lids.learnFromKey(key);
    await this.resolveLid(key.remoteJid, key.remoteJidAlt, socket);
    await this.resolveLid(key.participant, key.participantAlt, socket);
    if (key.remoteJid && isJidGroup(key.remoteJid)) await this.groupSubject(socket, key.remoteJid);
  }

  protected async onMessage(socket: WhatsappSocket, message: WAMessage): Promise<void> {
    if (!message.key?.id) return;
    this.recent.remember(message);
    await this.prepare(socket, message);
    const mapped = mapMessage(message, this.mappingContext());
    if (mapped) await this.applyAll([mapped]);
  }

  private applyContext(): ApplyContext<WhatsappMediaRef> {
    return {
      hooks: this.hooks,
      sentMessageId: (providerId) => this.sentIds.get(providerId),
      download: async (media) => {
        const socket = this.socket;
        if (!socket) throw new Error('the session is not connected');
        const download = this.options.downloadMedia ?? defaultDownload(this.options.baileysLogger);
        return { data: await download(media.ref, socket), mime: media.mime };
      },
    };
  }

  protected async applyAll(events: Parameters<typeof applyChannelEvent<WhatsappMediaRef>>[0][]): Promise<Array<{ ticketId?: number }>> {
    const context = this.applyContext();
    const results: Array<{ ticketId?: number }> = [];
    for (const event of events) {
      if (event.kind === 'presence') continue;
      results.push(await applyChannelEvent(event, context));
    }
    return results;
  }

  protected async onCall(socket: WhatsappSocket, call: BaileysEventMap['call'][number]): Promise<void> {
    const settings = await this.hooks.companySettings();
    const mapped = mapCall(call, this.mappingContext(), settings.acceptCallWhatsapp === 'enabled');
    if (!mapped) return;
    if (mapped.reject)
      await socket
        .rejectCall(mapped.callId, mapped.from)
        .catch((error) => this.hooks.log.warn({ err: error, callId: mapped.callId }, 'whatsapp: rejecting the call failed'));
    await this.applyAll([mapped.message]);
  }

  /** Settings changed while running (allowGroup, groupAsTicket …): the mapping follows them within a few seconds. */
  protected async refreshSettings(): Promise<void> {
    if (Date.now() - this.settingsReadAt < SETTINGS_REFRESH_MS) return;
    this.settingsReadAt = Date.now();
    const current = await this.hooks.connection();
    if (current) this.settings = current;
  }
}
