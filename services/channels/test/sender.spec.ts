import { messageStream, productEventRegistry, type RecordedEvent } from '@conversa/contracts';
import {
  createNumberDigest,
  findOrCreateContact,
  message,
  openTicket,
  queueOutboundMessage,
  runCommand,
  systemActor,
  type CommandContext,
  type IdAllocator,
} from '@conversa/core';
import type { EventStore } from '@conversa/eventstore';
import { createPostgresEventStore } from '@conversa/eventstore/postgres/index';
import { createLocalDiskMediaStore } from '@conversa/media';
import { testDatabase } from '@conversa/testing/database';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSenderReactor, RecordingChannelGateway, unavailableChannelGateway, type ChannelGateway } from '../src';

let store: EventStore;
let drop: () => Promise<void>;
let ctx: CommandContext & { ids: IdAllocator };
const media = createLocalDiskMediaStore({ dir: mkdtempSync(join(tmpdir(), 'conversa-sender-')) });
let nextId = 100;
let phone = 5511960000000;

beforeAll(async () => {
  const database = await testDatabase('sender');
  drop = database.drop;
  const registry = productEventRegistry();
  store = await createPostgresEventStore({ connectionString: database.url, registry });
  ctx = { store, registry, numberDigest: createNumberDigest('sender-spec'), now: () => new Date(), ids: { next: async () => (nextId += 1) } };
});
afterAll(async () => {
  await store?.close();
  await drop?.();
});

/** A contact with a ticket, as the inbound path makes them. */
async function conversation() {
  phone += 1;
  const number = String(phone);
  const { contactId } = await findOrCreateContact(ctx, { companyId: 1, actor: systemActor, number, name: 'Ana', channel: 'whatsapp', isGroup: false });
  const { ticketId, queueId } = await openTicket(ctx, {
    companyId: 1,
    actor: systemActor,
    contactId,
    whatsappId: 3,
    channel: 'whatsapp',
    isGroup: false,
    status: 'open',
    reuseOpen: true,
  });
  return { ticket: { id: ticketId, contactId, whatsappId: 3, queueId }, number };
}

async function queue(
  ticket: { id: number; contactId: number; whatsappId: number; queueId: number | null },
  body: string,
  extra: { isPrivate?: boolean } = {},
): Promise<RecordedEvent> {
  const { messageId } = await queueOutboundMessage(ctx, { companyId: 1, actor: systemActor, ticket, userId: null, body, ...extra });
  return (await store.readStream(messageStream(messageId)))[0]!;
}

const typesOf = async (event: RecordedEvent) => (await store.readStream(event.streamId)).map((recorded) => recorded.type);
const reactorWith = (gateway: ChannelGateway) => createSenderReactor({ ctx, gateway, media });

describe('sender reactor', () => {
  it('sends a queued message once, however often the batch is replayed', async () => {
    const { ticket, number } = await conversation();
    const queued = await queue(ticket, 'Olá!');
    const gateway = new RecordingChannelGateway();
    const reactor = reactorWith(gateway);
    await reactor.react!([queued]);
    await reactor.react!([queued]);
    expect(gateway.sent.map((sent) => [sent.body, sent.contact.number, sent.whatsappId, sent.channel])).toEqual([['Olá!', number, 3, 'whatsapp']]);
    const events = await store.readStream(queued.streamId);
    expect(events.map((event) => event.type)).toEqual(['MessageQueued', 'MessageSent']);
    expect(events[1]!.metadata).toMatchObject({ actor: { kind: 'channel', id: 3 }, causationId: queued.id, correlationId: queued.metadata.correlationId });
  });

  it('records the gateway refusal as ERR_SENDING_WAPP_MSG with the reason, and never retries it', async () => {
    const { ticket } = await conversation();
    const queued = await queue(ticket, 'Alguém aí?');
    const reactor = reactorWith(unavailableChannelGateway());
    await reactor.react!([queued]);
    const events = await store.readStream(queued.streamId);
    expect(events.map((event) => event.type)).toEqual(['MessageQueued', 'MessageSendFailed']);
    expect(events[1]!.data).toMatchObject({ error: 'ERR_SENDING_WAPP_MSG', reason: 'no channel connected' });
    const later = new RecordingChannelGateway();
    await reactorWith(later).react!([queued]);
    expect(later.attempts).toEqual([]);
  });

  it('skips private notes and messages deleted before they went out', async () => {
    const { ticket } = await conversation();
    const note = await queue(ticket, 'nota', { isPrivate: true });
    const regretted = await queue(ticket, 'ops');
    await runCommand(ctx, { decider: message, streamId: regretted.streamId, command: { type: 'DeleteMessage', by: 'user' }, companyId: 1, actor: systemActor });
    const gateway = new RecordingChannelGateway();
    await reactorWith(gateway).react!([note, regretted]);
    expect(gateway.attempts).toEqual([]);
    expect(await typesOf(note)).toEqual(['MessageQueued']);
    expect(await typesOf(regretted)).toEqual(['MessageQueued', 'MessageDeleted']);
  });

  it('keeps each ticket in order while tickets send side by side', async () => {
    const first = await conversation();
    const second = await conversation();
    const events: RecordedEvent[] = [];
    for (let index = 1; index <= 5; index++) {
      events.push(await queue(first.ticket, `a${index}`));
      events.push(await queue(second.ticket, `b${index}`));
    }
    const order: string[] = [];
    let secondDone!: () => void;
    const secondSent = new Promise<void>((resolve) => (secondDone = resolve));
    const slow: ChannelGateway = {
      async send(outbound) {
        // The first ticket's first send is stuck until the second ticket has sent everything: the second
        // must not wait for it (a sender that serialised tickets would get there only after 5 s).
        if (outbound.body === 'a1') await Promise.race([secondSent, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        order.push(outbound.body);
        if (outbound.body === 'b5') secondDone();
        return { providerId: `p-${outbound.messageId}` };
      },
    };
    await reactorWith(slow).react!(events);
    expect(order.filter((body) => body.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(order.filter((body) => body.startsWith('b'))).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);
    expect(order.indexOf('b5')).toBeLessThan(order.indexOf('a1'));
  });

  it('treats an answer without a provider id as a failure rather than a broken event', async () => {
    const { ticket } = await conversation();
    const queued = await queue(ticket, 'x');
    await reactorWith({ send: async () => ({ providerId: '' }) }).react!([queued]);
    expect(await typesOf(queued)).toEqual(['MessageQueued', 'MessageSendFailed']);
  });

  it('hands the gateway a way to read the file bytes', async () => {
    const { ticket } = await conversation();
    const stored = await media.save({ companyId: 1, data: Buffer.from('linha 1\nlinha 2\n'), declaredMime: 'text/plain', originalName: 'notas.txt' });
    const { messageId } = await queueOutboundMessage(ctx, { companyId: 1, actor: systemActor, ticket, userId: null, body: '', media: stored });
    const [queued] = await store.readStream(messageStream(messageId));
    const gateway = new RecordingChannelGateway();
    await reactorWith(gateway).react!([queued!]);
    const outbound = gateway.sent[0]!;
    expect(outbound).toMatchObject({ mediaType: 'application', media: { url: stored.url, mime: 'text/plain', name: 'notas.txt' } });
    const chunks: Buffer[] = [];
    for await (const chunk of await outbound.media!.read()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('linha 1\nlinha 2\n');
  });
});
