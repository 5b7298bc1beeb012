import { describe, expect, it } from 'vitest';
import { samples } from '../../media/test/samples';
import {
  admin,
  call,
  channels,
  delivered,
  frames,
  inbound,
  newUser,
  nextNumber,
  openConversation,
  other,
  send,
  sendText,
  server,
  upload,
} from './messages-fixture';

describe('editing and deleting', () => {
  it('edits own text within 15 minutes of its last update, not after', async () => {
    const { ticketId } = await openConversation();
    const message = await sendText(ticketId, 'Texto com erro');
    const realNow = server.wiring.ctx.now;
    const start = Date.now();
    try {
      server.wiring.ctx.now = () => new Date(start + 14 * 60_000);
      const edited = await call(admin.token, 'POST', `/messages/edit/${message.id}`, { body: 'Texto corrigido' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ body: 'Texto corrigido', isEdited: true });
      // The window counts from the edit: 14 + 14 minutes after writing is still fine.
      server.wiring.ctx.now = () => new Date(start + 28 * 60_000);
      expect((await call(admin.token, 'POST', `/messages/edit/${message.id}`, { body: 'Texto final' })).statusCode).toBe(200);
      server.wiring.ctx.now = () => new Date(start + 44 * 60_000);
      const late = await call(admin.token, 'POST', `/messages/edit/${message.id}`, { body: 'tarde demais' });
      expect(late.statusCode).toBe(403);
      expect(late.json().error).toBe('ERR_MESSAGE_EDIT_EXPIRED');
    } finally {
      server.wiring.ctx.now = realNow;
    }
    const page = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(page.messages.at(-1)).toMatchObject({ id: message.id, body: 'Texto final', isEdited: true });
  });

  it('refuses editing the contact message, another attendant message, or empty text', async () => {
    const { ticketId, inboundId } = await openConversation();
    const contactEdit = await call(admin.token, 'POST', `/messages/edit/${inboundId}`, { body: 'mudado' });
    expect(contactEdit.statusCode).toBe(403);
    const mine = await sendText(ticketId, 'minha');
    const colleague = await newUser('Colega', { profile: 'admin', allTicket: 'enable' });
    const theirs = await call(colleague.token, 'POST', `/messages/edit/${mine.id}`, { body: 'da colega' });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error).toBe('ERR_NO_PERMISSION');
    expect((await call(admin.token, 'POST', `/messages/edit/${mine.id}`, { body: '  ' })).statusCode).toBe(400);
    expect((await call(admin.token, 'POST', `/messages/edit/not-a-uuid`, { body: 'x' })).statusCode).toBe(400);
  });

  it('deletes own messages only', async () => {
    const { ticketId, inboundId } = await openConversation();
    const message = await sendText(ticketId, 'apagar isto');
    const live = await frames(admin.companyId);
    const deleted = await call(admin.token, 'DELETE', `/messages/${message.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ id: message.id, isDeleted: true, deletedBy: 'user' });
    await expect.poll(() => live.seen.filter((frame) => frame.message.id === message.id).map((frame) => frame.action)).toContain('delete');
    await live.stop();
    expect((await call(admin.token, 'DELETE', `/messages/${inboundId}`)).statusCode).toBe(403);
    expect((await call(admin.token, 'POST', `/messages/edit/${message.id}`, { body: 'x' })).json().error).toBe('ERR_MESSAGE_DELETED');
  });
});

describe('forward and react', () => {
  it('forwards a copy to another contact, opening their ticket on the same connection, signed when asked', async () => {
    const source = await openConversation();
    const original = await sendText(source.ticketId, 'Segue o endereço da loja');
    const target = await inbound({ name: 'Pedro' });
    const response = await call(admin.token, 'POST', '/message/forward', { messageId: original.id, contactId: target.contactId, signMessage: true });
    expect(response.statusCode, response.body).toBe(200);
    const forwarded = response.json();
    expect(forwarded).toMatchObject({
      ticketId: target.ticketId,
      contactId: target.contactId,
      isForwarded: true,
      fromMe: true,
      body: '*Mensagens Co Admin*:\nSegue o endereço da loja',
    });
    await delivered(forwarded.id);
    expect(channels.sent.some((item) => item.messageId === forwarded.id)).toBe(true);

    // A contact without a ticket gets a new open one.
    const fresh = await call(admin.token, 'POST', '/contacts', { name: 'Carla Nova', number: nextNumber() });
    expect(fresh.statusCode, fresh.body).toBeLessThan(300);
    const unsigned = await call(admin.token, 'POST', '/message/forward', { messageId: original.id, contactId: fresh.json().id, signMessage: false });
    expect(unsigned.statusCode, unsigned.body).toBe(200);
    expect(unsigned.json()).toMatchObject({ body: 'Segue o endereço da loja', isForwarded: true });
    const ticket = (await call(admin.token, 'GET', `/tickets/${unsigned.json().ticketId}`)).json();
    expect(ticket).toMatchObject({ contactId: fresh.json().id, status: 'open', userId: admin.userId });
  });

  it('refuses forwarding a private note', async () => {
    const { ticketId } = await openConversation();
    const note = (await send(ticketId, { body: 'nota interna', isPrivate: true })).json().messages[0];
    const target = await inbound();
    const response = await call(admin.token, 'POST', '/message/forward', { messageId: note.id, contactId: target.contactId, signMessage: false });
    expect(response.statusCode).toBe(403);
  });

  it('reacts to a message with an emoji quoting it', async () => {
    const { ticketId, inboundId } = await openConversation();
    const response = await call(admin.token, 'POST', '/react/messages', {
      text: '👍',
      id: inboundId,
      ticketId,
      fromMe: false,
      remoteJid: '5511@s.whatsapp.net',
    });
    expect(response.statusCode, response.body).toBe(200);
    const reaction = response.json();
    expect(reaction).toMatchObject({ mediaType: 'reactionMessage', body: '👍', quotedMsgId: inboundId, ticketId });
    await delivered(reaction.id);
    expect(channels.sent.find((item) => item.messageId === reaction.id)).toMatchObject({ mediaType: 'reactionMessage', body: '👍' });
    expect((await call(admin.token, 'POST', '/react/messages', { text: '', id: inboundId })).statusCode).toBe(400);
  });
});

describe('tenancy', () => {
  it('never lets another company read or change a company messages', async () => {
    const { ticketId, inboundId, contactId } = await openConversation();
    const message = await sendText(ticketId, 'Dados do cliente: Tenant-A-Marker');
    const calls = [
      call(other.token, 'GET', `/messages/${ticketId}`),
      send(ticketId, { body: 'invasão' }, other.token),
      upload(ticketId, [{ name: 'medias', filename: 'x.png', contentType: 'image/png', data: samples.png }], other.token),
      call(other.token, 'POST', `/messages/edit/${message.id}`, { body: 'invasão' }),
      call(other.token, 'DELETE', `/messages/${message.id}`),
      call(other.token, 'GET', `/messages/listimages/${ticketId}`),
      call(other.token, 'GET', `/messages/getmedia/${ticketId}`),
      call(other.token, 'POST', '/message/forward', { messageId: message.id, contactId, signMessage: false }),
      call(other.token, 'POST', '/react/messages', { text: '😈', id: inboundId }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain('Tenant-A-Marker');
    }
    const page = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(page.messages.map((m: any) => m.body)).toEqual(['Olá, preciso de ajuda', 'Dados do cliente: Tenant-A-Marker']);
  });

  it('forwards only to contacts of the own company', async () => {
    const { ticketId } = await openConversation();
    const message = await sendText(ticketId, 'oi');
    const foreign = await inbound({ companyId: other.companyId });
    const response = await call(admin.token, 'POST', '/message/forward', { messageId: message.id, contactId: foreign.contactId, signMessage: false });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('ERR_NO_CONTACT_FOUND');
  });

  it('publishes a company frames only on that company subject', async () => {
    const mine = await frames(admin.companyId);
    const theirs = await frames(other.companyId);
    const { ticketId } = await openConversation(other.companyId, other.userId);
    await send(ticketId, { body: 'só da outra' }, other.token);
    await expect.poll(() => theirs.seen.some((frame) => frame.message.body === 'só da outra')).toBe(true);
    expect(mine.seen.some((frame) => frame.message.companyId !== admin.companyId)).toBe(false);
    await mine.stop();
    await theirs.stop();
  });
});
