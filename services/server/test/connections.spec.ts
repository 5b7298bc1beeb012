import { CONNECTION_TOKEN_PATTERN } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { samples } from '../../media/test/samples';
import { bearer, createUser } from './harness';
import { a, b, call, connections, create, framesOf, server } from './connections-fixture';

describe('connections CRUD (spec 2 §3, §7)', () => {
  let first: Record<string, any>;

  it('creates a WhatsApp connection with the spec defaults, a token and the company default flag', async () => {
    const { next, stop } = await framesOf(a.companyId);
    const response = await create(a.token, { name: 'Vendas' });
    expect(response.statusCode, response.body).toBe(201);
    first = response.json();
    expect(first).toMatchObject({
      name: 'Vendas',
      channel: 'whatsapp',
      status: 'OPENING',
      isDefault: true,
      maxUseBotQueues: 3,
      maxUseBotQueuesNPS: 3,
      provider: 'beta',
      groupAsTicket: 'disabled',
      timeSendQueue: 0,
      importOldMessages: null,
      statusImportMessages: null,
      queueIds: [],
      companyId: a.companyId,
    });
    expect(first.token).toMatch(CONNECTION_TOKEN_PATTERN);
    expect(first.schedules).toHaveLength(7);
    expect(first.schedules[0]).toEqual({
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    });
    const created = await next((frame) => frame.subject.endsWith('.whatsapp') && (frame.data as any).action === 'create');
    await stop();
    expect(created?.data).toMatchObject({ action: 'create', whatsapp: { id: first.id, name: 'Vendas' } });
    // Frames reach every socket of the company: never the token.
    expect((created!.data as any).whatsapp.token).toBeUndefined();
  });

  it('lists and reads the company connections; session=0 leaves the QR code out', async () => {
    const list = await connections(a.token);
    expect(list.map((c) => c.id)).toEqual([first.id]);
    const one = await call(a.token, 'GET', `/whatsapp/${first.id}?session=0`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: first.id, qrcode: '', token: first.token });
  });

  it('refuses bad fields with 400 and stores nothing', async () => {
    const tooShort = await create(a.token, { name: 'V' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    expect(tooShort.json().message).toContain('Too Short!');
    const future = new Date(Date.now() + 86_400_000 * 3).toISOString().slice(0, 10);
    const badImport = await create(a.token, { name: 'Importa', importOldMessages: future });
    expect(badImport.statusCode).toBe(400);
    expect(badImport.json().message).toContain('futuro');
    const old = await create(a.token, { name: 'Antiga', importOldMessages: '2020-01-01' });
    expect(old.statusCode).toBe(400);
    const unknownQueue = await create(a.token, { name: 'Fila', queueIds: [999_999] });
    expect(unknownQueue.statusCode).toBe(400);
    const unknownField = await create(a.token, { name: 'Campo', session: 'x' });
    expect(unknownField.statusCode).toBe(400);
    const badTime = await create(a.token, {
      name: 'Hora',
      schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '8h', endTimeA: '', startTimeB: '', endTimeB: '' }],
    });
    expect(badTime.statusCode).toBe(400);
    const badSendQueue = await create(a.token, { name: 'Tempo', timeSendQueue: 7 });
    expect(badSendQueue.statusCode).toBe(400);
    // A refused import date gave its roster place back: the plan's second place is still free.
    expect((await connections(a.token)).map((c) => c.id)).toEqual([first.id]);
  });

  it('keeps the plan: channel flags and the connection limit, also under concurrent creations; sandboxes are on every plan', async () => {
    const facebook = await create(a.token, { name: 'Página', channel: 'facebook' });
    expect(facebook.statusCode).toBe(403);
    expect(facebook.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
    const attempts = await Promise.all(Array.from({ length: 6 }, (_, index) => create(a.token, { name: `Corrida ${index}` })));
    const statuses = attempts.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(attempts.filter((response) => response.statusCode === 403).every((response) => response.json().error === 'ERR_PLAN_CONNECTION_LIMIT')).toBe(true);
    const sandbox = await create(a.token, { name: 'Teste', channel: 'sandbox' });
    expect(sandbox.statusCode, sandbox.body).toBe(201);
    expect(sandbox.json()).toMatchObject({ channel: 'sandbox', status: 'CONNECTED', isDefault: false });
    expect((await connections(a.token)).filter((c) => c.channel !== 'sandbox')).toHaveLength(2);
  });

  it('updates every field, the default and the token; refuses leaving the company without a default', async () => {
    const other = (await connections(a.token)).find((c) => c.id !== first.id && c.channel === 'whatsapp')!;
    const queue = await call(a.token, 'POST', '/queue', { name: 'Suporte', color: '#00FF00', greetingMessage: 'Oi' });
    expect(queue.statusCode, queue.body).toBe(201);
    const changes = {
      name: 'Vendas SP',
      greetingMessage: 'Olá! Bem-vindo.',
      complationMessage: 'Até logo',
      outOfHoursMessage: 'Fora do horário',
      ratingMessage: 'Avalie de 1 a 5',
      maxUseBotQueues: 5,
      maxUseBotQueuesNPS: 2,
      provider: 'stable',
      expiresTicket: 120,
      expiresTicketNPS: 30,
      whenExpiresTicket: '1',
      expiresInactiveMessage: 'Encerrado por inatividade',
      allowGroup: true,
      groupAsTicket: 'enabled',
      timeUseBotQueues: 10,
      timeSendQueue: 15,
      sendIdQueue: queue.json().id,
      timeCreateNewTicket: 3600,
      timeInactiveMessage: 20,
      inactiveMessage: 'Ainda está aí?',
      importOldMessagesGroups: true,
      closedTicketsPostImported: true,
      wavoip: 'call-token',
      queueIds: [queue.json().id],
      schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '09:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' }],
      token: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123',
    };
    const updated = await call(a.token, 'PUT', `/whatsapp/${first.id}`, changes);
    expect(updated.statusCode, updated.body).toBe(200);
    // The call token is a credential: answered masked (secrets-at-rest.spec follows it further).
    expect(updated.json()).toMatchObject({ ...changes, wavoip: '********' });

    const unset = await call(a.token, 'PUT', `/whatsapp/${first.id}`, { isDefault: false });
    expect(unset.statusCode).toBe(400);
    expect(unset.json().error).toBe('ERR_NO_OTHER_WHATSAPP');
    const switched = await call(a.token, 'PUT', `/whatsapp/${other.id}`, { isDefault: true });
    expect(switched.json().isDefault).toBe(true);
    const list = await connections(a.token);
    expect(list.filter((c) => c.isDefault).map((c) => c.id)).toEqual([other.id]);

    const badToken = await call(a.token, 'PUT', `/whatsapp/${first.id}`, { token: 'short' });
    expect(badToken.statusCode).toBe(400);
    const greeting = await call(a.token, 'PUT', `/whatsapp/${first.id}`, { queueIds: [queue.json().id, 999_999] });
    expect(greeting.statusCode).toBe(400);
  });

  it('uploads and removes the greeting media through the media store', async () => {
    const boundary = '----conversaTest';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="saudacao.png"\r\nContent-Type: image/png\r\n\r\n`),
      samples.png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await server.app.inject({
      method: 'POST',
      url: `/whatsapp/${first.id}/media-upload`,
      headers: { ...bearer(a.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = uploaded.json().greetingMediaAttachment as string;
    expect(url).toMatch(new RegExp(`^/media/${a.companyId}/`));
    expect(await server.wiring.ctx.media.describe(a.companyId, url)).toMatchObject({ mime: 'image/png' });
    const refused = await server.app.inject({
      method: 'POST',
      url: `/whatsapp/${first.id}/media-upload`,
      headers: { ...bearer(a.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.exe"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        samples.elf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(refused.statusCode).toBe(415);
    expect((await call(a.token, 'GET', `/whatsapp/${first.id}`)).json().greetingMediaAttachment).toBe(url);
    const removed = await call(a.token, 'DELETE', `/whatsapp/${first.id}/media-upload`);
    expect(removed.json().greetingMediaAttachment).toBeNull();
    expect(await server.wiring.ctx.media.describe(a.companyId, url)).toBeUndefined();
  });

  it('answers plain users without the token and refuses them changes', async () => {
    const plain = await createUser(server, a.companyId, 'Atendente Conexões');
    const list = await connections(plain.token);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.token === undefined)).toBe(true);
    expect((await create(plain.token, { name: 'Minha' })).statusCode).toBe(403);
    expect((await call(plain.token, 'PUT', `/whatsapp/${first.id}`, { name: 'Nome novo' })).statusCode).toBe(403);
    expect((await call(plain.token, 'POST', `/whatsappsession/${first.id}`)).statusCode).toBe(403);
    const manager = await createUser(server, a.companyId, 'Gerente Conexões', { allowConnections: true });
    expect((await call(manager.token, 'POST', `/whatsappsession/${first.id}`)).statusCode).toBe(200);
  });

  it('keeps companies apart: B neither sees nor touches A’s connections', async () => {
    const aList = await connections(a.token);
    expect(await connections(b.token)).toEqual([]);
    for (const target of aList) {
      for (const [method, url, payload] of [
        ['GET', `/whatsapp/${target.id}`],
        ['PUT', `/whatsapp/${target.id}`, { name: 'Roubada' }],
        ['DELETE', `/whatsapp/${target.id}`],
        ['POST', `/whatsapp/${target.id}/media-upload`],
        ['DELETE', `/whatsapp/${target.id}/media-upload`],
        ['POST', `/whatsappsession/${target.id}`],
        ['PUT', `/whatsappsession/${target.id}`],
        ['DELETE', `/whatsappsession/${target.id}`],
        ['POST', `/closedimported/${target.id}`],
      ] as const) {
        const response = await call(b.token, method, url, payload);
        expect([404, 400], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
        if (method !== 'POST' || !url.includes('media-upload')) expect(response.json().error).toBe('ERR_NO_WAPP_FOUND');
      }
    }
    expect((await call(b.token, 'GET', `/whatsapp?companyId=${a.companyId}`)).statusCode).toBe(403);
    expect(await connections(a.token)).toEqual(aList);
  });

  it('deletes a connection and hands the default over', async () => {
    const list = await connections(a.token);
    const current = list.find((c) => c.isDefault)!;
    const { next, stop } = await framesOf(a.companyId);
    const deleted = await call(a.token, 'DELETE', `/whatsapp/${current.id}`);
    expect(deleted.statusCode).toBe(200);
    await next((frame) => frame.subject.endsWith('.whatsapp') && (frame.data as any).action === 'delete' && (frame.data as any).whatsappId === current.id);
    await stop();
    const after = await connections(a.token);
    expect(after.map((c) => c.id)).not.toContain(current.id);
    expect(after.filter((c) => c.isDefault).map((c) => c.channel)).toEqual(['whatsapp']);
    expect((await call(a.token, 'GET', `/whatsapp/${current.id}`)).statusCode).toBe(404);
    // The freed place takes a new connection again.
    expect((await create(a.token, { name: 'Nova' })).statusCode).toBe(201);
  });
});
