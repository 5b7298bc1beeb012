import { defaultCompanySettings, defaultConnectionDetails, type CompanySettings, type ConnectionView, type StoredMedia } from '@conversa/contracts';
import type { AuthenticationState, BaileysEventMap, ConnectionState, UserFacingSocketConfig, WAMessage } from '@whiskeysockets/baileys';
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import type { InboundMessage, SessionHooks, SessionReport } from '../src/session-port';
import type { WhatsappSocket } from '../src/whatsapp/session';

/**
 * An EventEmitter-shaped fake of what makeWASocket returns: tests emit Baileys events on it and
 * read what the session sent, rejected, logged out or ended.
 */
export class FakeSocket implements WhatsappSocket {
  private readonly emitter = new EventEmitter();
  readonly sent: Array<{ jid: string; content: any; options: any }> = [];
  readonly rejectedCalls: Array<{ callId: string; from: string }> = [];
  user: WhatsappSocket['user'];
  ended = false;
  loggedOut = false;
  private nextId = 1;

  constructor(
    readonly config: UserFacingSocketConfig,
    readonly lidToPhone: Map<string, string>,
  ) {
    // Baileys' own listener merges credential updates into the auth state, before any other.
    this.ev.on('creds.update', (update) => Object.assign(config.auth.creds, update));
  }

  readonly ev: WhatsappSocket['ev'] & { emit<E extends keyof BaileysEventMap>(event: E, arg: BaileysEventMap[E]): boolean } = {
    on: (event, listener) => void this.emitter.on(event, listener as (arg: unknown) => void),
    removeAllListeners: (event) => void this.emitter.removeAllListeners(event),
    emit: (event, arg) => this.emitter.emit(event, arg),
  };

  get auth(): AuthenticationState {
    return this.config.auth;
  }

  /** The phone read the QR code: Baileys saves the new identity, then asks for a restart. */
  paired(phoneJid: string): void {
    this.ev.emit('creds.update', { me: { id: phoneJid, name: 'Loja' }, registered: true });
    this.ev.emit('connection.update', { isNewLogin: true, qr: undefined });
  }

  open(phoneJid: string): void {
    this.user = { id: phoneJid };
    this.ev.emit('connection.update', { connection: 'open' });
  }

  close(statusCode: number): void {
    // What Baileys closes with: a Boom error, whose output carries the DisconnectReason code.
    const error = Object.assign(new Error('Connection Closed'), {
      isBoom: true,
      output: { statusCode, payload: { statusCode, error: 'closed', message: 'Connection Closed' } },
    });
    const update: Partial<ConnectionState> = { connection: 'close', lastDisconnect: { error, date: new Date() } };
    this.ev.emit('connection.update', update);
  }

  async sendMessage(jid: string, content: any, options?: any): Promise<WAMessage> {
    this.sent.push({ jid, content, options });
    const id = `3EB0FAKE${String(this.nextId++).padStart(6, '0')}`;
    return { key: { remoteJid: jid, fromMe: true, id }, message: 'text' in content ? { conversation: content.text } : {}, messageTimestamp: 1_763_742_000 };
  }

  async logout(): Promise<void> {
    this.loggedOut = true;
    this.close(401);
  }

  end(): void {
    this.ended = true;
  }

  async rejectCall(callId: string, from: string): Promise<void> {
    this.rejectedCalls.push({ callId, from });
  }

  async groupMetadata(jid: string): Promise<{ subject: string }> {
    if (jid !== '120363025246125486@g.us') throw new Error('item-not-found');
    return { subject: 'Clientes VIP' };
  }

  async updateMediaMessage(message: WAMessage): Promise<WAMessage> {
    return message;
  }

  readonly signalRepository = {
    lidMapping: { getPNForLID: async (lid: string) => this.lidToPhone.get(lid.split('@')[0]!.split(':')[0]!) ?? null },
  };
}

/** makeWASocket's stand-in: every socket it made, and a way to wait for the next one. */
export class FakeSocketFactory {
  readonly sockets: FakeSocket[] = [];
  readonly lidToPhone = new Map<string, string>();
  private waiters: Array<(socket: FakeSocket) => void> = [];

  readonly make = (config: UserFacingSocketConfig): FakeSocket => {
    const socket = new FakeSocket(config, this.lidToPhone);
    this.sockets.push(socket);
    for (const wake of this.waiters.splice(0)) wake(socket);
    return socket;
  };

  get current(): FakeSocket {
    const socket = this.sockets.at(-1);
    if (!socket) throw new Error('no socket made yet');
    return socket;
  }

  /** Resolves with socket number `count` (1-based) once it exists. */
  async socket(count: number): Promise<FakeSocket> {
    while (this.sockets.length < count) await new Promise<FakeSocket>((resolve) => this.waiters.push(resolve));
    return this.sockets[count - 1]!;
  }
}

