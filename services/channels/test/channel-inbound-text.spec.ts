import { describe, expect, it } from 'vitest';
import { applyChannelEvent } from '../src/channel-inbound';
import type { ChannelMessage } from '../src/channel-events';
import type { InboundMessage, SessionHooks } from '../src/session-port';

/** Hooks that only record what the applier hands on. */
function recordingHooks() {
  const received: InboundMessage[] = [];
  const edits: Array<{ providerId: string; body: string }> = [];
  const hooks = {
    connectionId: 1,
    companyId: 1,
    log: { warn() {}, info() {}, error() {} },
    isRecorded: async () => false,
    receiveMessage: async (input: InboundMessage) => {
      received.push(input);
      return { messageId: 'm', ticketId: 1, contactId: 1, duplicate: false, position: null };
    },
    messageEdited: async (edit: { providerId: string; body: string }) => {
      edits.push(edit);
      return true;
    },
  } as unknown as SessionHooks;
  return { hooks, received, edits };
}

const message = (body: string, name: string): ChannelMessage => ({
  kind: 'message',
  providerId: 'wamid.\u0000x',
  fromMe: false,
  chat: { number: '5511999990000', name, isGroup: false },
  participant: null,
  body,
  mediaType: 'chat',
  media: null,
  location: null,
  quotedProviderId: null,
  at: new Date('2026-01-01T10:00:00Z'),
  groupTicket: false,
});

describe('provider text Postgres cannot hold', () => {
  it('is mended, never dropped: NUL removed, a lone surrogate becomes U+FFFD', async () => {
    const { hooks, received, edits } = recordingHooks();
    const download = async () => ({ data: Buffer.alloc(0) });
    await applyChannelEvent(message('Oi\u0000 tudo \ud800bem 😀', 'Ana\u0000Souza'), { hooks, download });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ body: 'Oi tudo \ufffdbem 😀', contact: { name: 'AnaSouza' }, providerId: 'wamid.x' });
    expect(received[0]!.receivedAt).toEqual(new Date('2026-01-01T10:00:00Z'));
    await applyChannelEvent({ kind: 'edit', providerId: 'p', body: 'novo\udc00', fromMe: false, at: null }, { hooks, download });
    expect(edits[0]!.body).toBe('novo\ufffd');
  });

  it('takes a provider date no timestamp column holds as the arrival time', async () => {
    const { hooks, received } = recordingHooks();
    const download = async () => ({ data: Buffer.alloc(0) });
    await applyChannelEvent({ ...message('oi', 'Ana'), at: new Date(1e20) }, { hooks, download });
    await applyChannelEvent({ ...message('oi', 'Ana'), providerId: 'y', at: new Date('-000010-01-01T00:00:00Z') }, { hooks, download });
    expect(received).toHaveLength(2);
    for (const input of received)
      expect(Number.isFinite(new Date(input.receivedAt).getTime()) && new Date(input.receivedAt).getUTCFullYear() >= 2000).toBe(true);
  });
});
