import { inboundContext } from '@conversa/channels';
import { messageStream } from '@conversa/contracts';
import { changeTicket, receiveMessage, userActor } from '@conversa/core';
import { describe, expect, it } from 'vitest';
import { admin, call, delivered, inbound, messageCount, nextNumber, openConversation, sendText, server } from './messages-fixture';

describe('inbound messages', () => {
  it('records the same provider message once, however often it arrives', async () => {
    const number = nextNumber();
    const first = await inbound({ number, providerId: 'WAMID-DUP-1', body: 'oi' });
    const again = await inbound({ number, providerId: 'WAMID-DUP-1', body: 'oi' });
    const racing = await Promise.all(Array.from({ length: 5 }, () => inbound({ number, providerId: 'WAMID-DUP-2', body: 'tudo bem?' })));
    expect(first.duplicate).toBe(false);
    expect(again).toMatchObject({ duplicate: true, messageId: first.messageId, ticketId: first.ticketId, contactId: first.contactId });
    expect(racing.filter((result) => !result.duplicate)).toHaveLength(1);
    expect(new Set(racing.map((result) => result.messageId)).size).toBe(1);
    expect(await messageCount(first.ticketId)).toBe(2);
    const page = (await call(admin.token, 'GET', `/messages/${first.ticketId}`)).json();
    expect(page.messages.map((m: any) => m.body)).toEqual(['oi', 'tudo bem?']);
  });

  it('puts the contact next message in the same ticket and links a reply to one of ours by its provider id', async () => {
    const { ticketId, number } = await openConversation();
    const ours = await sendText(ticketId, 'Qual o seu pedido?');
    await delivered(ours.id);
    const answer = await inbound({ number, body: 'Pedido 123', quotedProviderId: `rec-${ours.id}` });
    expect(answer.ticketId).toBe(ticketId);
    const page = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(page.messages.at(-1)).toMatchObject({ body: 'Pedido 123', fromMe: false, quotedMsg: { id: ours.id, fromMe: true } });
  });
});

