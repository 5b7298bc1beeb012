import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';
import { openSocket } from './socket-client';

/** Announcements: the super user writes them; every user of every company reads the active ones, live. */
let server: TestServer;
let base: string;
let root: string;
let company: { token: string; companyId: number };
let plain: { token: string; userId: number };

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function ok(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await call(token, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json();
}

function upload(token: string, url: string, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----ann${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="typeArch"\r\n\r\nannouncements\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `ws://127.0.0.1:${address.port}/socket`;
  root = (await server.login()).token;
  const signed = await signupCompany(server, 'Avisos B', 741);
  company = { token: (await server.login(signed.email, signed.password)).token, companyId: signed.companyId };
  plain = await createUser(server, company.companyId, 'Leitor Avisos');
});
afterAll(() => server?.close());

describe('announcements', () => {
  it('refuses everyone but the super user to write', async () => {
    for (const token of [company.token, plain.token]) {
      const response = await call(token, 'POST', '/announcements', { title: 'x', text: 'y' });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('ERR_NO_PERMISSION');
    }
    const made = await ok(root, 'POST', '/announcements', { title: 'Teste', text: 'Texto' });
    expect((await call(company.token, 'PUT', `/announcements/${made.id}`, { title: 'x' })).statusCode).toBe(403);
    expect((await call(company.token, 'DELETE', `/announcements/${made.id}`)).statusCode).toBe(403);
    expect((await upload(company.token, `/announcements/${made.id}/media-upload`, { name: 'a.png', type: 'image/png', bytes: PNG })).statusCode).toBe(403);
    await ok(root, 'DELETE', `/announcements/${made.id}`);
  });

  it('validates title and text, defaults priority 3 and active', async () => {
    const missing = await call(root, 'POST', '/announcements', { title: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['title'], message: 'Obrigatório' }),
        expect.objectContaining({ path: ['text'], message: 'Obrigatório' }),
      ]),
    );
    expect((await call(root, 'POST', '/announcements', { title: 'a', text: 'b', priority: 4 })).statusCode).toBe(400);
    const made = await ok(root, 'POST', '/announcements', { title: 'Padrão', text: 'Sem prioridade' });
    expect(made).toMatchObject({ priority: 3, status: true, mediaPath: null });
    await ok(root, 'DELETE', `/announcements/${made.id}`);
  });

  it('reaches every company live, by priority, counts unread per user, and hides inactive ones', async () => {
    const socket = await openSocket(base, plain.token);
    try {
      const low = await ok(root, 'POST', '/announcements', { title: 'Novidades', text: 'Nova tela', priority: 3 });
      const high = await ok(root, 'POST', '/announcements', { title: 'Manutenção', text: 'Sábado às 22h', priority: 1 });
      const frame = await socket.next((f) => f.event === `company-${company.companyId}-announcement` && f.data.record?.id === high.id);
      expect(frame.data).toMatchObject({ action: 'create', record: { title: 'Manutenção', priority: 1 } });

      const seen = await ok(plain.token, 'GET', '/announcements');
      expect(seen.records.map((a: { id: number }) => a.id).slice(0, 2)).toEqual([high.id, low.id]);
      expect(seen.records.every((a: { read: boolean }) => !a.read)).toBe(true);

      expect((await ok(plain.token, 'POST', `/announcements/${high.id}/read`)).read).toBe(true);
      const after = await ok(plain.token, 'GET', '/announcements');
      expect(after.records.find((a: { id: number }) => a.id === high.id).read).toBe(true);
      // Read marks are per user: the company's admin has not read it.
      expect((await ok(company.token, 'GET', '/announcements')).records.find((a: { id: number }) => a.id === high.id).read).toBe(false);

      await ok(root, 'PUT', `/announcements/${low.id}`, { status: false });
      await socket.next((f) => f.event === `company-${company.companyId}-announcement` && f.data.action === 'hide' && f.data.id === low.id);
      expect(socket.frames.some((f) => f.data?.record?.id === low.id && f.data.record.status === false)).toBe(false);
      expect((await ok(plain.token, 'GET', '/announcements')).records.some((a: { id: number }) => a.id === low.id)).toBe(false);
      expect((await call(plain.token, 'GET', `/announcements/${low.id}`)).statusCode).toBe(404);
      expect((await call(plain.token, 'POST', `/announcements/${low.id}/read`)).statusCode).toBe(404);
      expect((await ok(root, 'GET', '/announcements')).records.some((a: { id: number }) => a.id === low.id)).toBe(true);
      await ok(root, 'DELETE', `/announcements/${low.id}`);
      await ok(root, 'DELETE', `/announcements/${high.id}`);
    } finally {
      socket.socket.close();
    }
  });

  it('takes a png or jpeg attachment that users of every company may open', async () => {
    const made = await ok(root, 'POST', '/announcements', { title: 'Com imagem', text: 'Veja' });
    const refused = await upload(root, `/announcements/${made.id}/media-upload`, { name: 'doc.pdf', type: 'application/pdf', bytes: PDF });
    expect(refused.statusCode).toBe(400);
    const attached = await upload(root, `/announcements/${made.id}/media-upload`, { name: 'aviso.png', type: 'image/png', bytes: PNG });
    expect(attached.statusCode, attached.body).toBe(200);
    const { mediaPath, mediaName } = attached.json();
    expect(mediaName).toBe('aviso.png');
    expect((await call(plain.token, 'GET', mediaPath)).statusCode).toBe(200);
    await ok(root, 'PUT', `/announcements/${made.id}`, { status: false });
    expect((await call(plain.token, 'GET', mediaPath)).statusCode).toBe(404);
    const cleared = await ok(root, 'DELETE', `/announcements/${made.id}/media-upload`);
    expect(cleared.mediaPath).toBeNull();
    await ok(root, 'DELETE', `/announcements/${made.id}`);
  });
});
