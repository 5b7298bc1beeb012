import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../../media/test/samples';
import { bearer, settle, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let a: string;
let b: string;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

function uploadList(token: string, id: number, files: Array<{ name: string; fileName: string; data: Buffer; type: string }>) {
  const boundary = 'files-boundary';
  const parts = files.flatMap((file) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${file.name}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from('\r\n'),
  ]);
  const payload = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  return server.app.inject({
    method: 'POST',
    url: `/files/uploadList/${id}`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

beforeAll(async () => {
  server = await startTestServer();
  await server.wiring.sessions.start();
  const companyA = await signupCompany(server, 'Arquivos A', 97);
  a = (await server.login(companyA.email, companyA.password)).token;
  const companyB = await signupCompany(server, 'Arquivos B', 98);
  b = (await server.login(companyB.email, companyB.password)).token;
});
afterAll(async () => {
  await server?.close();
});

describe('file lists', () => {
  it('validates the name (nome muito curto) and the message, uploads files, keeps only the files named on change', async () => {
    expect((await call(a, 'POST', '/files', { name: 'ab', message: 'x' })).json().message).toContain('nome muito curto');
    expect((await call(a, 'POST', '/files', { name: 'Catálogo', message: '' })).json().message).toContain('Obrigatório');
    const created = (await call(a, 'POST', '/files', { name: 'Catálogo', message: 'Segue o catálogo' })).json();
    const uploaded = await uploadList(a, created.id, [
      { name: 'Foto', fileName: 'foto.png', data: samples.png, type: 'image/png' },
      { name: 'Tabela', fileName: 'tabela.pdf', data: samples.pdf, type: 'application/pdf' },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().options.map((o: { name: string }) => o.name)).toEqual(['Foto', 'Tabela']);
    expect((await call(b, 'GET', `/files/${created.id}`)).statusCode).toBe(404);
    expect((await uploadList(b, created.id, [{ name: 'x', fileName: 'x.png', data: samples.png, type: 'image/png' }])).statusCode).toBe(404);
    const kept = uploaded.json().options[1].id;
    const changed = (await call(a, 'PUT', `/files/${created.id}`, { name: 'Catálogo 2026', options: [{ id: kept }] })).json();
    expect(changed).toMatchObject({ name: 'Catálogo 2026', options: [{ id: kept, name: 'Tabela' }] });
    expect((await call(a, 'GET', '/files?searchParam=2026')).json().files.map((f: { id: number }) => f.id)).toEqual([created.id]);
    expect((await call(a, 'DELETE', `/files/${created.id}`)).statusCode).toBe(200);
    expect((await call(a, 'GET', `/files/${created.id}`)).statusCode).toBe(404);
  });

  it("sends a campaign's file list with its message", async () => {
    await call(a, 'POST', '/campaign-settings', { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const sandbox = (await call(a, 'POST', '/whatsapp', { name: 'Arquivos', channel: 'sandbox' })).json();
    await server.wiring.sessions.reconcile();
    const files = (await call(a, 'POST', '/files', { name: 'Anexos', message: 'Anexos da oferta' })).json();
    await uploadList(a, files.id, [{ name: 'Folheto', fileName: 'folheto.png', data: samples.png, type: 'image/png' }]);
    const list = (await call(a, 'POST', '/contact-lists', { name: 'Com arquivos' })).json();
    await call(a, 'POST', '/contact-list-items', { contactListId: list.id, name: 'Ana', number: '5511966660001' });
    // Another company's file list is not found.
    expect((await call(b, 'POST', '/campaigns', { name: 'Alheia', message1: 'x', fileListId: files.id })).json().error).toBe('ERR_NO_FILE_LIST_FOUND');
    const campaign = (
      await call(a, 'POST', '/campaigns', {
        name: 'Com anexos',
        message1: 'Veja, {firstName}',
        contactListId: list.id,
        whatsappId: String(sandbox.id),
        fileListId: files.id,
        scheduledAt: new Date().toISOString(),
      })
    ).json();
    for (let round = 0; round < 10 && (await call(a, 'GET', `/campaigns/${campaign.id}`)).json().status !== 'FINALIZADA'; round++) {
      await server.wiring.campaigns.engine.tick();
      await settle(server);
    }
    const rows = (
      await sql<{
        body: string;
        media_url: string | null;
      }>`select body, media_url from channels.sandbox_outbox where connection_id = ${sandbox.id} order by created_at`.execute(server.wiring.db)
    ).rows;
    expect(rows.map((row) => [row.body, row.media_url !== null])).toEqual([
      ['Veja, Ana', false],
      ['Folheto', true],
    ]);
  });
});
