import { messageStream } from '@conversa/contracts';
import { changeTicket, userActor } from '@conversa/core';
import { describe, expect, it } from 'vitest';
import {
  admin,
  call,
  channels,
  delivered,
  frames,
  inbound,
  messageCount,
  newUser,
  nextNumber,
  openConversation,
  send,
  sendText,
  server,
} from './messages-fixture';

describe('sending text', () => {
  it('queues the message, the channel sends it, and it shows sent (ack 1) with frames for both steps', async () => {
    const { ticketId, number } = await openConversation();
    const live = await frames(admin.companyId);
    const message = await sendText(ticketId, 'Bom dia! Como posso ajudar?');
    expect(message).toMatchObject({
      ticketId,
      fromMe: true,
      body: 'Bom dia! Como posso ajudar?',
      mediaType: 'chat',
      ack: 0,
      read: true,
      userId: admin.userId,
      isPrivate: false,
    });

    const events = await delivered(message.id);
    expect(events.map((event) => event.type)).toEqual(['MessageQueued', 'MessageSent']);
    const sent = channels.sent.filter((item) => item.messageId === message.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      companyId: admin.companyId,
      channel: 'whatsapp',
      contact: { number, isGroup: false },
      body: 'Bom dia! Como posso ajudar?',
      mediaType: 'chat',
      media: null,
    });

    const page = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(page.messages.at(-1)).toMatchObject({ id: message.id, ack: 1, providerId: `rec-${message.id}`, sendError: null });

    await expect
      .poll(() => live.seen.filter((frame) => frame.message.id === message.id).map((frame) => [frame.action, frame.message.ack]))
      .toEqual([
        ['create', 0],
        ['update', 1],
      ]);
    const created = live.seen.find((frame) => frame.message.id === message.id);
    expect(created.ticket).toMatchObject({ id: ticketId, status: 'open', userId: admin.userId });
    expect(created.contact).toMatchObject({ number });
    await live.stop();
  });

  it('records a failed send with the channel reason, and goes on with the next message', async () => {
    const { ticketId } = await openConversation();
    channels.failNext(1, 'session disconnected');
    const first = await sendText(ticketId, 'primeira');
    const second = await sendText(ticketId, 'segunda');
    expect((await delivered(first.id)).map((event) => event.type)).toEqual(['MessageQueued', 'MessageSendFailed']);
    expect((await delivered(second.id)).map((event) => event.type)).toEqual(['MessageQueued', 'MessageSent']);
    const failure = (await server.wiring.store.readStream(messageStream(first.id)))[1]!;
    expect(failure.data).toEqual({ messageId: first.id, error: 'ERR_SENDING_WAPP_MSG', reason: 'session disconnected' });
    const page = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(page.messages.find((m: any) => m.id === first.id)).toMatchObject({ ack: 0, sendError: 'session disconnected' });
    expect(page.messages.find((m: any) => m.id === second.id)).toMatchObject({ ack: 1, sendError: null });
  });

  it('fails every send to a number the channel refuses', async () => {
    const { ticketId, number } = await openConversation();
    channels.failNumber(number, 'not on whatsapp');
    try {
      const message = await sendText(ticketId, 'alô?');
      expect((await delivered(message.id)).map((event) => event.type)).toEqual(['MessageQueued', 'MessageSendFailed']);
    } finally {
      channels.recoverNumber(number);
    }
  });

  it('sends the messages of a ticket in the order they were written', async () => {
    const { ticketId } = await openConversation();
    const bodies = Array.from({ length: 6 }, (_, index) => `mensagem ${index + 1}`);
    const ids: string[] = [];
    for (const body of bodies) ids.push((await sendText(ticketId, body)).id);
    for (const id of ids) await delivered(id);
    expect(channels.sent.filter((item) => ids.includes(item.messageId)).map((item) => item.body)).toEqual(bodies);
  });

  it('never sends a private note, and allows notes on a ticket that is not open', async () => {
    const { ticketId } = await inbound();
    const refused = await send(ticketId, { body: 'Oi!' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('ERR_TICKET_NOT_OPEN');

    const note = await send(ticketId, { body: 'Cliente VIP, atender com prioridade', isPrivate: true });
    expect(note.statusCode, note.body).toBe(200);
    const { id } = note.json().messages[0];
    // A later message through the sender proves it passed the note by.
    const accepted = await changeTicket(server.wiring.ctx, {
      companyId: admin.companyId,
      actor: userActor(admin.userId),
      ticketId,
      command: { type: 'AcceptTicket', userId: admin.userId },
    });
    await server.wiring.ctx.waitForProjections(accepted.position);
    const after = await sendText(ticketId, 'Agora sim');
    await delivered(after.id);
    expect(channels.attempts.some((attempt) => attempt.message.messageId === id)).toBe(false);
    expect((await server.wiring.store.readStream(messageStream(id))).map((event) => event.type)).toEqual(['MessageQueued']);
    const page = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(page.messages.find((m: any) => m.id === id)).toMatchObject({ isPrivate: true, body: 'Cliente VIP, atender com prioridade' });
  });

  it('refuses empty or whitespace-only text and writes nothing', async () => {
    const { ticketId } = await openConversation();
    const before = await messageCount(ticketId);
    for (const body of ['', '   ', '\n\t ']) {
      const response = await send(ticketId, { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe('ERR_VALIDATION');
    }
    expect((await send(ticketId, {})).statusCode).toBe(400);
    expect(await messageCount(ticketId)).toBe(before);
  });

  it('sends a reply quoting a message of the ticket with its provider id, and refuses quoting another ticket', async () => {
    const { ticketId, inboundId } = await openConversation();
    const reply = await send(ticketId, { body: 'Respondendo', quotedMsg: { id: inboundId, body: 'Olá, preciso de ajuda' } });
    expect(reply.statusCode, reply.body).toBe(200);
    const message = reply.json().messages[0];
    expect(message.quotedMsg).toMatchObject({ id: inboundId, body: 'Olá, preciso de ajuda', fromMe: false });
    await delivered(message.id);
    expect(channels.sent.find((item) => item.messageId === message.id)?.quotedProviderId).toMatch(/^prov-/);

    const elsewhere = await openConversation();
    const wrong = await send(elsewhere.ticketId, { body: 'x', quotedMsgId: inboundId });
    expect(wrong.statusCode).toBe(404);
  });

  it('sends a contact card and a location', async () => {
    const { ticketId } = await openConversation();
    const card = await send(ticketId, { vCard: { name: 'João; Silva', number: '5511988887777' } });
    expect(card.statusCode, card.body).toBe(200);
    const cardMessage = card.json().messages[0];
    expect(cardMessage.mediaType).toBe('contactMessage');
    expect(cardMessage.body).toContain('FN:João\\; Silva');
    expect(cardMessage.body).toContain('TEL;type=CELL;waid=5511988887777:+5511988887777');
    const place = await send(ticketId, { location: { latitude: -23.55, longitude: -46.63, name: 'Praça da Sé' } });
    expect(place.statusCode, place.body).toBe(200);
    expect(place.json().messages[0]).toMatchObject({ mediaType: 'locationMessage', location: { latitude: -23.55, longitude: -46.63, name: 'Praça da Sé' } });
  });
});

describe('GET /messages/:ticketId', () => {
  it('pages 20 at a time from the newest, each page in the order written, with count and hasMore', async () => {
    const { ticketId } = await openConversation();
    for (let index = 1; index <= 44; index++) await sendText(ticketId, `m${index}`);
    // 45 with the contact's first message.
    const first = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(first.count).toBe(45);
    expect(first.hasMore).toBe(true);
    expect(first.messages.map((m: any) => m.body)).toEqual(Array.from({ length: 20 }, (_, index) => `m${index + 25}`));
    // The spec's messages and hasMore, the count, and the cursor of the older page (messages-cursor.spec.ts).
    expect(Object.keys(first).sort()).toEqual(['count', 'hasMore', 'messages', 'nextCursor']);
    const second = (await call(admin.token, 'GET', `/messages/${ticketId}?pageNumber=2`)).json();
    expect(second.messages.map((m: any) => m.body)).toEqual(Array.from({ length: 20 }, (_, index) => `m${index + 5}`));
    expect(second.hasMore).toBe(true);
    const third = (await call(admin.token, 'GET', `/messages/${ticketId}?pageNumber=3`)).json();
    expect(third.messages.map((m: any) => m.body)).toEqual(['Olá, preciso de ajuda', 'm1', 'm2', 'm3', 'm4']);
    expect(third.hasMore).toBe(false);
    expect((await call(admin.token, 'GET', `/messages/${ticketId}?pageNumber=0`)).statusCode).toBe(400);
  });

  it('answers 404 for an unknown ticket and 403 for a ticket the user may not see', async () => {
    expect((await call(admin.token, 'GET', '/messages/999999')).statusCode).toBe(404);
    const { ticketId } = await inbound();
    const attendant = await newUser('Atendente Sem Fila', { allTicket: 'disable', queueIds: [] });
    const response = await call(attendant.token, 'GET', `/messages/${ticketId}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('ERR_NO_PERMISSION');
  });

  it('marks the contact messages read when the ticket is opened', async () => {
    const number = nextNumber();
    const { ticketId } = await inbound({ number });
    await inbound({ number, body: 'segunda mensagem' });
    const uuid = (await call(admin.token, 'GET', `/tickets/${ticketId}`)).json().uuid;
    const before = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(before.messages.map((m: any) => m.read)).toEqual([false, false]);
    expect((await call(admin.token, 'GET', `/tickets/u/${uuid}`)).statusCode).toBe(200);
    const after = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(after.messages.map((m: any) => m.read)).toEqual([true, true]);
  });
});
