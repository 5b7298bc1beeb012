import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { contactImportWorker } from '../src/contact-import';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * The contact imports' leased worker: an import its process never finished (stopped, or killed)
 * stays unfinished in the read model, and the next holder of the lease takes it up from there,
 * with no request to wake it.
 */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  const company = await signupCompany(server, 'Importa Co', 741);
  token = (await server.login(company.email, company.password)).token;
});
afterAll(() => server?.close());

async function upload(rows: string[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  for (const row of rows) sheet.addRow(row);
  const data = Buffer.from(await workbook.xlsx.writeBuffer());
  const boundary = 'import-worker-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.inject({
    method: 'POST',
    url: '/contacts/upload',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const status = async (importId: string) => (await server.app.inject({ method: 'GET', url: `/contacts/import/${importId}`, headers: bearer(token) })).json();

it('an import its worker left unfinished is taken up by the next holder of the lease, found in the read model', async () => {
  // The process that would have worked it is gone before it could.
  await server.wiring.contactImports.stop();
  const answer = await upload([
    ['Nome', 'Número'],
    ['Ana Retomada', '5511970001001'],
    ['Bruno Retomado', '5511970001002'],
  ]);
  expect(answer.statusCode, answer.body).toBe(202);
  const { importId } = answer.json();
  await server.wiring.ctx.waitForProjections(await server.wiring.store.headPosition());
  expect(await status(importId)).toMatchObject({ state: 'running', processed: 0 });

  const next = contactImportWorker(server.wiring.ctx, server.wiring.databaseUrl).worker;
  try {
    next.start();
    await vi.waitFor(async () => expect(await status(importId)).toMatchObject({ state: 'done', created: 2, processed: 2 }), { timeout: 30_000, interval: 50 });
    expect(next.progress()).toMatchObject({ state: expect.stringMatching(/idle|working/), lastError: null });
  } finally {
    await next.stop();
  }
});
