import { openTicket, systemActor } from '@conversa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, busFrames, createUser, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let companyA: { token: string; companyId: number; userId: number };
let companyB: { token: string; companyId: number };

beforeAll(async () => {
  server = await startTestServer();
  const a = await signupCompany(server, 'Tags A', 41);
  const b = await signupCompany(server, 'Tags B', 42);
  companyA = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId, userId: a.userId };
  companyB = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId };
});
afterAll(() => server?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

let nextSubscriber = 70_000_000;
async function newContact(token: string, name = 'Tagged Contact'): Promise<number> {
  const response = await call(token, 'POST', '/contacts', { name, number: `55219${++nextSubscriber}` });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function newTag(token: string, body: Record<string, unknown>) {
  const response = await call(token, 'POST', '/tags', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const plainUser = (name: string) => createUser(server, companyA.companyId, name);

const framesOf = (companyId: number, entity: string) => busFrames(server, companyId, entity);

describe('tag validation', () => {
  it.each([
    [{ color: '#ff0000' }, 'name', 'Obrigatório'],
    [{ name: '  ', color: '#ff0000' }, 'name', 'Obrigatório'],
    [{ name: 'ab', color: '#ff0000' }, 'name', 'Tag muito curta!'],
    [{ name: 'Valid', color: 'red' }, 'color', 'Cor inválida'],
  ])('refuses %j: %s %s', async (body, field, message) => {
    const response = await call(companyA.token, 'POST', '/tags', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual(expect.objectContaining({ path: [field], message }));
  });

  it('refuses a kanban flag other than 0 or 1', async () => {
    const response = await call(companyA.token, 'POST', '/tags', { name: 'Lane', color: '#00ff00', kanban: 2 });
    expect(response.statusCode).toBe(400);
  });
});

describe('tags', () => {
  it('creates, reads, changes and deletes a tag, publishing each step', async () => {
    const frames = await framesOf(companyA.companyId, 'tag');
    try {
      const created = await newTag(companyA.token, { name: ' Urgente ', color: '#FF0000', kanban: 1 });
      expect(created).toMatchObject({ name: 'Urgente', color: '#FF0000', kanban: 1, userId: companyA.userId, companyId: companyA.companyId });
      expect((await frames.next((f) => f.action === 'create' && f.tag?.id === created.id)).tag).toEqual(created);
      expect((await call(companyA.token, 'GET', `/tags/${created.id}`)).json()).toEqual(created);

      const changed = await call(companyA.token, 'PUT', `/tags/${created.id}`, { name: 'Muito urgente', kanban: false });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ id: created.id, name: 'Muito urgente', color: '#FF0000', kanban: 0 });
      await frames.next((f) => f.action === 'update' && f.tag?.id === created.id && f.tag.name === 'Muito urgente');

      const deleted = await call(companyA.token, 'DELETE', `/tags/${created.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(await frames.next((f) => f.action === 'delete')).toEqual({ action: 'delete', tagId: created.id });
      const gone = await call(companyA.token, 'GET', `/tags/${created.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error).toBe('ERR_NO_TAG_FOUND');
    } finally {
      await frames.stop();
    }
  });

  it('gives a tag created without a colour the default one, as a plain (non-kanban) tag', async () => {
    const created = await newTag(companyA.token, { name: 'Sem cor' });
    expect(created).toMatchObject({ color: '#A4CCCC', kanban: 0 });
  });

  it('lets any user of the company manage tags', async () => {
    const { token, userId } = await plainUser('Attendant');
    const created = await newTag(token, { name: 'Da atendente', color: '#123456' });
    expect(created.userId).toBe(userId);
    expect((await call(token, 'PUT', `/tags/${created.id}`, { color: '#654321' })).statusCode).toBe(200);
    expect((await call(token, 'DELETE', `/tags/${created.id}`)).statusCode).toBe(200);
  });

  it('pages by offset, searches by name and filters kanban lanes', async () => {
    const signup = await signupCompany(server, 'Tags Listing', 43);
    const token = (await server.login(signup.email, signup.password)).token;
    for (let i = 0; i < 23; i++) await newTag(token, { name: `Etiqueta ${String(i).padStart(2, '0')}`, color: '#111111', kanban: i < 3 ? 1 : 0 });

    const first = (await call(token, 'GET', '/tags')).json();
    expect(first.tags).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.tags[0].name).toBe('Etiqueta 00');
    const rest = (await call(token, 'GET', '/tags?offset=20')).json();
    expect(rest.tags.map((t: { name: string }) => t.name)).toEqual(['Etiqueta 20', 'Etiqueta 21', 'Etiqueta 22']);
    expect(rest.hasMore).toBe(false);

    const searched = (await call(token, 'GET', `/tags?searchParam=${encodeURIComponent('ETIQUETA 1')}`)).json();
    expect(searched.tags).toHaveLength(10);
    const lanes = (await call(token, 'GET', '/tags?kanban=1')).json();
    expect(lanes.tags.map((t: { name: string }) => t.name)).toEqual(['Etiqueta 00', 'Etiqueta 01', 'Etiqueta 02']);
    expect((await call(token, 'GET', '/tags/kanban')).json().lista.map((t: { name: string }) => t.name)).toEqual(['Etiqueta 00', 'Etiqueta 01', 'Etiqueta 02']);

    const all = (await call(token, 'GET', '/tags/list')).json();
    expect(all).toHaveLength(23);
  });
});

describe("a contact's tags", () => {
  it("sets a contact's tags with /tags/sync, shows them on the contact and publishes the contact", async () => {
    const contactId = await newContact(companyA.token);
    const vip = await newTag(companyA.token, { name: 'VIP', color: '#FFD700' });
    const lead = await newTag(companyA.token, { name: 'Lead', color: '#00AAFF' });
    const frames = await framesOf(companyA.companyId, 'contact');
    try {
      const synced = await call(companyA.token, 'POST', '/tags/sync', { contactId, tags: [vip, lead] });
      expect(synced.statusCode, synced.body).toBe(200);
      const expected = [
        { id: lead.id, name: 'Lead', color: '#00AAFF' },
        { id: vip.id, name: 'VIP', color: '#FFD700' },
      ];
      expect(synced.json()).toEqual({ tags: expected });
      expect((await call(companyA.token, 'GET', `/contactTags/${contactId}`)).json()).toEqual({ tags: expected });
      expect((await call(companyA.token, 'GET', `/contacts/${contactId}`)).json().tags).toEqual(expected);
      await frames.next((f) => f.action === 'update' && f.contact?.id === contactId && f.contact.tags.length === 2);
    } finally {
      await frames.stop();
    }

    const cleared = await call(companyA.token, 'POST', '/tags/sync', { contactId, tags: [] });
    expect(cleared.json()).toEqual({ tags: [] });
  });

  it("sets a ticket's tags on its contact, given the ticket alone", async () => {
    const contactId = await newContact(companyA.token, 'Ticket Contact');
    const opened = await openTicket(server.wiring.ctx, {
      companyId: companyA.companyId,
      actor: systemActor,
      contactId,
      whatsappId: null,
      channel: 'whatsapp',
      isGroup: false,
      reuseOpen: true,
    });
    await server.wiring.ctx.waitForProjections(opened.position);
    const tag = await newTag(companyA.token, { name: 'Suporte', color: '#00FF00' });
    const synced = await call(companyA.token, 'POST', '/tags/sync', { ticketId: opened.ticketId, tags: [{ id: tag.id, name: 'Suporte' }] });
    expect(synced.statusCode, synced.body).toBe(200);
    expect((await call(companyA.token, 'GET', `/contactTags/${contactId}`)).json().tags.map((t: { id: number }) => t.id)).toEqual([tag.id]);

    const otherContact = await newContact(companyA.token, 'Someone Else');
    const mismatch = await call(companyA.token, 'POST', '/tags/sync', { contactId: otherContact, ticketId: opened.ticketId, tags: [] });
    expect(mismatch.statusCode).toBe(400);
  });

  it("keeps a tag's tickets count live: tagging and untagging a ticket's contact publish the tag with its count", async () => {
    const frames = await framesOf(companyA.companyId, 'tag');
    const tag = await newTag(companyA.token, { name: 'Contagem', color: '#123123' });
    const contactId = await newContact(companyA.token, 'Counted Contact');
    const opened = await openTicket(server.wiring.ctx, {
      companyId: companyA.companyId,
      actor: systemActor,
      contactId,
      whatsappId: null,
      channel: 'whatsapp',
      isGroup: false,
      reuseOpen: true,
    });
    await server.wiring.ctx.waitForProjections(opened.position);
    const countFrame = (count: number) => frames.next((frame) => frame.action === 'update' && frame.tag?.id === tag.id && frame.tag.ticketsCount === count);

    expect((await call(companyA.token, 'POST', '/tags/sync', { ticketId: opened.ticketId, tags: [tag] })).statusCode).toBe(200);
    await countFrame(1);
    expect((await call(companyA.token, 'GET', `/tags/${tag.id}`)).json().ticketsCount).toBe(1);

    await call(companyA.token, 'POST', '/tags/sync', { contactId, tags: [] });
    await countFrame(0);
    expect((await call(companyA.token, 'GET', `/tags?searchParam=contagem`)).json().tags[0].ticketsCount).toBe(0);
    await frames.stop();
  });

  it('refuses unknown tags and leaves the contact as it was', async () => {
    const contactId = await newContact(companyA.token);
    const kept = await newTag(companyA.token, { name: 'Mantida', color: '#333333' });
    await call(companyA.token, 'POST', '/tags/sync', { contactId, tags: [kept] });
    const response = await call(companyA.token, 'POST', '/tags/sync', { contactId, tags: [kept, { id: 999_999 }] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'ERR_NO_TAG_FOUND', tagIds: [999_999] });
    expect((await call(companyA.token, 'GET', `/contactTags/${contactId}`)).json().tags.map((t: { id: number }) => t.id)).toEqual([kept.id]);
  });

  it('drops a deleted tag from every contact that had it', async () => {
    const first = await newContact(companyA.token);
    const second = await newContact(companyA.token);
    const doomed = await newTag(companyA.token, { name: 'Temporária', color: '#444444' });
    const stays = await newTag(companyA.token, { name: 'Fica', color: '#555555' });
    await call(companyA.token, 'POST', '/tags/sync', { contactId: first, tags: [doomed, stays] });
    await call(companyA.token, 'POST', '/tags/sync', { contactId: second, tags: [doomed] });
    await call(companyA.token, 'DELETE', `/tags/${doomed.id}`);
    expect((await call(companyA.token, 'GET', `/contactTags/${first}`)).json().tags.map((t: { id: number }) => t.id)).toEqual([stays.id]);
    expect((await call(companyA.token, 'GET', `/contactTags/${second}`)).json().tags).toEqual([]);
  });
});

describe('company isolation', () => {
  it("answers 404 to another company's tags and never lists them", async () => {
    const tag = await newTag(companyA.token, { name: 'Só da A', color: '#AA0000', kanban: 1 });
    for (const [method, url, payload] of [
      ['GET', `/tags/${tag.id}`],
      ['PUT', `/tags/${tag.id}`, { name: 'Roubada' }],
      ['DELETE', `/tags/${tag.id}`],
    ] as const) {
      const response = await call(companyB.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toBe('ERR_NO_TAG_FOUND');
    }
    for (const url of ['/tags', '/tags/list', '/tags?kanban=1']) {
      const body = (await call(companyB.token, 'GET', url)).json();
      const tags = Array.isArray(body) ? body : body.tags;
      expect(
        tags.some((t: { id: number }) => t.id === tag.id),
        url,
      ).toBe(false);
    }
    expect((await call(companyB.token, 'GET', '/tags/kanban')).json().lista).toEqual([]);
    expect((await call(companyB.token, 'GET', `/tags/list?companyId=${companyA.companyId}`)).statusCode).toBe(403);
  });

  it("refuses to put one company's tag on another's contact, either way round", async () => {
    const tagOfA = await newTag(companyA.token, { name: 'Tag da A', color: '#AA0000' });
    const contactOfA = await newContact(companyA.token);
    const contactOfB = await newContact(companyB.token);
    const foreignTag = await call(companyB.token, 'POST', '/tags/sync', { contactId: contactOfB, tags: [tagOfA] });
    expect(foreignTag.statusCode).toBe(404);
    expect(foreignTag.json().error).toBe('ERR_NO_TAG_FOUND');
    const foreignContact = await call(companyB.token, 'POST', '/tags/sync', { contactId: contactOfA, tags: [] });
    expect(foreignContact.statusCode).toBe(404);
    expect(foreignContact.json().error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await call(companyA.token, 'GET', `/tags/${tagOfA.id}`)).json().name).toBe('Tag da A');
  });
});
