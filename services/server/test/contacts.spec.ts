import { findOrCreateContact, openTicket, systemActor } from '@conversa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, busFrames, createUser, settle, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let companyA: { token: string; companyId: number; userId: number };
let companyB: { token: string; companyId: number };

beforeAll(async () => {
  server = await startTestServer();
  const a = await signupCompany(server, 'Contacts A', 31);
  const b = await signupCompany(server, 'Contacts B', 32);
  companyA = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId, userId: a.userId };
  companyB = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId };
});
afterAll(() => server?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/**
 * Distinct valid São Paulo mobiles (55 11 9 8xxx xxxx), so tests never collide on a number by
 * accident; their subscriber part starts with 8, so each also has a form without the 9th digit.
 */
let nextSubscriber = 80_000_000;
const freshMobile = () => `55119${++nextSubscriber}`;
const withoutNinthDigit = (number: string) => number.replace(/^(55\d{2})9/, '$1');

async function createContact(token: string, body: Record<string, unknown>) {
  const response = await call(token, 'POST', '/contacts', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A plain user (profile user) of company A. */
async function plainUser(name: string): Promise<string> {
  return (await createUser(server, companyA.companyId, name)).token;
}

/** Frames published on the bus for a company's contacts, from now on. */
const contactFrames = (companyId: number) => busFrames(server, companyId, 'contact');

describe('contact form validation', () => {
  it.each([
    [{ number: '5511987650001' }, 'name', 'Required'],
    [{ name: '', number: '5511987650001' }, 'name', 'Required'],
    [{ name: 'A', number: '5511987650001' }, 'name', 'Too Short!'],
    [{ name: 'A'.repeat(51), number: '5511987650001' }, 'name', 'Too Long!'],
    [{ name: 'Ana' }, 'number', 'Required'],
    [{ name: 'Ana', number: '1234567' }, 'number', 'Too Short!'],
    [{ name: 'Ana', number: '1'.repeat(51) }, 'number', 'Too Long!'],
    [{ name: 'Ana', number: '5511987650001', email: 'not-an-email' }, 'email', 'Invalid email'],
  ])('refuses %j: %s %s', async (body, field, message) => {
    const response = await call(companyA.token, 'POST', '/contacts', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('ERR_VALIDATION');
    expect(response.json().issues).toContainEqual(expect.objectContaining({ path: [field], message }));
  });

  it('refuses a number that is no phone number with ERR_INVALID_PHONE_NUMBER, writing nothing', async () => {
    const response = await call(companyA.token, 'POST', '/contacts', { name: 'Nobody', number: '99999999' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('ERR_INVALID_PHONE_NUMBER');
    const list = await call(companyA.token, 'GET', '/contacts?searchParam=Nobody');
    expect(list.json().contacts).toHaveLength(0);
  });

  it('accepts an empty e-mail and keeps extra fields in order', async () => {
    const contact = await createContact(companyA.token, {
      name: 'Extra Fields',
      number: freshMobile(),
      email: '',
      extraInfo: [
        { name: 'CPF', value: '123' },
        { name: 'Plano', value: 'Ouro' },
      ],
    });
    expect(contact.email).toBe('');
    expect(contact.extraInfo).toEqual([
      { id: 1, name: 'CPF', value: '123' },
      { id: 2, name: 'Plano', value: 'Ouro' },
    ]);
  });
});

describe('creating contacts', () => {
  it('stores the number as E.164 digits and answers the whole contact', async () => {
    const contact = await createContact(companyA.token, {
      name: 'Maria Souza',
      number: '(21) 98765-1234',
      email: 'Maria@Example.com',
      companyId: companyA.companyId,
    });
    expect(contact).toMatchObject({
      name: 'Maria Souza',
      number: '5521987651234',
      email: 'maria@example.com',
      profilePicUrl: null,
      urlPicture: null,
      active: true,
      disableBot: false,
      acceptAudioMessage: true,
      channel: 'whatsapp',
      isGroup: false,
      extraInfo: [],
      lgpdAcceptedAt: null,
      tags: [],
      companyId: companyA.companyId,
    });
    const read = await call(companyA.token, 'GET', `/contacts/${contact.id}`);
    expect(read.json()).toEqual(contact);
  });

  it('refuses a second contact with the same number, however it is written', async () => {
    const first = await createContact(companyA.token, { name: 'Primeiro', number: '+55 31 98888-7777' });
    for (const number of ['5531988887777', '(31) 98888-7777', '553188887777', '(31) 8888-7777']) {
      const again = await call(companyA.token, 'POST', '/contacts', { name: 'Segundo', number });
      expect(again.statusCode, number).toBe(409);
      expect(again.json()).toMatchObject({ error: 'ERR_DUPLICATED_CONTACT', contactId: first.id });
    }
  });

  it('treats a mobile first written without its 9th digit as the same contact as with it', async () => {
    const old = await createContact(companyA.token, { name: 'Sem Nove', number: '554188776655' });
    expect(old.number).toBe('554188776655');
    const modern = await call(companyA.token, 'POST', '/contacts', { name: 'Com Nove', number: '5541988776655' });
    expect(modern.statusCode).toBe(409);
    expect(modern.json().contactId).toBe(old.id);
  });

  it('makes exactly one contact when 50 requests create the same number at once', async () => {
    const number = freshMobile();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(companyA.token, 'POST', '/contacts', { name: `Racer ${i}`, number: i % 2 ? number : withoutNinthDigit(number) }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const winner = answers.find((answer) => answer.statusCode === 201)!.json();
    expect(answers.filter((answer) => answer.statusCode === 409).every((answer) => answer.json().contactId === winner.id)).toBe(true);
    const listed = await call(companyA.token, 'GET', `/contacts?searchParam=${number.slice(-8)}`);
    expect(listed.json().contacts).toHaveLength(1);
  });

  it('lets another company have a contact with the same number', async () => {
    const number = freshMobile();
    const inA = await createContact(companyA.token, { name: 'Shared A', number });
    const inB = await createContact(companyB.token, { name: 'Shared B', number });
    expect(inB.id).not.toBe(inA.id);
    expect(inB.companyId).toBe(companyB.companyId);
  });

  it('publishes a create frame with the contact', async () => {
    const frames = await contactFrames(companyA.companyId);
    try {
      const contact = await createContact(companyA.token, { name: 'Framed', number: freshMobile() });
      const frame = await frames.next((f) => f.action === 'create' && f.contact?.id === contact.id);
      expect(frame.contact).toEqual(contact);
    } finally {
      await frames.stop();
    }
  });
});

describe('finding or creating a contact by number', () => {
  it('creates the contact once and then finds it, also under the other way of writing the number', async () => {
    const number = freshMobile();
    const first = await call(companyA.token, 'GET', `/contacts/profile/${number}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ contactId: expect.any(Number), urlPicture: null });
    const withoutNinth = withoutNinthDigit(number);
    const again = await call(companyA.token, 'GET', `/contacts/profile/${withoutNinth}`);
    expect(again.json().contactId).toBe(first.json().contactId);
    const contact = await call(companyA.token, 'GET', `/contacts/${first.json().contactId}`);
    expect(contact.json()).toMatchObject({ name: number, number });
  });

  it('answers one contact to 30 concurrent lookups and channel deliveries of a new number', async () => {
    const number = freshMobile();
    const ctx = server.wiring.ctx;
    const lookups = Array.from({ length: 15 }, () => call(companyA.token, 'GET', `/contacts/profile/${number}`).then((r) => r.json().contactId as number));
    const deliveries = Array.from({ length: 15 }, (_, i) =>
      findOrCreateContact(ctx, {
        companyId: companyA.companyId,
        actor: systemActor,
        number: i % 2 ? number : `+${number}`,
        name: 'Pushed Name',
        channel: 'whatsapp',
        isGroup: false,
        verifiedByChannel: true,
      }),
    );
    const [ids, found] = await Promise.all([Promise.all(lookups), Promise.all(deliveries)]);
    const all = new Set([...ids, ...found.map((f) => f.contactId)]);
    expect(all.size).toBe(1);
    expect(found.filter((f) => f.created).length).toBeLessThanOrEqual(1);
    const [contactId] = [...all];
    // Whoever lost the race still got a contact that exists.
    const read = await call(companyA.token, 'GET', `/contacts/${contactId}`);
    expect(read.statusCode).toBe(200);
    const listed = await call(companyA.token, 'GET', `/contacts?searchParam=${number.slice(-8)}`);
    expect(listed.json().contacts).toHaveLength(1);
  });

  it('keeps a group id as given and refuses a number that is none', async () => {
    const found = await findOrCreateContact(server.wiring.ctx, {
      companyId: companyA.companyId,
      actor: systemActor,
      number: '120363025246125486',
      name: 'Grupo Vendas',
      channel: 'whatsapp',
      isGroup: true,
    });
    await server.wiring.ctx.waitForProjections(found.position);
    const group = await call(companyA.token, 'GET', `/contacts/${found.contactId}`);
    expect(group.json()).toMatchObject({ number: '120363025246125486', isGroup: true, name: 'Grupo Vendas' });
    const invalid = await call(companyA.token, 'GET', '/contacts/profile/12345');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe('ERR_INVALID_PHONE_NUMBER');
  });
});

describe('changing contacts', () => {
  it('changes details and moves the number, freeing the old one', async () => {
    const oldNumber = freshMobile();
    const newNumber = freshMobile();
    const contact = await createContact(companyA.token, { name: 'Mover', number: oldNumber });
    const changed = await call(companyA.token, 'PUT', `/contacts/${contact.id}`, {
      name: 'Moved',
      number: newNumber,
      email: 'moved@example.com',
      extraInfo: [{ id: 9, name: 'Nota', value: 'x' }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      id: contact.id,
      name: 'Moved',
      number: newNumber,
      email: 'moved@example.com',
      extraInfo: [{ id: 1, name: 'Nota', value: 'x' }],
    });
    const takenNew = await call(companyA.token, 'POST', '/contacts', { name: 'Other', number: newNumber });
    expect(takenNew.statusCode).toBe(409);
    await createContact(companyA.token, { name: 'Takes The Old Number', number: oldNumber });
  });

  it('refuses to move a contact onto a number another contact has', async () => {
    const taken = await createContact(companyA.token, { name: 'Holder', number: freshMobile() });
    const mover = await createContact(companyA.token, { name: 'Would Move', number: freshMobile() });
    const response = await call(companyA.token, 'PUT', `/contacts/${mover.id}`, { number: taken.number });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'ERR_DUPLICATED_CONTACT', contactId: taken.id });
    expect((await call(companyA.token, 'GET', `/contacts/${mover.id}`)).json().number).toBe(mover.number);
  });

  it('validates a change like the form', async () => {
    const contact = await createContact(companyA.token, { name: 'Valid', number: freshMobile() });
    const response = await call(companyA.token, 'PUT', `/contacts/${contact.id}`, { name: 'X' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].message).toBe('Too Short!');
  });

  it('blocks and unblocks, toggles the bot and audio, and publishes each change', async () => {
    const contact = await createContact(companyA.token, { name: 'Toggled', number: freshMobile() });
    const frames = await contactFrames(companyA.companyId);
    try {
      const blocked = await call(companyA.token, 'PUT', `/contacts/block/${contact.id}`, { active: false });
      expect(blocked.json().active).toBe(false);
      await frames.next((f) => f.action === 'update' && f.contact?.id === contact.id && f.contact.active === false);
      const unblocked = await call(companyA.token, 'PUT', `/contacts/block/${contact.id}`, { active: true });
      expect(unblocked.json().active).toBe(true);

      const bot = await call(companyA.token, 'PUT', `/contacts/toggleDisableBot/${contact.id}`);
      expect(bot.json().disableBot).toBe(true);
      const botAgain = await call(companyA.token, 'PUT', `/contacts/toggleDisableBot/${contact.id}`);
      expect(botAgain.json().disableBot).toBe(false);

      const audio = await call(companyA.token, 'PUT', `/contacts/toggleAcceptAudio/${contact.id}`);
      expect(audio.json().acceptAudioMessage).toBe(false);
      await frames.next((f) => f.action === 'update' && f.contact?.id === contact.id && f.contact.acceptAudioMessage === false);
    } finally {
      await frames.stop();
    }
  });

  it('counts concurrent toggles: 10 toggles of the bot leave it where it started', async () => {
    const contact = await createContact(companyA.token, { name: 'Many Toggles', number: freshMobile() });
    await Promise.all(Array.from({ length: 10 }, () => call(companyA.token, 'PUT', `/contacts/toggleDisableBot/${contact.id}`)));
    expect((await call(companyA.token, 'GET', `/contacts/${contact.id}`)).json().disableBot).toBe(false);
  });
});

describe('deleting contacts', () => {
  it('takes contacts-page:deleteContact, publishes the deletion and frees the number', async () => {
    const number = freshMobile();
    const contact = await createContact(companyA.token, { name: 'Doomed', number });
    const plain = await plainUser('Plain');
    const refused = await call(plain, 'DELETE', `/contacts/${contact.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_NO_PERMISSION');

    const frames = await contactFrames(companyA.companyId);
    try {
      const deleted = await call(companyA.token, 'DELETE', `/contacts/${contact.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(await frames.next((f) => f.action === 'delete' && f.contactId === contact.id)).toEqual({ action: 'delete', contactId: contact.id });
    } finally {
      await frames.stop();
    }
    expect((await call(companyA.token, 'GET', `/contacts/${contact.id}`)).statusCode).toBe(404);
    const reborn = await createContact(companyA.token, { name: 'Reborn', number });
    expect(reborn.id).not.toBe(contact.id);
  });

  it('lets a plain user create, read and change contacts', async () => {
    const plain = await plainUser('Attendant');
    const contact = await createContact(plain, { name: 'By Attendant', number: freshMobile() });
    const changed = await call(plain, 'PUT', `/contacts/${contact.id}`, { name: 'Changed By Attendant' });
    expect(changed.statusCode).toBe(200);
  });
});

describe('listing contacts', () => {
  it('pages 20 at a time by name, searches name and number, and filters channel and groups', async () => {
    const signup = await signupCompany(server, 'Contacts Listing', 33);
    const token = (await server.login(signup.email, signup.password)).token;
    const numbers: string[] = [];
    for (let i = 0; i < 23; i++) {
      numbers.push(freshMobile());
      await createContact(token, { name: `Cliente ${String(i).padStart(2, '0')}`, number: numbers[i] });
    }
    await createContact(token, { name: 'Página Insta', number: '17841400000000001', channel: 'instagram' });
    const group = await findOrCreateContact(server.wiring.ctx, {
      companyId: signup.companyId,
      actor: systemActor,
      number: '120363000000000001',
      name: 'Grupo',
      channel: 'whatsapp',
      isGroup: true,
    });
    await server.wiring.ctx.waitForProjections(group.position);

    const first = (await call(token, 'GET', '/contacts')).json();
    expect(first.hasMore).toBe(true);
    expect(first.contacts).toHaveLength(20);
    expect(first.contacts[0].name).toBe('Cliente 00');
    const second = (await call(token, 'GET', '/contacts?pageNumber=2')).json();
    expect(second.contacts).toHaveLength(5);
    expect(second.hasMore).toBe(false);

    const byName = (await call(token, 'GET', `/contacts?searchParam=${encodeURIComponent('LIENTE 1')}`)).json();
    expect(byName.contacts.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Cliente 1${i}`));
    const byNumber = (await call(token, 'GET', `/contacts?searchParam=${numbers[7]!.slice(-9)}`)).json();
    expect(byNumber.contacts.map((c: { name: string }) => c.name)).toEqual(['Cliente 07']);
    // The number's start with the country code, without it, without country and area code, or formatted; not its middle.
    const seventh = numbers[7]!;
    for (const start of [
      seventh.slice(0, 12),
      seventh.slice(2, 12),
      seventh.slice(4, 12),
      `(${seventh.slice(2, 4)}) ${seventh.slice(4, 9)}-${seventh.slice(9, 12)}`,
    ]) {
      expect([
        start,
        (await call(token, 'GET', `/contacts?searchParam=${encodeURIComponent(start)}`)).json().contacts.map((c: { name: string }) => c.name),
      ]).toEqual([start, expect.arrayContaining(['Cliente 07'])]);
    }
    expect((await call(token, 'GET', `/contacts?searchParam=${seventh.slice(3, 10)}`)).json().contacts).toEqual([]);
    const instagram = (await call(token, 'GET', '/contacts?channel=instagram')).json();
    expect(instagram.contacts.map((c: { name: string }) => c.name)).toEqual(['Página Insta']);
    const groups = (await call(token, 'GET', '/contacts?isGroup=true')).json();
    expect(groups.contacts.map((c: { name: string }) => c.name)).toEqual(['Grupo']);
    const wildcard = (await call(token, 'GET', '/contacts?searchParam=%25')).json();
    expect(wildcard.contacts).toHaveLength(0);

    const summaries = (await call(token, 'GET', `/contacts/list?companyId=${signup.companyId}`)).json();
    expect(summaries).toHaveLength(25);
    expect(summaries[0]).toEqual({
      id: expect.any(Number),
      name: 'Cliente 00',
      number: numbers[0],
      email: '',
      profilePicUrl: null,
      channel: 'whatsapp',
      isGroup: false,
    });
  });
});

describe("a contact's tickets", () => {
  it("lists one contact's tickets with GET /tickets?contactId= (what \"see the contact's tickets\" opens), never another company's", async () => {
    const ticketOf = async (companyId: number, contactId: number) =>
      (
        await openTicket(server.wiring.ctx, {
          companyId,
          actor: systemActor,
          contactId,
          whatsappId: null,
          channel: 'whatsapp',
          isGroup: false,
          reuseOpen: true,
        })
      ).ticketId;
    const mine = await createContact(companyA.token, { name: 'Com tickets', number: freshMobile() });
    const other = await createContact(companyA.token, { name: 'Outro', number: freshMobile() });
    const ticketId = await ticketOf(companyA.companyId, mine.id);
    await ticketOf(companyA.companyId, other.id);
    await settle(server);
    const answer = await call(companyA.token, 'GET', `/tickets?contactId=${mine.id}&showAll=true`);
    expect(answer.statusCode, answer.body).toBe(200);
    const listed = answer.json();
    expect(listed.tickets.map((ticket: { id: number }) => ticket.id)).toEqual([ticketId]);
    expect((await call(companyB.token, 'GET', `/tickets?contactId=${mine.id}&showAll=true`)).json().tickets).toEqual([]);
    expect((await call(companyA.token, 'GET', '/tickets?contactId=abc')).statusCode).toBe(400);
  });
});

describe('company isolation', () => {
  it("answers 404 to another company's contact ids and never shows its contacts", async () => {
    const contact = await createContact(companyA.token, { name: 'Private To A', number: freshMobile() });
    for (const [method, url, payload] of [
      ['GET', `/contacts/${contact.id}`],
      ['PUT', `/contacts/${contact.id}`, { name: 'Hijacked' }],
      ['DELETE', `/contacts/${contact.id}`],
      ['PUT', `/contacts/block/${contact.id}`, { active: false }],
      ['PUT', `/contacts/toggleDisableBot/${contact.id}`],
      ['PUT', `/contacts/toggleAcceptAudio/${contact.id}`],
      ['GET', `/contactTags/${contact.id}`],
    ] as const) {
      const response = await call(companyB.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toBe('ERR_NO_CONTACT_FOUND');
    }
    for (const term of ['Private', 'rivate', 'VATE TO A'])
      expect((await call(companyB.token, 'GET', `/contacts?searchParam=${encodeURIComponent(term)}`)).json().contacts, term).toHaveLength(0);
    expect((await call(companyB.token, 'GET', `/contacts/list?companyId=${companyA.companyId}`)).statusCode).toBe(403);
    expect((await call(companyA.token, 'GET', `/contacts/${contact.id}`)).json()).toMatchObject({ name: 'Private To A', active: true, disableBot: false });
  });
});
