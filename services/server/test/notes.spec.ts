import { ticketNoteStream } from '@conversa/contracts';
import { openTicket, systemActor } from '@conversa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signupCompany, startTestServer, type TestServer, createUser } from './harness';

let server: TestServer;
let admin: { token: string; userId: number; companyId: number };
let other: { token: string; companyId: number };
let attendant: { token: string; userId: number };
let colleague: { token: string; userId: number };
let nextContact = 7_000;

beforeAll(async () => {
  server = await startTestServer();
  const a = await signupCompany(server, 'Notes Co', 31);
  admin = { token: (await server.login(a.email, a.password)).token, userId: a.userId, companyId: a.companyId };
  const b = await signupCompany(server, 'Other Notes Co', 32);
  other = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId };
  attendant = await newUser('Ana Atendente', [5]);
  colleague = await newUser('Bruno Colega', [5]);
});
afterAll(() => server?.close());

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const newUser = (name: string, queueIds: number[]) => createUser(server, admin.companyId, name, { queueIds });

/** A waiting ticket in a queue, as an inbound message would make it. */
async function pendingTicket(queueId: number) {
  const contactId = ++nextContact;
  const opened = await openTicket(server.wiring.ctx, {
    companyId: admin.companyId,
    actor: systemActor,
    contactId,
    whatsappId: null,
    channel: 'whatsapp',
    isGroup: false,
    queueId,
    reuseOpen: true,
  });
  await server.wiring.ctx.waitForProjections(opened.position);
  return { ticketId: opened.ticketId, contactId };
}

describe('ticket notes', () => {
  it('adds a note with its author and lists the ticket’s notes newest first', async () => {
    const { ticketId, contactId } = await pendingTicket(5);
    const first = await call(attendant.token, 'POST', '/ticket-notes', { note: '  Cliente pediu retorno amanhã ', ticketId, contactId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      note: 'Cliente pediu retorno amanhã',
      ticketId,
      contactId,
      userId: attendant.userId,
      user: { id: attendant.userId, name: 'Ana Atendente' },
    });
    const second = await call(admin.token, 'POST', '/ticket-notes', { note: 'Já liguei', ticketId, contactId });
    expect(second.statusCode, second.body).toBe(200);

    const list = await call(attendant.token, 'GET', `/ticket-notes/list?ticketId=${ticketId}&contactId=${contactId}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((n: any) => [n.note, n.user.name])).toEqual([
      ['Já liguei', 'Notes Co Admin'],
      ['Cliente pediu retorno amanhã', 'Ana Atendente'],
    ]);
    const elsewhere = await call(attendant.token, 'GET', `/ticket-notes/list?ticketId=${ticketId}&contactId=${contactId + 1}`);
    expect(elsewhere.json()).toEqual([]);
  });

  it('answers the spec’s validation messages and writes nothing', async () => {
    const { ticketId, contactId } = await pendingTicket(5);
    const short = await call(admin.token, 'POST', '/ticket-notes', { note: ' a ', ticketId, contactId });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: 'ERR_VALIDATION', message: 'note: Too Short!' });
    const missing = await call(admin.token, 'POST', '/ticket-notes', { ticketId, contactId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('note: Required');
    const wrongContact = await call(admin.token, 'POST', '/ticket-notes', { note: 'Outro contato', ticketId, contactId: contactId + 1 });
    expect(wrongContact.statusCode).toBe(400);
    const noTicket = await call(admin.token, 'POST', '/ticket-notes', { note: 'Sem ticket', ticketId: 999_999, contactId });
    expect(noTicket.statusCode).toBe(404);
    expect(noTicket.json().error).toBe('ERR_NO_TICKET_FOUND');
    const list = await call(admin.token, 'GET', `/ticket-notes/list?ticketId=${ticketId}`);
    expect(list.json()).toEqual([]);
  });

  it('lets the author or an admin delete a note, not another attendant', async () => {
    const { ticketId, contactId } = await pendingTicket(5);
    const byAttendant = (await call(attendant.token, 'POST', '/ticket-notes', { note: 'Nota da Ana', ticketId, contactId })).json();
    const another = (await call(attendant.token, 'POST', '/ticket-notes', { note: 'Outra nota da Ana', ticketId, contactId })).json();

    const refused = await call(colleague.token, 'DELETE', `/ticket-notes/${byAttendant.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_NO_PERMISSION');

    const own = await call(attendant.token, 'DELETE', `/ticket-notes/${byAttendant.id}`);
    expect(own.statusCode, own.body).toBe(200);
    const byAdmin = await call(admin.token, 'DELETE', `/ticket-notes/${another.id}`);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await call(admin.token, 'GET', `/ticket-notes/list?ticketId=${ticketId}`)).json()).toEqual([]);

    const again = await call(admin.token, 'DELETE', `/ticket-notes/${another.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('ERR_NO_TICKETNOTE_FOUND');
    const history = await server.wiring.store.readStream(ticketNoteStream(another.id));
    expect(history.map((e) => e.type)).toEqual(['TicketNoteAdded', 'TicketNoteDeleted']);
  });

  it('keeps notes with their ticket’s visibility', async () => {
    const { ticketId, contactId } = await pendingTicket(9);
    const refused = await call(attendant.token, 'POST', '/ticket-notes', { note: 'Fila de outros', ticketId, contactId });
    expect(refused.statusCode).toBe(403);
    expect((await call(attendant.token, 'GET', `/ticket-notes/list?ticketId=${ticketId}`)).statusCode).toBe(403);
  });

  it('never lets another company read, add or delete notes', async () => {
    const { ticketId, contactId } = await pendingTicket(5);
    const note = (await call(admin.token, 'POST', '/ticket-notes', { note: 'Segredo da empresa A', ticketId, contactId })).json();

    const add = await call(other.token, 'POST', '/ticket-notes', { note: 'Intruso', ticketId, contactId });
    expect(add.statusCode).toBe(404);
    const list = await call(other.token, 'GET', `/ticket-notes/list?ticketId=${ticketId}&contactId=${contactId}`);
    expect(list.statusCode).toBe(404);
    expect(list.body).not.toContain('Segredo');
    const remove = await call(other.token, 'DELETE', `/ticket-notes/${note.id}`);
    expect(remove.statusCode).toBe(404);
    expect((await call(admin.token, 'GET', `/ticket-notes/list?ticketId=${ticketId}`)).json()).toHaveLength(1);
  });
});
