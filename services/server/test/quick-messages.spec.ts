import type { BusMessage } from '@conversa/bus';
import { type Profile } from '@conversa/contracts';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../../media/test/samples';
import { bearer, signupCompany, startTestServer, type TestServer, createUser } from './harness';

let server: TestServer;
let admin: { token: string; userId: number; companyId: number };
let other: { token: string; companyId: number };
let ana: { token: string; userId: number };
let bruno: { token: string; userId: number };
let supervisor: { token: string; userId: number };

beforeAll(async () => {
  server = await startTestServer();
  const a = await signupCompany(server, 'Quick Co', 41);
  admin = { token: (await server.login(a.email, a.password)).token, userId: a.userId, companyId: a.companyId };
  const b = await signupCompany(server, 'Other Quick Co', 42);
  other = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId };
  ana = await newUser('Ana', 'user');
  bruno = await newUser('Bruno', 'user');
  supervisor = await newUser('Sara Supervisora', 'supervisor');
});
afterAll(() => server?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const newUser = (name: string, profile: Profile) => createUser(server, admin.companyId, name, { profile });

/** Frames published on the bus for one entity of a company, from now on; `count(n)` resolves once n arrived. */
async function framesOf(companyId: number, entity: string) {
  const frames: any[] = [];
  let wanted: { n: number; resolve: () => void } | undefined;
  const subscription = await server.wiring.bus.subscribe(`company.${companyId}.${entity}`, (message: BusMessage) => {
    frames.push(message.data);
    if (wanted && frames.length >= wanted.n) wanted.resolve();
  });
  return {
    async count(n: number) {
      if (frames.length < n) await new Promise<void>((resolve) => (wanted = { n, resolve }));
      await subscription.unsubscribe();
      return frames;
    },
  };
}

async function create(token: string, body: object) {
  const response = await call(token, 'POST', '/quick-messages', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('quick messages', () => {
  it('creates with the spec’s defaults and requires a shortcode', async () => {
    const created = await create(ana.token, { shortcode: ' bomdia ', message: 'Bom dia! Como posso ajudar?' });
    expect(created).toMatchObject({
      shortcode: 'bomdia',
      message: 'Bom dia! Como posso ajudar?',
      geral: false,
      status: true,
      isCategory: false,
      categoryId: null,
      isMedia: false,
      mediaPath: null,
      userId: ana.userId,
    });
    expect((await call(ana.token, 'GET', `/quick-messages/${created.id}`)).json()).toEqual(created);

    for (const body of [{ message: 'sem atalho' }, { shortcode: '   ', message: 'só espaços' }]) {
      const refused = await call(ana.token, 'POST', '/quick-messages', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'ERR_VALIDATION', message: 'shortcode: Obrigatório' });
    }
  });

  it('lets only admins and supervisors set the general flag', async () => {
    const refused = await call(ana.token, 'POST', '/quick-messages', { shortcode: 'geral-ana', message: 'x', geral: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_NO_PERMISSION');
    expect((await create(supervisor.token, { shortcode: 'geral-sup', message: 'Da supervisora', geral: true })).geral).toBe(true);

    const own = await create(ana.token, { shortcode: 'privada', message: 'Minha' });
    const promote = await call(ana.token, 'PUT', `/quick-messages/${own.id}`, { geral: true });
    expect(promote.statusCode).toBe(403);
    const byAdmin = await call(admin.token, 'PUT', `/quick-messages/${own.id}`, { geral: true });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().geral).toBe(true);
    // Now general: the author, a plain user, may no longer change or delete it.
    expect((await call(ana.token, 'PUT', `/quick-messages/${own.id}`, { message: 'mudou' })).statusCode).toBe(403);
    expect((await call(ana.token, 'DELETE', `/quick-messages/${own.id}`)).statusCode).toBe(403);
    expect((await call(admin.token, 'DELETE', `/quick-messages/${own.id}`)).statusCode).toBe(200);
    expect((await call(admin.token, 'GET', `/quick-messages/${own.id}`)).statusCode).toBe(404);
  });

  it('shows a user their own and the general ones; another user’s private ones are not found', async () => {
    const brunos = await create(bruno.token, { shortcode: 'bruno-only', message: 'Do Bruno' });
    const general = await create(admin.token, { shortcode: 'todos', message: 'Para todos', geral: true });

    const anaPage = (await call(ana.token, 'GET', '/quick-messages?searchParam=')).json();
    const anaCodes = anaPage.records.map((r: any) => r.shortcode);
    expect(anaCodes).toContain('todos');
    expect(anaCodes).not.toContain('bruno-only');
    expect((await call(ana.token, 'GET', `/quick-messages/${brunos.id}`)).statusCode).toBe(404);
    expect((await call(ana.token, 'PUT', `/quick-messages/${brunos.id}`, { message: 'invadido' })).statusCode).toBe(404);
    expect((await call(ana.token, 'DELETE', `/quick-messages/${brunos.id}`)).statusCode).toBe(404);

    const adminPage = (await call(admin.token, 'GET', `/quick-messages?userId=${bruno.userId}`)).json();
    expect(adminPage.records.map((r: any) => r.shortcode)).toEqual(['bruno-only']);
    expect((await call(supervisor.token, 'PUT', `/quick-messages/${brunos.id}`, { message: 'Revisado' })).json().message).toBe('Revisado');

    const edited = await call(bruno.token, 'PUT', `/quick-messages/${brunos.id}`, { shortcode: 'bruno', message: 'Do Bruno, revisado' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ shortcode: 'bruno', message: 'Do Bruno, revisado' });
    expect((await call(bruno.token, 'PUT', `/quick-messages/${general.id}`, { message: 'x' })).statusCode).toBe(403);
  });

  it('offers the composer the caller’s own and general, active, non-category ones', async () => {
    await create(bruno.token, { shortcode: 'compositor', message: 'ativa' });
    const inactive = await create(bruno.token, { shortcode: 'inativa', message: 'desligada', status: false });
    await create(admin.token, { shortcode: 'categoria-x', message: '', isCategory: true });
    await create(ana.token, { shortcode: 'da-ana', message: 'só da Ana' });
    const list = (await call(bruno.token, 'GET', '/quick-messages/list')).json();
    const codes = list.map((r: any) => r.shortcode);
    expect(codes).toContain('compositor');
    expect(codes).toContain('todos');
    expect(codes).not.toContain('inativa');
    expect(codes).not.toContain('categoria-x');
    expect(codes).not.toContain('da-ana');
    expect(list.every((r: any) => r.status && !r.isCategory && (r.geral || r.userId === bruno.userId))).toBe(true);
    const reactivated = await call(bruno.token, 'PUT', `/quick-messages/${inactive.id}`, { status: true });
    expect(reactivated.json().status).toBe(true);
    expect((await call(bruno.token, 'GET', '/quick-messages/list')).json().map((r: any) => r.shortcode)).toContain('inativa');
  });

  it('lists category entries and accepts only a category as categoryId', async () => {
    const category = await create(admin.token, { shortcode: 'Vendas', message: '', isCategory: true, geral: true });
    const categories = (await call(ana.token, 'GET', '/quick-messages/categoriesMessages')).json();
    expect(categories.map((c: any) => c.id)).toContain(category.id);
    expect(categories.every((c: any) => c.isCategory)).toBe(true);

    const inCategory = await create(ana.token, { shortcode: 'preco', message: 'Nossos preços…', categoryId: category.id });
    expect(inCategory.categoryId).toBe(category.id);
    const notCategory = await call(ana.token, 'POST', '/quick-messages', { shortcode: 'x', message: 'y', categoryId: inCategory.id });
    expect(notCategory.statusCode).toBe(400);
  });

  it('pages and searches the list', async () => {
    for (let i = 0; i < 23; i++) await create(bruno.token, { shortcode: `pagina-${String(i).padStart(2, '0')}`, message: `mensagem número ${i}` });
    const first = (await call(bruno.token, 'GET', '/quick-messages?searchParam=PAGINA&pageNumber=1')).json();
    expect(first).toMatchObject({ count: 23, hasMore: true });
    expect(first.records).toHaveLength(20);
    expect(first.records[0].shortcode).toBe('pagina-00');
    const second = (await call(bruno.token, 'GET', '/quick-messages?searchParam=pagina&pageNumber=2')).json();
    expect(second).toMatchObject({ count: 23, hasMore: false });
    expect(second.records.map((r: any) => r.shortcode)).toEqual(['pagina-20', 'pagina-21', 'pagina-22']);
    const byMessage = (await call(bruno.token, 'GET', '/quick-messages?searchParam=' + encodeURIComponent('número 7'))).json();
    expect(byMessage.records.map((r: any) => r.shortcode)).toEqual(['pagina-07']);
  });

  it('tells the company’s sockets about creates, updates and deletes', async () => {
    const live = await framesOf(admin.companyId, 'quickmessage');
    const created = await create(admin.token, { shortcode: 'ao-vivo', message: 'Primeira versão' });
    await call(admin.token, 'PUT', `/quick-messages/${created.id}`, { message: 'Segunda versão' });
    await call(admin.token, 'DELETE', `/quick-messages/${created.id}`);
    expect(await live.count(3)).toEqual([
      { action: 'create', record: created },
      { action: 'update', record: expect.objectContaining({ id: created.id, message: 'Segunda versão' }) },
      { action: 'delete', id: created.id },
    ]);
  });

  it('never lets another company see or change them', async () => {
    const secret = await create(admin.token, { shortcode: 'segredo-a', message: 'Segredo da empresa A', geral: true });
    expect((await call(other.token, 'GET', `/quick-messages/${secret.id}`)).statusCode).toBe(404);
    expect((await call(other.token, 'PUT', `/quick-messages/${secret.id}`, { message: 'hijack' })).statusCode).toBe(404);
    expect((await call(other.token, 'DELETE', `/quick-messages/${secret.id}`)).statusCode).toBe(404);
    for (const url of ['/quick-messages', '/quick-messages/list', '/quick-messages/categoriesMessages']) {
      expect((await call(other.token, 'GET', url)).body).not.toContain('Segredo');
    }
    expect((await call(other.token, 'GET', `/quick-messages?companyId=${admin.companyId}`)).statusCode).toBe(403);
    expect((await call(admin.token, 'GET', `/quick-messages/${secret.id}`)).json().message).toBe('Segredo da empresa A');
  });
});

type Part = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

function multipart(parts: Part[]) {
  const boundary = `----quick${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string, id: number, parts: Part[]) {
  const { payload, headers } = multipart(parts);
  return server.app.inject({ method: 'POST', url: `/quick-messages/${id}/media-upload`, headers: { ...headers, ...bearer(token) }, payload });
}

/** Where the local-disk store keeps a url's bytes. */
const fileOf = (url: string) => join(server.wiring.config.mediaDir, url.replace(/^\/media\//, ''));

describe('quick message attachments', () => {
  it('attaches a file, replaces it, serves it to who may see the quick message and removes it', async () => {
    const quick = await create(ana.token, { shortcode: 'cardapio', message: 'Segue o cardápio' });
    const first = await upload(ana.token, quick.id, [
      { name: 'typeArch', value: 'quickMessage' },
      { name: 'file', filename: 'cardapio.png', contentType: 'image/png', data: samples.png },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const attached = first.json();
    expect(attached).toMatchObject({ isMedia: true, mediaName: 'cardapio.png', mediaType: 'image/png' });
    expect(attached.mediaPath).toMatch(new RegExp(`^/media/${admin.companyId}/`));
    const served = await call(ana.token, 'GET', attached.mediaPath);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(samples.png);
    expect((await call(admin.token, 'GET', attached.mediaPath)).statusCode).toBe(200);
    // Ana's quick message is private: its file is as hidden from Bruno as the quick message itself.
    expect((await call(bruno.token, 'GET', attached.mediaPath)).statusCode).toBe(404);

    const second = (await upload(ana.token, quick.id, [{ name: 'file', filename: 'tabela.pdf', contentType: 'application/pdf', data: samples.pdf }])).json();
    expect(second).toMatchObject({ isMedia: true, mediaName: 'tabela.pdf', mediaType: 'application/pdf' });
    expect(existsSync(fileOf(attached.mediaPath))).toBe(false);
    expect(existsSync(fileOf(second.mediaPath))).toBe(true);

    const removed = await call(ana.token, 'DELETE', `/quick-messages/${quick.id}/media-upload`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    expect(existsSync(fileOf(second.mediaPath))).toBe(false);
    expect((await call(ana.token, 'DELETE', `/quick-messages/${quick.id}/media-upload`)).statusCode).toBe(200);
  });

  it('stores nothing for a refused upload', async () => {
    const quick = await create(ana.token, { shortcode: 'recusado', message: 'x' });
    const general = await create(admin.token, { shortcode: 'geral-midia', message: 'x', geral: true });
    const before = new Set(await mediaFiles());

    const noPermission = await upload(ana.token, general.id, [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: samples.png }]);
    expect(noPermission.statusCode).toBe(403);
    const notVisible = await upload(bruno.token, quick.id, [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: samples.png }]);
    expect(notVisible.statusCode).toBe(404);
    const executable = await upload(ana.token, quick.id, [{ name: 'file', filename: 'setup.exe', contentType: 'application/octet-stream', data: samples.elf }]);
    expect(executable.statusCode).toBe(415);
    const noFile = await upload(ana.token, quick.id, [{ name: 'typeArch', value: 'quickMessage' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('file: Obrigatório');
    const crossCompany = await upload(other.token, quick.id, [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: samples.png }]);
    expect(crossCompany.statusCode).toBe(404);

    expect(new Set(await mediaFiles())).toEqual(before);
    expect((await call(ana.token, 'GET', `/quick-messages/${quick.id}`)).json().isMedia).toBe(false);
  });

  it('removes the file with the quick message', async () => {
    const quick = await create(ana.token, { shortcode: 'apagar-com-arquivo', message: 'x' });
    const { mediaPath } = (await upload(ana.token, quick.id, [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: samples.png }])).json();
    expect(existsSync(fileOf(mediaPath))).toBe(true);
    expect((await call(ana.token, 'DELETE', `/quick-messages/${quick.id}`)).statusCode).toBe(200);
    expect(existsSync(fileOf(mediaPath))).toBe(false);
  });
});

async function mediaFiles(): Promise<string[]> {
  const folder = join(server.wiring.config.mediaDir, String(admin.companyId));
  return existsSync(folder) ? readdir(folder) : [];
}
