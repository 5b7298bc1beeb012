import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, busFrames, createUser, ownBotLinks, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let companyA: { token: string; companyId: number; userId: number };
let companyB: { token: string; companyId: number; userId: number };

beforeAll(async () => {
  // The queue's integration points at a closed local port (nothing listens): allowed, so it can be bound.
  server = await startTestServer({ env: { OUTBOUND_ALLOW_PRIVATE_URLS: 'true' } });
  const a = await signupCompany(server, 'Queues A', 71);
  const b = await signupCompany(server, 'Queues B', 72);
  companyA = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId, userId: a.userId };
  companyB = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId, userId: b.userId };
});
afterAll(() => server?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

let colourSeed = 0x100000;
/** A colour no other test uses. */
const freshColor = () => `#${(colourSeed++).toString(16).padStart(6, '0')}`;

async function newQueue(token: string, body: Record<string, unknown> = {}) {
  const response = await call(token, 'POST', '/queue', { name: 'Fila', color: freshColor(), greetingMessage: 'Bem-vindo', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const framesOf = (companyId: number, entity: string) => busFrames(server, companyId, entity);

/** A tree without ids, for comparing shapes. */
const shape = (options: any[]): any[] => options.map((option) => ({ name: option.name, queueType: option.queueType, options: shape(option.options) }));

// Runs first: the company has no queue yet, which the greeting rule depends on.
describe('the greeting rule (spec 2 §5)', () => {
  it("creates a company's first queue without a greeting, with the defaults", async () => {
    const response = await call(companyA.token, 'POST', '/queue', { name: ' Vendas ', color: '#AA0000' });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      companyId: companyA.companyId,
      name: 'Vendas',
      color: '#aa0000',
      orderQueue: null,
      ativarRoteador: false,
      tempoRoteador: 2,
      greetingMessage: '',
      outOfHoursMessage: '',
      closeTicket: false,
      integrationId: null,
      fileListId: null,
      promptId: null,
      chatbots: [],
    });
    expect(created.schedules).toHaveLength(7);
    expect(created.schedules[0]).toEqual({
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    });
    expect(created.schedules.map((day: any) => day.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(created.schedules.every((day: any) => day.startTimeA === '08:00' && day.endTimeB === '18:00')).toBe(true);
  });

  it('refuses a second queue without a greeting (ERR_WAPP_GREETING_REQUIRED), leaving nothing behind', async () => {
    const refused = await call(companyA.token, 'POST', '/queue', { name: 'Suporte', color: '#bb0000', greetingMessage: '  ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('ERR_WAPP_GREETING_REQUIRED');
    expect((await call(companyA.token, 'GET', '/queue')).json()).toHaveLength(1);
    // The refused save gave its colour back.
    const second = await newQueue(companyA.token, { name: 'Suporte', color: '#BB0000' });
    expect(second.color).toBe('#bb0000');
  });

  it('then requires the greeting on every save of a queue, the first one included', async () => {
    const [first] = (await call(companyA.token, 'GET', '/queue')).json().filter((q: any) => q.name === 'Vendas');
    const refused = await call(companyA.token, 'PUT', `/queue/${first.id}`, { outOfHoursMessage: 'Fechado' });
    expect(refused.json().error).toBe('ERR_WAPP_GREETING_REQUIRED');
    const saved = await call(companyA.token, 'PUT', `/queue/${first.id}`, { outOfHoursMessage: 'Fechado', greetingMessage: 'Olá, Vendas' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ outOfHoursMessage: 'Fechado', greetingMessage: 'Olá, Vendas' });
  });
});

describe('queue validation (spec 2 §5)', () => {
  it.each([
    [{ color: '#010101' }, ['name'], 'Required'],
    [{ name: ' ', color: '#010101' }, ['name'], 'Required'],
    [{ name: 'A', color: '#010101' }, ['name'], 'Too Short!'],
    [{ name: 'x'.repeat(51), color: '#010101' }, ['name'], 'Too Long!'],
    [{ name: 'Fila' }, ['color'], 'Required'],
    [{ name: 'Fila', color: '#1' }, ['color'], 'Too Short!'],
    [{ name: 'Fila', color: '#1234567890' }, ['color'], 'Too Long!'],
    [{ name: 'Fila', color: 'vermelho' }, ['color'], 'Cor inválida'],
    [{ name: 'Fila', color: '#010101', tempoRoteador: 3 }, ['tempoRoteador'], 'Use 2, 5, 10, 15, 30, 45, 60 minutos'],
    [
      { name: 'Fila', color: '#010101', schedules: [{ weekdayEn: 'monday', startTimeA: '8:00', endTimeA: '12:00' }] },
      ['schedules', 0, 'startTimeA'],
      'Horário inválido (use HH:mm)',
    ],
    [
      { name: 'Fila', color: '#010101', schedules: [{ weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '' }] },
      ['schedules', 0, 'endTimeA'],
      'Informe o início e o fim do intervalo',
    ],
    [
      { name: 'Fila', color: '#010101', schedules: [{ weekdayEn: 'monday', startTimeA: '12:00', endTimeA: '08:00' }] },
      ['schedules', 0, 'endTimeA'],
      'O início deve ser antes do fim',
    ],
    [
      { name: 'Fila', color: '#010101', schedules: [{ weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '11:00', endTimeB: '18:00' }] },
      ['schedules', 0, 'startTimeB'],
      'Os intervalos A e B não podem se sobrepor',
    ],
    [{ name: 'Fila', color: '#010101', chatbots: [{ name: 'abc' }] }, ['chatbots', 0, 'name'], 'too short'],
    [{ name: 'Fila', color: '#010101', chatbots: [{ name: '' }] }, ['chatbots', 0, 'name'], 'Required'],
    [{ name: 'Fila', color: '#010101', chatbots: [{ name: 'Comercial', options: [{ name: 'Pix' }] }] }, ['chatbots', 0, 'options', 0, 'name'], 'too short'],
    [{ name: 'Fila', color: '#010101', chatbots: [{ name: 'Comercial', queueType: 'queue' }] }, ['chatbots', 0, 'optQueueId'], 'Selecione a fila'],
    [
      { name: 'Fila', color: '#010101', chatbots: [{ name: 'Falar com alguém', queueType: 'attendent' }] },
      ['chatbots', 0, 'optUserId'],
      'Selecione o atendente',
    ],
  ])('refuses %j at %j: %s', async (body, path, message) => {
    const response = await call(companyA.token, 'POST', '/queue', { greetingMessage: 'Oi', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('ERR_VALIDATION');
    expect(response.json().issues).toContainEqual(expect.objectContaining({ path, message }));
  });

  it("refuses a chatbot option leading to another company's queue or user", async () => {
    const foreignQueue = await newQueue(companyB.token, { name: 'Foreign' });
    const toQueue = await call(companyA.token, 'POST', '/queue', {
      name: 'Fila',
      color: freshColor(),
      greetingMessage: 'Oi',
      chatbots: [{ name: 'Outra fila', queueType: 'queue', optQueueId: foreignQueue.id }],
    });
    expect(toQueue.statusCode).toBe(404);
    expect(toQueue.json().error).toBe('ERR_NO_QUEUE_FOUND');
    const toUser = await call(companyA.token, 'POST', '/queue', {
      name: 'Fila',
      color: freshColor(),
      greetingMessage: 'Oi',
      chatbots: [{ name: 'Atendente', queueType: 'attendent', optUserId: companyB.userId }],
    });
    expect(toUser.statusCode).toBe(404);
    expect(toUser.json().error).toBe('ERR_NO_USER_FOUND');
  });

  it("refuses another company's (or a deleted) file list on a queue and on a `file` option", async () => {
    const foreign = (await call(companyB.token, 'POST', '/files', { name: 'Catálogo B', message: 'Segue' })).json();
    const queueWith = (extra: object) => call(companyA.token, 'POST', '/queue', { name: 'Arquivos', color: freshColor(), greetingMessage: 'Oi', ...extra });
    const onQueue = await queueWith({ fileListId: foreign.id });
    expect(onQueue.statusCode).toBe(404);
    expect(onQueue.json().error).toBe('ERR_NO_FILE_LIST_FOUND');
    const onOption = await queueWith({ chatbots: [{ name: 'Catálogo', queueType: 'file', optFileId: foreign.id }] });
    expect(onOption.json().error).toBe('ERR_NO_FILE_LIST_FOUND');
    const own = (await call(companyA.token, 'POST', '/files', { name: 'Catálogo A', message: 'Segue' })).json();
    const queue = (await queueWith({ fileListId: own.id })).json();
    expect(queue.fileListId).toBe(own.id);
    const option = await call(companyA.token, 'POST', '/chatbot', {
      queueId: queue.id,
      parentId: null,
      name: 'Catálogo',
      queueType: 'file',
      optFileId: foreign.id,
    });
    expect(option.json().error).toBe('ERR_NO_FILE_LIST_FOUND');
    expect((await call(companyA.token, 'DELETE', `/files/${own.id}`)).statusCode).toBe(200);
    expect((await call(companyA.token, 'PUT', `/queue/${queue.id}`, { fileListId: own.id })).json().error).toBe('ERR_NO_FILE_LIST_FOUND');
  });
});

describe('queue colours (ERR_QUEUE_COLOR_ALREADY_EXISTS)', () => {
  it('refuses a colour another queue of the company uses, in any letter case', async () => {
    const queue = await newQueue(companyA.token, { color: '#00aa00' });
    const refused = await call(companyA.token, 'POST', '/queue', { name: 'Outra', color: '#00AA00', greetingMessage: 'Oi' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS', message: 'This colour is already used by another queue.' });
    const other = await newQueue(companyA.token);
    expect((await call(companyA.token, 'PUT', `/queue/${other.id}`, { color: '#00aa00' })).json().error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    // A queue saving its own colour again is no conflict.
    expect((await call(companyA.token, 'PUT', `/queue/${queue.id}`, { color: '#00AA00', name: 'Verde' })).statusCode).toBe(200);
  });

  it('frees a colour when its queue changes colour or is deleted', async () => {
    const queue = await newQueue(companyA.token, { color: '#00bb00' });
    expect((await call(companyA.token, 'PUT', `/queue/${queue.id}`, { color: '#00cc00' })).json().color).toBe('#00cc00');
    const takesOld = await newQueue(companyA.token, { color: '#00bb00' });
    expect((await call(companyA.token, 'DELETE', `/queue/${takesOld.id}`)).json()).toEqual({ message: 'Queue deleted' });
    await newQueue(companyA.token, { color: '#00bb00' });
  });

  it('lets another company use the same colour', async () => {
    await newQueue(companyA.token, { color: '#00dd00' });
    await newQueue(companyB.token, { color: '#00dd00' });
  });

  it('gives a colour to exactly one of many queues saved at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(companyA.token, 'POST', '/queue', { name: `Corrida ${i}`, color: '#00ee00', greetingMessage: 'Oi' })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const holders = (await call(companyA.token, 'GET', '/queue')).json().filter((q: any) => q.color === '#00ee00');
    expect(holders).toHaveLength(1);
  });
});

describe('queues', () => {
  it('records every field of the dialog and lists queues in menu order', async () => {
    const fileListId = (await call(companyA.token, 'POST', '/files', { name: 'Catálogo', message: 'Segue' })).json().id as number;
    const integrationLinks = { ...(await ownBotLinks(server, companyA.token)), fileListId };
    const schedules = [
      { weekday: 'Monday', weekdayEn: 'monday', startTimeA: '09:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' },
      { weekdayEn: 'sunday', startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' },
    ];
    const queue = await newQueue(companyA.token, {
      name: 'Zeta',
      orderQueue: 1,
      ativarRoteador: true,
      tempoRoteador: 15,
      outOfHoursMessage: 'Voltamos às 8h',
      closeTicket: true,
      ...integrationLinks,
      schedules,
    });
    expect(queue).toMatchObject({
      name: 'Zeta',
      orderQueue: 1,
      ativarRoteador: true,
      tempoRoteador: 15,
      outOfHoursMessage: 'Voltamos às 8h',
      closeTicket: true,
      ...integrationLinks,
    });
    // Given days as given (with the product's day names), the others with the default hours.
    expect(queue.schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '09:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' });
    expect(queue.schedules[1]).toEqual({
      weekday: 'Terça-feira',
      weekdayEn: 'tuesday',
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    });
    expect(queue.schedules[6]).toEqual({ weekday: 'Domingo', weekdayEn: 'sunday', startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' });
    const first = await newQueue(companyA.token, { name: 'Alfa', orderQueue: 0 });

    const listed = (await call(companyA.token, 'GET', '/queue')).json();
    expect(listed.findIndex((q: any) => q.id === first.id)).toBe(0);
    expect(listed.findIndex((q: any) => q.id === queue.id)).toBe(1);
    // The rest, unordered, by name.
    const unordered = listed.slice(2).map((q: any) => q.name.toLowerCase());
    expect(unordered).toEqual([...unordered].sort());

    const changed = await call(companyA.token, 'PUT', `/queue/${queue.id}`, { orderQueue: null, integrationId: null, schedules: [], tempoRoteador: 30 });
    expect(changed.json()).toMatchObject({ orderQueue: null, integrationId: null, fileListId, tempoRoteador: 30 });
    expect(changed.json().schedules[6].startTimeA).toBe('08:00');
  });

  it('publishes create, update (with the option tree) and delete frames', async () => {
    const frames = await framesOf(companyA.companyId, 'queue');
    try {
      const queue = await newQueue(companyA.token, { name: 'Com frames' });
      expect((await frames.next((f) => f.action === 'create' && f.queue?.id === queue.id)).queue).toEqual(queue);
      const option = (await call(companyA.token, 'POST', '/chatbot', { queueId: queue.id, name: 'Opção nova' })).json();
      const update = await frames.next((f) => f.action === 'update' && f.queue?.id === queue.id && f.queue.chatbots.length === 1);
      expect(update.queue.chatbots[0]).toEqual(option);
      await call(companyA.token, 'DELETE', `/queue/${queue.id}`);
      expect(await frames.next((f) => f.action === 'delete' && f.queueId === queue.id)).toEqual({ action: 'delete', queueId: queue.id });
      const other = await framesOf(companyB.companyId, 'queue');
      expect(other.frames).toEqual([]);
      await other.stop();
    } finally {
      await frames.stop();
    }
  });

  it('answers 404 for a deleted or unknown queue', async () => {
    const queue = await newQueue(companyA.token);
    await call(companyA.token, 'DELETE', `/queue/${queue.id}`);
    for (const [method, payload] of [['GET'], ['PUT', { name: 'De volta' }], ['DELETE']] as const) {
      const response = await call(companyA.token, method, `/queue/${queue.id}`, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('ERR_NO_QUEUE_FOUND');
    }
    expect((await call(companyA.token, 'GET', '/queue')).json().some((q: any) => q.id === queue.id)).toBe(false);
  });
});

describe('the chatbot option tree', () => {
  it('saves a tree with the queue, then replaces it: kept options keep their ids, left-out ones go with their nested options', async () => {
    const queue = await newQueue(companyA.token, {
      chatbots: [
        {
          name: 'Comercial',
          greetingMessage: 'Escolha o plano',
          options: [{ name: 'Planos', greetingMessage: 'Qual?', options: [{ name: 'Mensal', queueType: 'text' }] }],
        },
        { name: 'Suporte', queueType: 'attendent', optUserId: companyA.userId, optFileId: 9 },
      ],
    });
    expect(shape(queue.chatbots)).toEqual([
      { name: 'Comercial', queueType: 'text', options: [{ name: 'Planos', queueType: 'text', options: [{ name: 'Mensal', queueType: 'text', options: [] }] }] },
      { name: 'Suporte', queueType: 'attendent', options: [] },
    ]);
    const [comercial, suporte] = queue.chatbots;
    expect(comercial).toMatchObject({ queueId: queue.id, parentId: null, greetingMessage: 'Escolha o plano' });
    expect(comercial.options[0]).toMatchObject({ parentId: comercial.id, greetingMessage: 'Qual?' });
    // The attendant option keeps its user and drops the file list its type does not use.
    expect(suporte).toMatchObject({ optUserId: companyA.userId, optQueueId: null, optFileId: null });

    const saved = await call(companyA.token, 'PUT', `/queue/${queue.id}`, {
      chatbots: [
        { id: suporte.id, name: 'Suporte técnico', queueType: 'queue', optQueueId: queue.id },
        { name: 'Financeiro', options: [{ name: 'Boletos' }] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const tree = saved.json().chatbots;
    expect(shape(tree)).toEqual([
      { name: 'Suporte técnico', queueType: 'queue', options: [] },
      { name: 'Financeiro', queueType: 'text', options: [{ name: 'Boletos', queueType: 'text', options: [] }] },
    ]);
    expect(tree[0]).toMatchObject({ id: suporte.id, optQueueId: queue.id, optUserId: null });
    expect((await call(companyA.token, 'GET', `/chatbot/${comercial.options[0].id}`)).statusCode).toBe(404);
    // A PUT without chatbots leaves the tree alone.
    expect((await call(companyA.token, 'PUT', `/queue/${queue.id}`, { name: 'Renomeada' })).json().chatbots).toEqual(tree);
  });

  it('refuses an option id of another queue in a tree', async () => {
    const one = await newQueue(companyA.token, { chatbots: [{ name: 'Da fila um' }] });
    const two = await newQueue(companyA.token);
    const response = await call(companyA.token, 'PUT', `/queue/${two.id}`, { chatbots: [{ id: one.chatbots[0].id, name: 'Da fila um' }] });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('ERR_NO_CHATBOT_FOUND');
    expect((await call(companyA.token, 'GET', `/queue/${two.id}`)).json().chatbots).toEqual([]);
  });

  it('adds, reads, changes and removes options through /chatbot', async () => {
    const queue = await newQueue(companyA.token);
    const first = await call(companyA.token, 'POST', '/chatbot', { queueId: queue.id, name: 'Vendas online', greetingMessage: 'Escolha' });
    expect(first.statusCode, first.body).toBe(201);
    const parent = first.json();
    expect(parent).toMatchObject({ queueId: queue.id, parentId: null, name: 'Vendas online', queueType: 'text', options: [] });

    const nested = await call(companyA.token, 'POST', '/chatbot', { chatbotId: parent.id, name: 'Cartão', queueType: 'queue', optQueueId: queue.id });
    expect(nested.statusCode, nested.body).toBe(201);
    expect(nested.json()).toMatchObject({ queueId: queue.id, parentId: parent.id, optQueueId: queue.id });
    const deeper = (await call(companyA.token, 'POST', '/chatbot', { parentId: nested.json().id, name: 'Parcelado' })).json();

    expect(shape((await call(companyA.token, 'GET', `/chatbot?queueId=${queue.id}`)).json())).toEqual([
      {
        name: 'Vendas online',
        queueType: 'text',
        options: [{ name: 'Cartão', queueType: 'queue', options: [{ name: 'Parcelado', queueType: 'text', options: [] }] }],
      },
    ]);
    expect((await call(companyA.token, 'GET', `/chatbot/${nested.json().id}`)).json().options.map((o: any) => o.id)).toEqual([deeper.id]);
    const all = (await call(companyA.token, 'GET', '/chatbot')).json();
    expect(all.some((option: any) => option.id === parent.id)).toBe(true);
    expect(all.every((option: any) => option.parentId === null)).toBe(true);

    const changed = await call(companyA.token, 'PUT', `/chatbot/${parent.id}`, {
      name: 'Vendas pela loja',
      options: [{ id: nested.json().id, name: 'Cartão', queueType: 'text' }, { name: 'Boleto' }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(shape([changed.json()])).toEqual([
      {
        name: 'Vendas pela loja',
        queueType: 'text',
        options: [
          { name: 'Cartão', queueType: 'text', options: [{ name: 'Parcelado', queueType: 'text', options: [] }] },
          { name: 'Boleto', queueType: 'text', options: [] },
        ],
      },
    ]);
    expect(changed.json().options[0].optQueueId).toBeNull();

    expect((await call(companyA.token, 'PUT', `/chatbot/${parent.id}`, { queueType: 'queue' })).json().error).toBe('ERR_VALIDATION');
    expect((await call(companyA.token, 'PUT', `/chatbot/${parent.id}`, { name: 'abc' })).json().issues).toContainEqual(
      expect.objectContaining({ path: ['name'], message: 'too short' }),
    );

    expect((await call(companyA.token, 'DELETE', `/chatbot/${parent.id}`)).json()).toEqual({ message: 'Chatbot deleted' });
    for (const id of [parent.id, nested.json().id, deeper.id])
      expect((await call(companyA.token, 'GET', `/chatbot/${id}`)).json().error).toBe('ERR_NO_CHATBOT_FOUND');
    expect((await call(companyA.token, 'GET', `/queue/${queue.id}`)).json().chatbots).toEqual([]);
  });

  it('refuses an option without a queue or parent, and a parent of another queue', async () => {
    expect((await call(companyA.token, 'POST', '/chatbot', { name: 'Sem fila' })).json().issues).toContainEqual(
      expect.objectContaining({ path: ['queueId'], message: 'Selecione a fila' }),
    );
    const one = await newQueue(companyA.token, { chatbots: [{ name: 'Raiz um' }] });
    const two = await newQueue(companyA.token);
    const response = await call(companyA.token, 'POST', '/chatbot', { queueId: two.id, parentId: one.chatbots[0].id, name: 'Perdida' });
    expect(response.statusCode).toBe(400);
  });

  it('removes the options of a deleted queue', async () => {
    const queue = await newQueue(companyA.token, { chatbots: [{ name: 'Vai sumir' }] });
    await call(companyA.token, 'DELETE', `/queue/${queue.id}`);
    expect((await call(companyA.token, 'GET', `/chatbot/${queue.chatbots[0].id}`)).statusCode).toBe(404);
  });
});

describe('who may change queues (spec 1 §6)', () => {
  it('lets any user read queues and options, and only admins change them', async () => {
    const queue = await newQueue(companyA.token, { chatbots: [{ name: 'Leitura' }] });
    const plain = await createUser(server, companyA.companyId, 'Queue Reader');
    expect((await call(plain.token, 'GET', '/queue')).statusCode).toBe(200);
    expect((await call(plain.token, 'GET', `/queue/${queue.id}`)).statusCode).toBe(200);
    expect((await call(plain.token, 'GET', `/chatbot?queueId=${queue.id}`)).statusCode).toBe(200);
    const writes = [
      call(plain.token, 'POST', '/queue', { name: 'Minha', color: freshColor(), greetingMessage: 'Oi' }),
      call(plain.token, 'PUT', `/queue/${queue.id}`, { name: 'Minha' }),
      call(plain.token, 'DELETE', `/queue/${queue.id}`),
      call(plain.token, 'POST', '/chatbot', { queueId: queue.id, name: 'Minha opção' }),
      call(plain.token, 'PUT', `/chatbot/${queue.chatbots[0].id}`, { name: 'Minha opção' }),
      call(plain.token, 'DELETE', `/chatbot/${queue.chatbots[0].id}`),
    ];
    for (const response of await Promise.all(writes)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('ERR_NO_PERMISSION');
    }
    expect((await call(companyA.token, 'GET', `/queue/${queue.id}`)).json()).toEqual(queue);
  });
});

describe('tenancy', () => {
  it("keeps company A's queues and options out of company B's reach", async () => {
    const queue = await newQueue(companyA.token, { name: 'Privada', chatbots: [{ name: 'Segredo', options: [{ name: 'Mais segredo' }] }] });
    const optionId = queue.chatbots[0].id;
    const attempts = [
      call(companyB.token, 'GET', `/queue/${queue.id}`),
      call(companyB.token, 'PUT', `/queue/${queue.id}`, { name: 'Tomada' }),
      call(companyB.token, 'DELETE', `/queue/${queue.id}`),
      call(companyB.token, 'GET', `/chatbot/${optionId}`),
      call(companyB.token, 'GET', `/chatbot?queueId=${queue.id}`),
      call(companyB.token, 'PUT', `/chatbot/${optionId}`, { name: 'Tomada' }),
      call(companyB.token, 'DELETE', `/chatbot/${optionId}`),
      call(companyB.token, 'POST', '/chatbot', { queueId: queue.id, name: 'Intrusa' }),
      call(companyB.token, 'POST', '/chatbot', { parentId: optionId, name: 'Intrusa' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Privada');
      expect(response.body).not.toContain('Segredo');
    }
    const listedByB = [...(await call(companyB.token, 'GET', '/queue')).json(), ...(await call(companyB.token, 'GET', '/chatbot')).json()];
    expect(listedByB.some((row: any) => row.id === queue.id || row.id === optionId)).toBe(false);
    expect((await call(companyB.token, 'GET', `/queue?companyId=${companyA.companyId}`)).statusCode).toBe(403);
    // B's tree cannot adopt A's option either.
    const own = await newQueue(companyB.token);
    expect((await call(companyB.token, 'PUT', `/queue/${own.id}`, { chatbots: [{ id: optionId, name: 'Adotada' }] })).statusCode).toBe(404);
    expect((await call(companyA.token, 'GET', `/queue/${queue.id}`)).json()).toEqual(queue);
  });
});

describe('ticket rows name their queue', () => {
  it('hydrates queue {id, name, color} and names it in ERR_OTHER_OPEN_TICKET', async () => {
    const queue = await newQueue(companyA.token, { name: 'Atendimento', color: '#123abc' });
    const contact = await call(companyA.token, 'POST', '/contacts', { name: 'Fila Contato', number: '5521987650001' });
    expect(contact.statusCode, contact.body).toBe(201);
    const ticket = await call(companyA.token, 'POST', '/tickets', { contactId: contact.json().id, queueId: queue.id, status: 'open' });
    expect(ticket.statusCode, ticket.body).toBe(201);
    expect(ticket.json().queue).toEqual({ id: queue.id, name: 'Atendimento', color: '#123abc' });
    const again = await call(companyA.token, 'POST', '/tickets', { contactId: contact.json().id, status: 'open' });
    expect(again.statusCode).toBe(409);
    expect(JSON.parse(again.json().message).queueName).toBe('Atendimento');
    expect(again.json().queueName).toBe('Atendimento');

    await call(companyA.token, 'PUT', `/queue/${queue.id}`, { name: 'Atendimento geral' });
    expect((await call(companyA.token, 'GET', `/tickets/${ticket.json().id}`)).json().queue.name).toBe('Atendimento geral');
  });
});
