import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandling } from './errors';
import { installContractParsing } from './input';
import { recordRoutes } from './records';

const Note = z.object({ id: z.number(), text: z.string() });
type Note = z.infer<typeof Note>;

/** A record area over a map, its commands logged with who recorded them; company 1 signed in, its notes only. */
async function notesApp() {
  const notes = new Map<number, Note & { companyId: number }>([[5, { id: 5, text: 'other company', companyId: 2 }]]);
  const commands: unknown[] = [];
  const app = Fastify();
  installErrorHandling(app);
  app.addHook('onRequest', async (request) => {
    request.principal = { companyId: 1, userId: 7 } as typeof request.principal;
  });
  installContractParsing(app);
  const contracts: Record<string, object | undefined> = {};
  app.addHook('onRoute', (route) => {
    contracts[`${String(route.method)} ${route.url}`] = route.config?.contract;
  });
  const found = recordRoutes(app, {
    path: '/notes',
    view: Note,
    notFound: 'ERR_NOT_FOUND',
    find: async (request, id) => {
      const note = notes.get(id);
      return note && note.companyId === request.principal.companyId ? { id: note.id, text: note.text } : undefined;
    },
    get: {},
    create: {
      body: z.object({ text: z.string().min(1) }),
      async run({ text }, request) {
        notes.set(notes.size + 1, { id: notes.size + 1, text, companyId: request.principal.companyId });
        commands.push({ create: text });
        return notes.size;
      },
    },
    change: {
      body: z.object({ text: z.string() }),
      async run({ id, changes, current }) {
        commands.push({ change: id, from: current.text });
        notes.set(id, { ...notes.get(id)!, ...changes });
      },
    },
    delete: {
      async run({ id }) {
        commands.push({ delete: id });
        notes.delete(id);
        return { message: 'Note deleted' };
      },
    },
  });
  app.get('/notes/:id/text', async (request) => (await found(request, Number((request.params as { id: string }).id))).text);
  await app.ready();
  return { app, commands, contracts };
}

describe('recordRoutes', () => {
  it('creates (201), reads, changes and deletes a record, answering it as written', async () => {
    const { app, commands } = await notesApp();
    const created = await app.inject({ method: 'POST', url: '/notes', payload: { text: 'first' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 2, text: 'first' });
    expect((await app.inject({ method: 'GET', url: '/notes/2' })).json()).toEqual({ id: 2, text: 'first' });
    expect((await app.inject({ method: 'PUT', url: '/notes/2', payload: { text: 'second' } })).json()).toEqual({ id: 2, text: 'second' });
    expect((await app.inject({ method: 'GET', url: '/notes/2/text' })).body).toBe('second');
    expect((await app.inject({ method: 'DELETE', url: '/notes/2' })).json()).toEqual({ message: 'Note deleted' });
    expect(commands).toEqual([{ create: 'first' }, { change: 2, from: 'first' }, { delete: 2 }]);
  });

  it('answers the not-found code for a record the caller may not see, before any command, and refuses input its contract refuses', async () => {
    const { app, commands } = await notesApp();
    for (const [method, url] of [
      ['GET', '/notes/5'],
      ['PUT', '/notes/5'],
      ['DELETE', '/notes/5'],
      ['GET', '/notes/5/text'],
    ] as const) {
      const answer = await app.inject({ method, url, ...(method === 'PUT' ? { payload: { text: 'x' } } : {}) });
      expect([answer.statusCode, answer.json().error]).toEqual([404, 'ERR_NOT_FOUND']);
    }
    expect((await app.inject({ method: 'POST', url: '/notes', payload: { text: '' } })).json().error).toBe('ERR_VALIDATION');
    expect((await app.inject({ method: 'GET', url: '/notes/abc' })).json().error).toBe('ERR_VALIDATION');
    expect(commands).toEqual([]);
  });

  it('declares each route’s contract for the reference: the not-found code first, the record as the answer', async () => {
    const { contracts } = await notesApp();
    expect(contracts['GET /notes/:id']).toMatchObject({ response: Note, errors: ['ERR_NOT_FOUND'] });
    expect(contracts['POST /notes']).toMatchObject({ status: 201, response: Note });
    expect(contracts['POST /notes']).not.toHaveProperty('errors');
    expect(contracts['PUT /notes/:id']).toMatchObject({ response: Note, errors: ['ERR_NOT_FOUND'] });
    expect(contracts['DELETE /notes/:id']).toMatchObject({ errors: ['ERR_NOT_FOUND'] });
    expect(
      Object.keys(contracts)
        .filter((route) => !route.startsWith('HEAD'))
        .sort(),
    ).toEqual(['DELETE /notes/:id', 'GET /notes/:id', 'GET /notes/:id/text', 'POST /notes', 'PUT /notes/:id']);
  });
});
