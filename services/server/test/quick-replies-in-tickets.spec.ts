import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../../media/test/samples';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * Quick replies as the ticket screen uses them: the composer's list carries a file reply's attachment, and
 * sending that reply sends its file on the ticket; the role rules hold for a reply with a file too.
 */
let server: TestServer;
let admin: { token: string; userId: number; companyId: number };
let ana: { token: string; userId: number };
let bruno: { token: string; userId: number };
let other: { token: string };

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

function attach(token: string, id: number, file: { filename: string; contentType: string; data: Buffer }) {
  const boundary = `----replies${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="typeArch"\r\n\r\nquickMessage\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.inject({
    method: 'POST',
    url: `/quick-messages/${id}/media-upload`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
    payload,
  });
}

beforeAll(async () => {
  server = await startTestServer();
  const company = await signupCompany(server, 'Respostas Co', 95);
  admin = { token: (await server.login(company.email, company.password)).token, userId: company.userId, companyId: company.companyId };
  ana = await createUser(server, admin.companyId, 'Ana Respostas', { profile: 'user' });
  bruno = await createUser(server, admin.companyId, 'Bruno Respostas', { profile: 'user' });
  const b = await signupCompany(server, 'Outra Respostas Co', 96);
  other = { token: (await server.login(b.email, b.password)).token };
});
afterAll(() => server?.close());

describe('quick replies in the ticket screen', () => {
  it('lists a file reply with its attachment for the composer and sends the file on the ticket', async () => {
    const reply = (await call(admin.token, 'POST', '/quick-messages', { shortcode: 'foto', message: 'Segue a foto', geral: true })).json();
    const attached = await attach(admin.token, reply.id, { filename: 'foto.png', contentType: 'image/png', data: samples.png });
    expect(attached.statusCode, attached.body).toBe(200);
    const { mediaPath } = attached.json();

    // A general reply with a file reaches every user's composer, named by its file.
    const listed = (await call(ana.token, 'GET', '/quick-messages/list')).json();
    expect(listed).toContainEqual(expect.objectContaining({ id: reply.id, mediaPath, mediaName: 'foto.png', isMedia: true }));
    expect((await call(other.token, 'GET', '/quick-messages/list')).json().map((row: { id: number }) => row.id)).not.toContain(reply.id);

    const contact = (await call(admin.token, 'POST', '/contacts', { name: 'Carla Foto', number: '5511976660001' })).json();
    const ticket = await call(admin.token, 'POST', '/tickets', { contactId: contact.id, status: 'open', userId: admin.userId });
    expect(ticket.statusCode, ticket.body).toBeLessThan(300);
    const sent = await call(admin.token, 'POST', `/messages/${ticket.json().id}`, { body: 'Segue a foto', mediaUrl: mediaPath, fromMe: true, read: 1 });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const messages = (await call(admin.token, 'GET', `/messages/${ticket.json().id}`)).json().messages;
    expect(messages).toContainEqual(expect.objectContaining({ body: 'Segue a foto', fromMe: true, mediaType: 'image' }));
    // Another company cannot send this company's file.
    const otherContact = (await call(other.token, 'POST', '/contacts', { name: 'Intruso', number: '5511976660002' })).json();
    const otherTicket = (await call(other.token, 'POST', '/tickets', { contactId: otherContact.id, status: 'open' })).json();
    const stolen = await call(other.token, 'POST', `/messages/${otherTicket.id}`, { body: 'x', mediaUrl: mediaPath, fromMe: true, read: 1 });
    expect(stolen.statusCode).toBeGreaterThanOrEqual(400);
    expect(stolen.statusCode).toBeLessThan(500);
  });

  it('lets a user attach to their own private reply only, and no user touch a general one', async () => {
    const own = (await call(ana.token, 'POST', '/quick-messages', { shortcode: 'minha', message: 'Minha resposta' })).json();
    expect((await attach(ana.token, own.id, { filename: 'tabela.pdf', contentType: 'application/pdf', data: samples.pdf })).statusCode).toBe(200);
    // Bruno does not even see Ana's private reply.
    expect((await attach(bruno.token, own.id, { filename: 'x.pdf', contentType: 'application/pdf', data: samples.pdf })).json().error).toBe(
      'ERR_NO_QUICKMESSAGE_FOUND',
    );

    const general = (await call(admin.token, 'POST', '/quick-messages', { shortcode: 'geral', message: 'Para todos', geral: true })).json();
    const refused = await attach(ana.token, general.id, { filename: 'x.pdf', contentType: 'application/pdf', data: samples.pdf });
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'ERR_NO_PERMISSION']);
    expect((await call(ana.token, 'DELETE', `/quick-messages/${general.id}/media-upload`)).json().error).toBe('ERR_NO_PERMISSION');
    expect((await call(ana.token, 'DELETE', `/quick-messages/${general.id}`)).statusCode).toBe(403);
    expect((await call(ana.token, 'GET', `/quick-messages/${general.id}`)).statusCode).toBe(200);
  });
});
