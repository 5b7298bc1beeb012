import { contactListStream } from '@conversa/contracts';
import { addContactListItem } from '@conversa/core';
import { randomUUID } from 'node:crypto';
import { StateCache } from '@conversa/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
let companyId: number;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const number = (index: number) => `5511${String(900_000_000 + index)}`;

beforeAll(async () => {
  server = await startTestServer();
  const company = await signupCompany(server, 'Listas Quentes', 61);
  companyId = company.companyId;
  token = (await server.login(company.email, company.password)).token;
});
afterAll(async () => {
  await server?.close();
});

describe('a contact list filled by many writers at once', () => {
  it('answers 64 concurrent POST /contact-list-items 201, while another process adds to the same list, and keeps every item', async () => {
    const list = (await call('POST', '/contact-lists', { name: 'Muitos ao mesmo tempo' })).json();
    // Another process (a cache of its own) adds to the same list meanwhile: its adds commute with the API's.
    const elsewhere = { ...server.wiring.ctx, states: new StateCache() };
    const actor = { kind: 'system' as const, id: 'elsewhere' };
    const [answers] = await Promise.all([
      Promise.all(
        Array.from({ length: 64 }, (_, index) =>
          call('POST', '/contact-list-items', { contactListId: list.id, name: `Pessoa ${index}`, number: number(index), email: '' }),
        ),
      ),
      Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          addContactListItem(elsewhere, {
            companyId,
            actor,
            contactListId: list.id,
            details: { name: `Outra ${index}`, number: number(100 + index), email: '' },
          }),
        ),
      ),
    ]);
    expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 201)).toEqual([]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(64);

    const items: Array<{ number: string }> = [];
    for (let page = 1; ; page++) {
      const body = (await call('GET', `/contact-list-items?contactListId=${list.id}&pageNumber=${page}`)).json();
      items.push(...body.contacts);
      if (!body.hasMore) break;
    }
    expect(items.map((item) => item.number).sort()).toEqual(
      [...Array.from({ length: 64 }, (_, index) => number(index)), ...Array.from({ length: 16 }, (_, index) => number(100 + index))].sort(),
    );
    expect((await call('GET', `/contact-lists/${list.id}`)).json()).toMatchObject({ contactsCount: 80 });
  });

  it('keeps no item of an add that landed after the list was deleted (an add decided on the list before another process deleted it)', async () => {
    const list = (await call('POST', '/contact-lists', { name: 'Apagada' })).json();
    expect((await call('POST', '/contact-list-items', { contactListId: list.id, name: 'Antes', number: number(500), email: '' })).statusCode).toBe(201);
    expect((await call('DELETE', `/contact-lists/${list.id}`)).statusCode).toBe(200);
    const itemId = await server.wiring.ctx.ids.next('contact_list_item');
    const late = await server.wiring.store.appendToStream(contactListStream(list.id), [
      {
        id: randomUUID(),
        type: 'ContactListItemsAdded',
        data: { contactListId: list.id, items: [{ itemId, name: 'Depois', number: number(501), email: '' }] },
        metadata: {
          companyId,
          actor: { kind: 'system', id: 'late' },
          correlationId: 'late',
          causationId: 'late',
          occurredAt: new Date().toISOString(),
          schemaVersion: 1,
        },
      },
    ]);
    await server.wiring.ctx.waitForProjections(late.position, { readModels: ['contactLists'] });
    expect((await call('GET', `/contact-list-items/${itemId}`)).statusCode).toBe(404);
  });
});