export type HookCall =
  | { hook: 'report'; report: SessionReport }
  | { hook: 'ended'; reason: string }
  | { hook: 'receiveMessage'; input: InboundMessage }
  | { hook: 'recordSentElsewhere'; input: InboundMessage }
  | { hook: 'messageAck'; providerId: string; ack: number; messageId?: string }
  | { hook: 'messageEdited'; providerId: string; body: string; fromMe?: boolean }
  | { hook: 'messageDeleted'; providerId: string; fromMe?: boolean }
  | { hook: 'importStarted' | 'importFinished' }
  | { hook: 'importProgress'; processed: number; total: number; ticketIds?: number[] }
  | { hook: 'saveMedia'; name: string; mime?: string; bytes: string };

export function connectionView(overrides: Partial<ConnectionView> = {}): ConnectionView {
  return {
    ...defaultConnectionDetails(),
    name: 'Loja',
    id: 7,
    companyId: 1,
    channel: 'whatsapp',
    status: 'DISCONNECTED',
    qrcode: '',
    retries: 0,
    number: '',
    isDefault: true,
    statusImportMessages: null,
    importProgress: null,
    facebookPageUserId: null,
    createdAt: '2026-11-21T12:00:00.000Z',
    updatedAt: '2026-11-21T12:00:00.000Z',
    allowGroup: true,
    ...overrides,
  };
}

/** SessionHooks that remember every call (in order) and answer like the product would. */
export class RecordingHooks implements SessionHooks {
  readonly connectionId: number;
  readonly companyId: number;
  readonly channel = 'whatsapp' as const;
  readonly calls: HookCall[] = [];
  /** Provider ids already recorded (a redelivery must not download its file again). */
  readonly recorded = new Set<string>();
  settings: Partial<CompanySettings> = {};
  readonly log = { info: () => {}, warn: () => {}, error: () => {} };
  private tickets = 100;

  constructor(public view: ConnectionView) {
    this.connectionId = view.id;
    this.companyId = view.companyId;
  }

  of<H extends HookCall['hook']>(hook: H): Array<Extract<HookCall, { hook: H }>> {
    return this.calls.filter((call): call is Extract<HookCall, { hook: H }> => call.hook === hook);
  }

  reports(): SessionReport[] {
    return this.of('report').map((call) => call.report);
  }

  async report(report: SessionReport) {
    this.calls.push({ hook: 'report', report });
  }
  async ended(reason: string) {
    this.calls.push({ hook: 'ended', reason });
  }
  private async record(hook: 'receiveMessage' | 'recordSentElsewhere', input: InboundMessage) {
    this.calls.push(hook === 'receiveMessage' ? { hook, input } : { hook, input });
    const duplicate = this.recorded.has(input.providerId);
    this.recorded.add(input.providerId);
    return { messageId: `m-${input.providerId}`, ticketId: (this.tickets += 1), contactId: 5, duplicate, position: null };
  }
  receiveMessage(input: InboundMessage) {
    return this.record('receiveMessage', input);
  }
  recordSentElsewhere(input: InboundMessage) {
    return this.record('recordSentElsewhere', input);
  }
  async isRecorded(providerId: string) {
    return this.recorded.has(providerId);
  }
  async messageAck(ack: { providerId: string; ack: number; messageId?: string }) {
    this.calls.push({ hook: 'messageAck', ...ack });
    return true;
  }
  async messageEdited(edit: { providerId: string; body: string; fromMe?: boolean }) {
    this.calls.push({ hook: 'messageEdited', providerId: edit.providerId, body: edit.body, fromMe: edit.fromMe });
    return true;
  }
  async messageDeleted(deletion: { providerId: string; fromMe?: boolean }) {
    this.calls.push({ hook: 'messageDeleted', providerId: deletion.providerId, fromMe: deletion.fromMe });
    return true;
  }
  async importStarted() {
    this.calls.push({ hook: 'importStarted' });
  }
  async importProgress(progress: { processed: number; total: number; ticketIds?: number[] }) {
    this.calls.push({ hook: 'importProgress', processed: progress.processed, total: progress.total, ticketIds: progress.ticketIds });
  }
  async importFinished() {
    this.calls.push({ hook: 'importFinished' });
  }
  async saveMedia(file: { data: Buffer | Readable; mime?: string; name: string }): Promise<StoredMedia> {
    const chunks: Buffer[] = [];
    for await (const chunk of Buffer.isBuffer(file.data) ? Readable.from([file.data]) : file.data) chunks.push(Buffer.from(chunk));
    const bytes = Buffer.concat(chunks).toString();
    this.calls.push({ hook: 'saveMedia', name: file.name, mime: file.mime, bytes });
    return {
      url: `/media/1/00000000-0000-4000-8000-00000000000${this.of('saveMedia').length}.bin`,
      name: file.name,
      mime: file.mime ?? 'application/octet-stream',
      size: bytes.length,
    };
  }
  async connection() {
    return this.view;
  }
  async companySettings() {
    return { ...defaultCompanySettings, ...this.settings };
  }
}
