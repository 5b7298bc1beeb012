import { HELP_VALIDATION } from '@conversa/contracts';
import { helpsProjector } from '@conversa/projections/helps/projector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';

/** Help entries: platform-wide, read by every signed-in user, written only by the super user. */
let server: TestServer;
let root: string;
let companyA: { token: string; companyId: number };
let companyB: { token: string; companyId: number };
let plainUserA: string;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  server = await startTestServer();
  root = (await server.login()).token;
  const a = await signupCompany(server, 'Helps A', 81);
  const b = await signupCompany(server, 'Helps B', 82);
  companyA = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId };
  companyB = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId };
  plainUserA = (await createUser(server, a.companyId, 'Helps Plain')).token;
});
afterAll(() => server?.close());

const helpEvents = async () => (await server.wiring.store.readAll({ maxCount: 100_000 })).filter((event) => event.type.startsWith('Help'));
const helpRows = () => server.wiring.db.selectFrom('read.helps').selectAll().orderBy('id').execute();

async function newHelp(body: Record<string, unknown>) {
  const response = await call(root, 'POST', '/helps', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('help entries written by the super user', () => {
  it('creates, lists, changes and deletes an entry', async () => {
    const created = await newHelp({ title: '  Primeiros passos  ', description: 'Como atender', video: 'dQw4w9WgXcQ' });
    expect(created).toMatchObject({ id: expect.any(Number), title: 'Primeiros passos', description: 'Como atender', video: 'dQw4w9WgXcQ' });
    expect(Date.parse(created.createdAt)).not.toBeNaN();

    const noDescription = await newHelp({ title: 'Arquivo', video: 'https://cdn.example.com/ajuda/filas.mp4' });
    expect(noDescription.description).toBe('');

    const list = (await call(plainUserA, 'GET', '/helps/list')).json();
    expect(list.map((help: any) => help.id)).toEqual([created.id, noDescription.id]);

    const changed = await call(root, 'PUT', `/helps/${created.id}`, {
      video: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
      description: 'Atendimento básico',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      id: created.id,
      title: 'Primeiros passos',
      description: 'Atendimento básico',
      video: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
    });
    expect(Date.parse(changed.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const removed = await call(root, 'DELETE', `/helps/${noDescription.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(plainUserA, 'GET', '/helps')).json().map((help: any) => help.id)).toEqual([created.id]);
    expect((await call(root, 'DELETE', `/helps/${noDescription.id}`)).statusCode).toBe(404);
    expect((await call(root, 'PUT', `/helps/${noDescription.id}`, { title: 'De volta' })).statusCode).toBe(404);
  });

  it('records an unchanged save as nothing', async () => {
    const help = await newHelp({ title: 'Etiquetas', description: '', video: 'bbbbbbbbbbb' });
    const before = (await helpEvents()).length;
    const response = await call(root, 'PUT', `/helps/${help.id}`, { title: 'Etiquetas', video: 'bbbbbbbbbbb' });
    expect(response.statusCode).toBe(200);
    expect((await helpEvents()).length).toBe(before);
  });

  it('searches titles and descriptions on GET /helps', async () => {
    await newHelp({ title: 'Campanhas', description: 'Envio em massa', video: 'ccccccccccc' });
    await newHelp({ title: 'Kanban', description: 'Quadro de CAMPANHAS e tags', video: 'ddddddddddd' });
    const found = (await call(companyB.token, 'GET', '/helps?searchParam=campanha')).json();
    expect(found.map((help: any) => help.title)).toEqual(['Campanhas', 'Kanban']);
    expect((await call(companyB.token, 'GET', '/helps?searchParam=100%25')).json()).toEqual([]);
  });
});

describe('who may write', () => {
  it('refuses writes to a company admin and a plain user, and lets both read', async () => {
    const help = await newHelp({ title: 'Somente leitura', description: '', video: 'eeeeeeeeeee' });
    const before = { events: (await helpEvents()).length, rows: await helpRows() };
    for (const token of [companyA.token, plainUserA]) {
      const post = await call(token, 'POST', '/helps', { title: 'Intrusa', description: '', video: 'fffffffffff' });
      expect(post.statusCode).toBe(403);
      expect(post.json().error).toBe('ERR_NO_PERMISSION');
      expect((await call(token, 'PUT', `/helps/${help.id}`, { title: 'Trocada' })).statusCode).toBe(403);
      expect((await call(token, 'DELETE', `/helps/${help.id}`)).statusCode).toBe(403);
      expect((await call(token, 'GET', '/helps')).statusCode).toBe(200);
      expect((await call(token, 'GET', '/helps/list')).json().map((row: any) => row.id)).toContain(help.id);
    }
    expect((await helpEvents()).length).toBe(before.events);
    expect(await helpRows()).toEqual(before.rows);
  });

  it('answers 401 without a session', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/helps' })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'POST', url: '/helps', payload: { title: 'x', video: 'ggggggggggg' } })).statusCode).toBe(401);
  });

  it('shows every company the same platform-wide entries', async () => {
    const ofA = (await call(companyA.token, 'GET', '/helps/list')).json();
    const ofB = (await call(companyB.token, 'GET', '/helps/list')).json();
    expect(ofA.length).toBeGreaterThan(0);
    expect(ofB).toEqual(ofA);
  });
});

describe('help validation', () => {
  it.each([
    [{ description: 'sem título', video: 'hhhhhhhhhhh' }, 'title', HELP_VALIDATION.required],
    [{ title: '   ', video: 'hhhhhhhhhhh' }, 'title', HELP_VALIDATION.required],
    [{ title: 'x'.repeat(101), video: 'hhhhhhhhhhh' }, 'title', HELP_VALIDATION.titleTooLong],
    [{ title: 'Sem vídeo' }, 'video', HELP_VALIDATION.required],
    [{ title: 'Vídeo curto', video: 'abc' }, 'video', HELP_VALIDATION.invalidVideo],
    [{ title: 'Página qualquer', video: 'https://example.com/pagina' }, 'video', HELP_VALIDATION.invalidVideo],
    [{ title: 'Sem https', video: 'http://youtu.be/hhhhhhhhhhh' }, 'video', HELP_VALIDATION.invalidVideo],
    [{ title: 'Descrição longa', video: 'hhhhhhhhhhh', description: 'd'.repeat(2001) }, 'description', HELP_VALIDATION.descriptionTooLong],
    [{ title: 'Campo a mais', video: 'hhhhhhhhhhh', companyId: 2 }, '', 'companyId'],
    [{ title: 7, video: 'hhhhhhhhhhh' }, 'title', HELP_VALIDATION.required],
  ])('POST %j → 400 on %s', async (body, field, message) => {
    const before = { events: (await helpEvents()).length, rows: await helpRows() };
    const response = await call(root, 'POST', '/helps', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toBe('ERR_VALIDATION');
    expect(response.json().message).toContain(field ? `${field}: ${message}` : message);
    expect((await helpEvents()).length).toBe(before.events);
    expect(await helpRows()).toEqual(before.rows);
  });

  it('validates a change the same way and leaves the entry as it was', async () => {
    const help = await newHelp({ title: 'Intacta', description: 'texto', video: 'iiiiiiiiiii' });
    for (const body of [{ video: 'not a video' }, { title: '' }, { title: 'ok', unknown: true }, { description: 42 }]) {
      const response = await call(root, 'PUT', `/helps/${help.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(root, 'PUT', '/helps/abc', { title: 'x' })).statusCode).toBe(400);
    expect((await call(root, 'DELETE', '/helps/0')).statusCode).toBe(400);
    const rows = (await call(root, 'GET', '/helps/list')).json();
    expect(rows.find((row: any) => row.id === help.id)).toEqual(help);
  });

  it('accepts the video forms the grid can play', async () => {
    for (const video of [
      'https://youtu.be/jjjjjjjjjjj',
      'https://www.youtube.com/embed/jjjjjjjjjjj',
      'https://youtube.com/shorts/jjjjjjjjjjj',
      'https://vimeo.com/76979871',
      'https://videos.example.com/a/b.webm?token=1',
    ]) {
      const response = await call(root, 'POST', '/helps', { title: `Vídeo ${video}`, video });
      expect(response.statusCode, `${video}: ${response.body}`).toBe(201);
    }
  });
});

describe('helps read model', () => {
  it('replays to the same rows (idempotent projector)', async () => {
    const rows = await helpRows();
    const events = await helpEvents();
    expect(events.length).toBeGreaterThan(5);
    await server.wiring.db.transaction().execute(async (trx) => {
      await helpsProjector.handle(trx, events);
    });
    expect(await helpRows()).toEqual(rows);
  });
});
