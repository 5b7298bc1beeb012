import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../../media/test/samples';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let adminToken: string;
let otherToken: string;
let otherCompanyId: number;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await server.login()).token;
  const other = await signupCompany(server, 'Outra Empresa', 77);
  otherCompanyId = other.companyId;
  otherToken = (await server.login(other.email, other.password)).token;
});

afterAll(async () => {
  await server?.close();
});

describe('GET /media/:companyId/:file', () => {
  it('serves a stored file to users of its company, with its sniffed type and uploaded name', async () => {
    const stored = await server.wiring.ctx.media.save({ companyId: 1, data: samples.png, declaredMime: 'text/html', originalName: 'foto açaí.png' });
    const response = await server.app.inject({ method: 'GET', url: stored.url, headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('foto açaí.png')}`);
    expect(response.rawPayload).toEqual(samples.png);
  });

  it('offers documents that a browser should not render as downloads', async () => {
    const stored = await server.wiring.ctx.media.save({
      companyId: 1,
      data: samples.cfb,
      declaredMime: 'application/vnd.ms-excel',
      originalName: 'planilha.xls',
    });
    const response = await server.app.inject({ method: 'GET', url: stored.url, headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.ms-excel');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="planilha.xls"/);
  });

  it('answers 404 to another company, for its own url or a rewritten one', async () => {
    const stored = await server.wiring.ctx.media.save({ companyId: 1, data: samples.pdf, originalName: 'contrato.pdf' });
    const foreign = await server.app.inject({ method: 'GET', url: stored.url, headers: bearer(otherToken) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('ERR_NOT_FOUND');
    const rewritten = await server.app.inject({
      method: 'GET',
      url: stored.url.replace('/media/1/', `/media/${otherCompanyId}/`),
      headers: bearer(otherToken),
    });
    expect(rewritten.statusCode).toBe(404);
  });

  it('requires a login', async () => {
    const stored = await server.wiring.ctx.media.save({ companyId: 1, data: samples.pdf, originalName: 'contrato.pdf' });
    const response = await server.app.inject({ method: 'GET', url: stored.url });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 to path tricks and missing files', async () => {
    for (const url of ['/media/1/..%2F..%2Fjwt-secret', '/media/1/%2e%2e', '/media/1/00000000-0000-0000-0000-000000000000.png', '/media/1/x.png.json']) {
      const response = await server.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('GET /media of a ticket follows the ticket', () => {
  const post = async (url: string, payload: object) => {
    const response = await server.app.inject({ method: 'POST', url, headers: bearer(adminToken), payload });
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };

  it('serves a private note’s file to who may see its ticket and answers 404 to a user without its queue', async () => {
    const queue = await post('/queue', { name: 'Fila Privada', color: '#3a3a3a', greetingMessage: 'Olá' });
    const other = await post('/queue', { name: 'Outra Fila', color: '#4b4b4b', greetingMessage: 'Olá' });
    const contact = await post('/contacts', { name: 'Cliente Arquivo', number: '5511944443333' });
    const ticket = await post('/tickets', { contactId: contact.id, status: 'pending', queueId: queue.id });
    const stored = await server.wiring.ctx.media.save({ companyId: 1, data: samples.pdf, originalName: 'laudo.pdf' });
    await post(`/messages/${ticket.id}`, { body: 'nota interna', isPrivate: true, mediaUrl: stored.url });
    const outsider = await createUser(server, 1, 'Sem Fila', { queueIds: [other.id] });
    const insider = await createUser(server, 1, 'Com Fila', { queueIds: [queue.id] });

    const as = (token: string) => server.app.inject({ method: 'GET', url: stored.url, headers: bearer(token) });
    const refused = await as(outsider.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('ERR_NOT_FOUND');
    expect((await as(insider.token)).statusCode).toBe(200);
    expect((await as(adminToken)).statusCode).toBe(200);
    // A file no ticket, quick message or picture shows is not a plain user's to open, even in their company.
    const unlisted = await server.wiring.ctx.media.save({ companyId: 1, data: samples.pdf, originalName: 'solto.pdf' });
    expect((await server.app.inject({ method: 'GET', url: unlisted.url, headers: bearer(insider.token) })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: unlisted.url, headers: bearer(adminToken) })).statusCode).toBe(200);
  });

  it('serves a general quick message’s file and a colleague’s picture to a plain user, not another user’s private quick message’s', async () => {
    const reader = await createUser(server, 1, 'Leitora', { queueIds: [] });
    const author = await createUser(server, 1, 'Autor', { queueIds: [] });
    const upload = async (token: string, url: string, field: string) => {
      const boundary = 'media-visibility-boundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`),
        samples.png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await server.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json();
    };
    const quick = async (token: string, geral: boolean) => {
      const created = await server.app.inject({
        method: 'POST',
        url: '/quick-messages',
        headers: bearer(token),
        payload: { shortcode: `q${Math.random()}`.slice(0, 8), message: 'modelo', geral },
      });
      expect(created.statusCode, created.body).toBeLessThan(300);
      return (await upload(token, `/quick-messages/${created.json().id}/media-upload`, 'file')).mediaPath as string;
    };
    const general = await quick(adminToken, true);
    const privateOne = await quick(author.token, false);
    const picture = (await upload(adminToken, `/users/${author.userId}/media-upload`, 'profileImage')).profileImage as string;

    const as = (url: string, token: string) => server.app.inject({ method: 'GET', url, headers: bearer(token) }).then((r) => r.statusCode);
    expect(await as(general, reader.token)).toBe(200);
    expect(await as(picture, reader.token)).toBe(200);
    expect(await as(privateOne, reader.token)).toBe(404);
    expect(await as(privateOne, author.token)).toBe(200);
    expect(await as(privateOne, adminToken)).toBe(200);
  });
});
