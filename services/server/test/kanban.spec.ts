import { openTicket, systemActor } from '@conversa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let companyA: { token: string; companyId: number };
let companyB: { token: string; companyId: number };

beforeAll(async () => {
  server = await startTestServer();
  const a = await signupCompany(server, 'Kanban A', 51);
  const b = await signupCompany(server, 'Kanban B', 52);
  companyA = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId };
  companyB = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId };
});
afterAll(() => server?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

let nextSubscriber = 71_000_000;
async function ticketIn(companyId: number, token: string, queueId: number, name: string) {
  const created = await call(token, 'POST', '/contacts', { name, number: `55219${++nextSubscriber}` });
  expect(created.statusCode, created.body).toBe(201);
  const contactId = created.json().id as number;
  const opened = await openTicket(server.wiring.ctx, {
    companyId,
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

async function newTag(token: string, body: Record<string, unknown>) {
  const response = await call(token, 'POST', '/tags', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const cardIds = async (token: string, query = '') => {
  const response = await call(token, 'GET', `/ticket/kanban${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().tickets as Array<{ id: number }>).map((card) => card.id);
};

describe('the kanban board', () => {
  it("shows only the tickets of the user's queues, whatever queues are asked for", async () => {
    const mine = await ticketIn(companyA.companyId, companyA.token, 901, 'Na minha fila');
    const other = await ticketIn(companyA.companyId, companyA.token, 902, 'Na outra fila');
    const ana = await createUser(server, companyA.companyId, 'Ana Kanban', { queueIds: [901] });
    const cards = await cardIds(ana.token, `?queueIds=${encodeURIComponent('[901,902]')}`);
    expect(cards).toContain(mine.ticketId);
    expect(cards).not.toContain(other.ticketId);
    expect(await cardIds(ana.token)).toContain(mine.ticketId);
    const board = (await call(ana.token, 'GET', '/ticket/kanban')).json().tickets;
    expect(board.find((card: { id: number }) => card.id === mine.ticketId)).toMatchObject({ contact: { name: 'Na minha fila' }, tags: [] });
    expect((await call(ana.token, 'GET', '/ticket/kanban?queueIds=abc')).statusCode).toBe(400);
  });

  it("shows an admin every queue's tickets of the company, in no queue of their own, and never another company's", async () => {
    const first = await ticketIn(companyA.companyId, companyA.token, 911, 'Fila um');
    const second = await ticketIn(companyA.companyId, companyA.token, 912, 'Fila dois');
    const elsewhere = await ticketIn(companyB.companyId, companyB.token, 911, 'Outra empresa');
    // The board of an admin asks for no queue (the UI sends []): every queue.
    for (const query of ['', `?queueIds=${encodeURIComponent('[]')}`]) {
      const cards = await cardIds(companyA.token, query);
      expect(cards).toEqual(expect.arrayContaining([first.ticketId, second.ticketId]));
      expect(cards).not.toContain(elsewhere.ticketId);
    }
    // Asked for one queue, one queue; a supervisor sees as an admin does.
    expect(await cardIds(companyA.token, '?queueIds=912')).toEqual([second.ticketId]);
    const supervisor = await createUser(server, companyA.companyId, 'Sueli Kanban', { queueIds: [], profile: 'supervisor' });
    expect(await cardIds(supervisor.token)).toEqual(expect.arrayContaining([first.ticketId, second.ticketId]));
  });

  it('moves a card between lanes: the old lane tag leaves, the new one comes, plain tags stay', async () => {
    const { ticketId, contactId } = await ticketIn(companyA.companyId, companyA.token, 903, 'Card');
    const todo = await newTag(companyA.token, { name: 'A fazer', color: '#FF0000', kanban: 1 });
    const doing = await newTag(companyA.token, { name: 'Fazendo', color: '#00FF00', kanban: 1 });
    const vip = await newTag(companyA.token, { name: 'VIP', color: '#0000FF' });
    await call(companyA.token, 'POST', '/tags/sync', { contactId, tags: [vip, todo] });

    const removed = await call(companyA.token, 'DELETE', `/ticket-tags/${ticketId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().tags.map((t: { id: number }) => t.id)).toEqual([vip.id]);
    const added = await call(companyA.token, 'PUT', `/ticket-tags/${ticketId}/${doing.id}`);
    expect(added.statusCode, added.body).toBe(200);
    expect(
      added
        .json()
        .tags.map((t: { id: number }) => t.id)
        .sort(),
    ).toEqual([doing.id, vip.id].sort());
    // Straight into another lane: still one lane at a time.
    await call(companyA.token, 'PUT', `/ticket-tags/${ticketId}/${todo.id}`);
    const tags = (await call(companyA.token, 'GET', `/contactTags/${contactId}`)).json().tags.map((t: { id: number }) => t.id);
    expect(tags.sort()).toEqual([todo.id, vip.id].sort());
  });

  it("answers 404 to another company's ticket or tag, and refuses bad ids", async () => {
    const ofA = await ticketIn(companyA.companyId, companyA.token, 904, 'Da empresa A');
    const tagOfA = await newTag(companyA.token, { name: 'Lane A', color: '#AA0000', kanban: 1 });
    const tagOfB = await newTag(companyB.token, { name: 'Lane B', color: '#00AA00', kanban: 1 });
    const ofB = await ticketIn(companyB.companyId, companyB.token, 904, 'Da empresa B');

    const foreignTicket = await call(companyB.token, 'PUT', `/ticket-tags/${ofA.ticketId}/${tagOfB.id}`);
    expect(foreignTicket.statusCode).toBe(404);
    expect(foreignTicket.json().error).toBe('ERR_NO_TICKET_FOUND');
    expect((await call(companyB.token, 'DELETE', `/ticket-tags/${ofA.ticketId}`)).statusCode).toBe(404);
    const foreignTag = await call(companyB.token, 'PUT', `/ticket-tags/${ofB.ticketId}/${tagOfA.id}`);
    expect(foreignTag.statusCode).toBe(404);
    expect(foreignTag.json().error).toBe('ERR_NO_TAG_FOUND');
    expect((await call(companyA.token, 'GET', `/contactTags/${ofA.contactId}`)).json().tags).toEqual([]);

    expect((await call(companyA.token, 'PUT', `/ticket-tags/0/${tagOfA.id}`)).statusCode).toBe(400);
    expect((await call(companyA.token, 'PUT', `/ticket-tags/${ofA.ticketId}/99999999999`)).statusCode).toBe(400);
  });

  it('hides from a plain user the tickets the visibility rule hides, and refuses to move them', async () => {
    const held = await ticketIn(companyA.companyId, companyA.token, 905, 'Com outro atendente');
    const beto = await createUser(server, companyA.companyId, 'Beto Kanban', { queueIds: [905] });
    const carla = await createUser(server, companyA.companyId, 'Carla Kanban', { queueIds: [905] });
    const accepted = await call(beto.token, 'PUT', `/tickets/${held.ticketId}`, { status: 'open', userId: beto.userId, queueId: 905 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await cardIds(beto.token)).toContain(held.ticketId);
    expect(await cardIds(carla.token)).not.toContain(held.ticketId);
    const lane = await newTag(companyA.token, { name: 'Lane oculta', color: '#123123', kanban: 1 });
    expect((await call(carla.token, 'PUT', `/ticket-tags/${held.ticketId}/${lane.id}`)).statusCode).toBe(404);
  });
});

describe('LGPD hide-number on the board', () => {
  it("masks the card's contact number for a plain user, not for an admin", async () => {
    const { ticketId } = await ticketIn(companyA.companyId, companyA.token, 907, 'Número oculto');
    const dora = await createUser(server, companyA.companyId, 'Dora Kanban', { queueIds: [907] });
    const admin = await createUser(server, companyA.companyId, 'Edu Kanban', { queueIds: [907], profile: 'admin' });
    const hide = await call(companyA.token, 'PUT', '/companySettings', { column: 'lgpdHideNumber', data: 'enabled' });
    expect(hide.statusCode, hide.body).toBe(200);
    try {
      const numberFor = async (token: string) =>
        (await call(token, 'GET', '/ticket/kanban')).json().tickets.find((card: { id: number }) => card.id === ticketId).contact.number as string;
      const full = `55219${nextSubscriber}`;
      expect(await numberFor(admin.token)).toBe(full);
      const masked = await numberFor(dora.token);
      expect(masked).not.toBe(full);
      expect(masked).toContain('*');
    } finally {
      await call(companyA.token, 'PUT', '/companySettings', { column: 'lgpdHideNumber', data: 'disabled' });
    }
  });
});

describe('tickets count', () => {
  it('counts the tickets of the contacts carrying a tag, 0 when none', async () => {
    const tag = await newTag(companyA.token, { name: 'Contada', color: '#999999' });
    expect(tag.ticketsCount).toBe(0);
    const first = await ticketIn(companyA.companyId, companyA.token, 906, 'Primeiro');
    const second = await ticketIn(companyA.companyId, companyA.token, 906, 'Segundo');
    await call(companyA.token, 'POST', '/tags/sync', { contactId: first.contactId, tags: [tag] });
    await call(companyA.token, 'POST', '/tags/sync', { contactId: second.contactId, tags: [tag] });
    expect((await call(companyA.token, 'GET', `/tags/${tag.id}`)).json().ticketsCount).toBe(2);
    const listed = (await call(companyA.token, 'GET', '/tags?searchParam=contada')).json().tags;
    expect(listed).toEqual([expect.objectContaining({ id: tag.id, ticketsCount: 2 })]);
  });
});
