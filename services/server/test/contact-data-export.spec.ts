import { createSessionHooks, RecordingChannelGateway } from '@conversa/channels';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { bearer, createUser, settle, signupCompany, startTestServer, type TestServer } from './harness';

/** LGPD access: GET /contacts/{id}/data-export, a zip of JSON files and a workbook of everything held about one contact. */
let server: TestServer;
let admin: { token: string; companyId: number };
let other: { token: string; companyId: number };
let attendant: { token: string };
let rita: { contactId: number; ticketId: number };
let bruno: { contactId: number };

beforeAll(async () => {
  server = await startTestServer({ channels: new RecordingChannelGateway() });
  const a = await signupCompany(server, 'Acesso A', 991);
  const b = await signupCompany(server, 'Acesso B', 992);
  admin = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId };
  other = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId };
  attendant = await createUser(server, a.companyId, 'Atendente Acesso', { profile: 'user' });
  const line = await call(admin.token, 'POST', '/whatsapp', { name: 'Sandbox acesso', channel: 'sandbox', greetingMessage: '' });
  const hooks = createSessionHooks(server.wiring.ctx, { id: line.id, companyId: a.companyId, channel: 'sandbox' });
  const first = await hooks.receiveMessage({
    contact: { number: '5511955557001', name: 'Rita Acesso', isGroup: false },
    providerId: 'r-1',
    body: 'Meu endereço é Rua das Flores 12',
    mediaType: 'chat',
    receivedAt: new Date().toISOString(),
  });
  await hooks.receiveMessage({
    contact: { number: '5511955557001', name: 'Rita Acesso', isGroup: false },
    providerId: 'r-2',
    body: 'segunda mensagem da Rita',
    mediaType: 'chat',
    receivedAt: new Date().toISOString(),
  });
  const second = await hooks.receiveMessage({
    contact: { number: '5511955557002', name: 'Bruno Acesso', isGroup: false },
    providerId: 'b-1',
    body: 'mensagem do Bruno',
    mediaType: 'chat',
    receivedAt: new Date().toISOString(),
  });
  rita = { contactId: first.contactId, ticketId: first.ticketId };
  bruno = { contactId: second.contactId };
  await settle(server);
  await call(admin.token, 'PUT', `/contacts/${rita.contactId}`, { extraInfo: [{ name: 'CPF', value: '123.456.789-09' }] });
  await call(admin.token, 'POST', '/ticket-notes', { note: 'Cliente prefere contato à tarde', ticketId: rita.ticketId, contactId: rita.contactId });
  const tag = await call(admin.token, 'POST', '/tags', { name: 'VIP Acesso', color: '#ff0000', kanban: 0 });
  await call(admin.token, 'POST', '/tags/sync', { contactId: rita.contactId, tags: [tag] });
  await call(admin.token, 'POST', '/schedules', {
    body: 'Lembrete da consulta da Rita',
    contactId: rita.contactId,
    sendAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  await settle(server);
});
afterAll(() => server?.close());

async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

/** Every entry of a zip, by name. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError ?? new Error(`no stream for ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const exportOf = (token: string, contactId: number) => server.app.inject({ method: 'GET', url: `/contacts/${contactId}/data-export`, headers: bearer(token) });

describe('contact data export (LGPD access)', () => {
  it('answers a zip with a JSON file per kind and a workbook, holding this contact’s data only', async () => {
    const answer = await exportOf(admin.token, rita.contactId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toContain(`contact-${rita.contactId}-data.zip`);
    const entries = await unzip(answer.rawPayload);
    expect([...entries.keys()]).toEqual([
      'profile.json',
      'tickets.json',
      'messages.json',
      'notes.json',
      'tags.json',
      'ratings.json',
      'campaignSends.json',
      'schedules.json',
      'data.xlsx',
    ]);
    const json = (name: string) => JSON.parse(entries.get(name)!.toString('utf8'));
    expect(json('profile.json')).toMatchObject({
      id: rita.contactId,
      name: 'Rita Acesso',
      number: '5511955557001',
      extra_info: [{ name: 'CPF', value: '123.456.789-09' }],
    });
    expect(json('tickets.json')).toEqual([expect.objectContaining({ id: rita.ticketId })]);
    expect(json('messages.json').map((message: { body: string }) => message.body)).toEqual(['Meu endereço é Rua das Flores 12', 'segunda mensagem da Rita']);
    expect(json('notes.json')).toEqual([expect.objectContaining({ note: 'Cliente prefere contato à tarde' })]);
    expect(json('tags.json')).toEqual([expect.objectContaining({ name: 'VIP Acesso' })]);
    expect(json('schedules.json')).toEqual([expect.objectContaining({ body: 'Lembrete da consulta da Rita' })]);
    expect(json('ratings.json')).toEqual([]);
    expect(json('campaignSends.json')).toEqual([]);
    expect(answer.rawPayload.includes('mensagem do Bruno')).toBe(false);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(entries.get('data.xlsx')! as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'profile',
      'tickets',
      'messages',
      'notes',
      'tags',
      'ratings',
      'campaignSends',
      'schedules',
    ]);
    const messages = workbook.getWorksheet('messages')!;
    const bodyColumn = (messages.getRow(1).values as string[]).indexOf('body');
    expect([messages.getRow(2).getCell(bodyColumn).value, messages.getRow(3).getCell(bodyColumn).value]).toEqual([
      'Meu endereço é Rua das Flores 12',
      'segunda mensagem da Rita',
    ]);
  });

  it('is for admins: an attendant is refused, another company’s contact is not found', async () => {
    const refused = await exportOf(attendant.token, rita.contactId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_NO_PERMISSION');
    const elsewhere = await exportOf(other.token, rita.contactId);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await exportOf(admin.token, bruno.contactId)).statusCode).toBe(200);
  });
});
