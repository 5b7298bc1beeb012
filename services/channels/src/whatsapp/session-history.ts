import { isJidGroup, type BaileysEventMap, type WAMessage } from '@whiskeysockets/baileys';
import { mapMessage, timestampOf } from './mapping';
import { WhatsappSessionInbound } from './session-inbound';
import type { WhatsappSocket } from './session-socket';

/**
 * The history import of a new pairing: the chunks Baileys sends are collected, and once they stop
 * coming for a quiet while the messages in the connection's import range are recorded, oldest first.
 */
export abstract class WhatsappSessionHistory extends WhatsappSessionInbound {
  protected history: { wanted: boolean; started: boolean; messages: Map<string, WAMessage>; timer: NodeJS.Timeout | null } = {
    wanted: false,
    started: false,
    messages: new Map(),
    timer: null,
  };

  /** Handles a task after every event received before it (the session's one queue). */
  protected abstract enqueue(socket: WhatsappSocket, event: string, task: () => Promise<void>): void;

  protected armHistoryTimer(): void {
    if (this.history.timer) clearTimeout(this.history.timer);
    this.history.timer = setTimeout(() => {
      this.history.timer = null;
      const socket = this.socket;
      if (socket) this.enqueue(socket, 'history-import', () => this.runImport(socket));
    }, this.options.historyQuietMs ?? 20_000);
  }

  protected async onHistory(history: BaileysEventMap['messaging-history.set']): Promise<void> {
    this.lids.learnAll(history.lidPnMappings);
    this.lids.learnFromContacts(history.contacts);
    for (const chat of history.chats) if (chat.id && chat.name && isJidGroup(chat.id)) this.groupSubjects.set(chat.id, chat.name);
    if (!this.history.wanted) return;
    const from = Date.parse(this.settings.importOldMessages ?? '');
    const to = this.settings.importRecentMessages ? Date.parse(this.settings.importRecentMessages) : Number.POSITIVE_INFINITY;
    for (const message of history.messages) {
      const at = timestampOf(message.messageTimestamp).getTime();
      if (!message.key?.id || at < from || at > to) continue;
      if (isJidGroup(message.key.remoteJid ?? undefined) && !this.settings.importOldMessagesGroups) continue;
      this.history.messages.set(message.key.id, message);
    }
    if (this.history.started) {
      await this.hooks.importProgress({ processed: 0, total: -1, date: null });
      this.armHistoryTimer();
    }
  }

  /** The history import: the collected messages, oldest first, with progress as it goes. */
  private async runImport(socket: WhatsappSocket): Promise<void> {
    const messages = [...this.history.messages.values()].sort((a, b) => timestampOf(a.messageTimestamp).getTime() - timestampOf(b.messageTimestamp).getTime());
    this.history.messages.clear();
    this.history.wanted = false;
    const total = messages.length;
    let processed = 0;
    for (const message of messages) {
      await this.prepare(socket, message);
      const mapped = mapMessage(message, { ...this.mappingContext(), allowGroup: this.settings.allowGroup || this.settings.importOldMessagesGroups });
      const ticketIds: number[] = [];
      if (mapped) {
        try {
          const [result] = await this.applyAll([mapped]);
          if (result?.ticketId) ticketIds.push(result.ticketId);
        } catch (error) {
          this.hooks.log.warn({ err: error, providerId: mapped.providerId }, 'whatsapp: imported message not recorded');
        }
      }
      processed += 1;
      await this.hooks.importProgress({ processed, total, date: timestampOf(message.messageTimestamp), ticketIds });
    }
    await this.hooks.importFinished();
  }
}