describe('inbound messages in a conversation seen a moment ago', () => {
  /** The product's store with every call it gets written down (its own conversation memory, too). */
  function watchedStore() {
    const calls: string[] = [];
    const inner = server.wiring.ctx.store;
    const store = new Proxy(inner, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(String(key));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const receive = async (number: string, options: { providerId?: string; body?: string } = {}) => {
      const received = await receiveMessage(
        { ...inboundContext(server.wiring.ctx), store },
        {
          companyId: admin.companyId,
          whatsappId: null,
          channel: 'whatsapp',
          contact: { number, name: 'Clara Lima', isGroup: false },
          providerId: options.providerId ?? `seen-${Math.random()}`,
          body: options.body ?? 'Oi de novo',
          mediaType: 'chat',
          receivedAt: server.wiring.ctx.now(),
        },
      );
      await server.wiring.ctx.waitForProjections(received.position);
      return received;
    };
    return { calls, receive };
  }

  it('decides the next message on what the last one read: one append and no read, in the same ticket', async () => {
    const { calls, receive } = watchedStore();
    const number = nextNumber();
    const first = await receive(number, { body: 'primeira' });
    const second = await receive(number, { body: 'segunda' });
    calls.length = 0;
    const third = await receive(number, { body: 'terceira' });
    expect(calls).toEqual(['appendToStream']);
    expect(new Set([first.ticketId, second.ticketId, third.ticketId]).size).toBe(1);
    const page = (await call(admin.token, 'GET', `/messages/${first.ticketId}`)).json();
    expect(page.messages.map((m: any) => m.body)).toEqual(['primeira', 'segunda', 'terceira']);
  });

  it('reads afresh when the conversation moved meanwhile: a message after the ticket was closed opens a new one', async () => {
    const { receive } = watchedStore();
    const number = nextNumber();
    const first = await receive(number);
    await receive(number);
    const accepted = await changeTicket(server.wiring.ctx, {
      companyId: admin.companyId,
      actor: userActor(admin.userId),
      ticketId: first.ticketId,
      command: { type: 'AcceptTicket', userId: admin.userId },
    });
    await server.wiring.ctx.waitForProjections(accepted.position);
    const closed = await call(admin.token, 'PUT', `/tickets/${first.ticketId}`, { status: 'closed' });
    expect(closed.statusCode, closed.body).toBe(200);
    const after = await receive(number, { body: 'voltei' });
    expect(after.ticketId).not.toBe(first.ticketId);
    expect(after.contactId).toBe(first.contactId);
    const page = (await call(admin.token, 'GET', `/messages/${after.ticketId}`)).json();
    expect(page.messages.map((m: any) => m.body)).toEqual(['voltei']);
  });

  it('still records a redelivered message once', async () => {
    const { receive } = watchedStore();
    const number = nextNumber();
    await receive(number);
    await receive(number);
    const once = await receive(number, { providerId: 'WAMID-SEEN-1', body: 'só uma vez' });
    const again = await receive(number, { providerId: 'WAMID-SEEN-1', body: 'só uma vez' });
    expect(once.duplicate).toBe(false);
    expect(again).toMatchObject({ duplicate: true, messageId: once.messageId, ticketId: once.ticketId });
    expect(await server.wiring.store.readStream(messageStream(once.messageId))).toHaveLength(1);
  });
});

describe('the inbound path', () => {
  it('decides a known conversation from memory, even right after its first message opened it, and still follows the streams when the remembered ticket is closed', async () => {
    const reads: string[] = [];
    const store = server.wiring.ctx.store;
    // One counting store for the whole test: the path remembers conversations per store.
    const counting = {
      ...store,
      appendToStream: store.appendToStream.bind(store),
      readStream: (streamId: string, options?: Parameters<typeof store.readStream>[1]) => (
        reads.push(`stream ${streamId.split('-')[0]}`),
        store.readStream(streamId, options)
      ),
      readStreams: (streamIds: readonly string[]) => (reads.push(`streams ×${streamIds.length}`), store.readStreams!(streamIds)),
      readAll: store.readAll.bind(store),
      subscribeToAll: store.subscribeToAll.bind(store),
      headPosition: store.headPosition.bind(store),
      countAfter: store.countAfter.bind(store),
      close: store.close.bind(store),
    };
    const ctx = inboundContext({ ...server.wiring.ctx, store: counting });
    const number = nextNumber();
    const write = (body: string) =>
      receiveMessage(ctx, {
        companyId: admin.companyId,
        whatsappId: null,
        channel: 'whatsapp',
        contact: { number, name: 'Leitura Única', isGroup: false },
        providerId: `once-${body}`,
        body,
        mediaType: 'chat',
        receivedAt: server.wiring.ctx.now(),
      });

    const first = await write('primeira');
    // The first message created the contact and opened its ticket: what it wrote is remembered as written.
    reads.length = 0;
    const second = await write('segunda');
    expect(second.ticketId).toBe(first.ticketId);
    expect(reads).toEqual([]);

    // The remembered ticket closes: the guess is wrong, the streams decide, and a new ticket opens.
    const closed = await changeTicket(server.wiring.ctx, {
      companyId: admin.companyId,
      actor: userActor(admin.userId),
      ticketId: first.ticketId,
      command: { type: 'CloseTicket', userId: admin.userId, farewell: false, reason: 'ignored' },
    });
    await server.wiring.ctx.waitForProjections(closed.position);
    const third = await write('terceira');
    expect(third.ticketId).not.toBe(first.ticketId);
    expect(third.contactId).toBe(first.contactId);
    expect(reads[0]).toBe('streams ×5');
    // The new ticket is remembered as opened: the next message goes to it without a read.
    reads.length = 0;
    const fourth = await write('quarta');
    expect(fourth.ticketId).toBe(third.ticketId);
    expect(reads).toEqual([]);
  });
});
