import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';
import { openSocket } from './socket-client';

/**
 * Internal chat over HTTP and the socket: chats among users of one company; only members read,
 * post and receive frames; only the owner edits and deletes.
 */
let server: TestServer;
let base: string;
let a: { token: string; companyId: number; userId: number };
let b: { token: string; companyId: number; userId: number };
let colleague: { token: string; userId: number };
let outsider: { token: string; userId: number };

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function ok(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await call(token, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json();
}

/** A multipart body with one file in `medias` and the text fields given. */
function multipartBody(file: { name: string; type: string; bytes: Buffer }, fields: Record<string, string>) {
  const boundary = `----chat${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// A 1x1 PNG: the media store sniffs the bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `ws://127.0.0.1:${address.port}/socket`;
  const companyA = await signupCompany(server, 'Chat A', 731);
  const companyB = await signupCompany(server, 'Chat B', 732);
  a = { token: (await server.login(companyA.email, companyA.password)).token, companyId: companyA.companyId, userId: companyA.userId };
  b = { token: (await server.login(companyB.email, companyB.password)).token, companyId: companyB.companyId, userId: companyB.userId };
  colleague = await createUser(server, a.companyId, 'Colega Chat');
  outsider = await createUser(server, a.companyId, 'Fora Chat');
});
afterAll(() => server?.close());

describe('chat validation', () => {
  it.each([
    [{ users: [1] }, 'title', 'Por favor, preencha o título da conversa.'],
    [{ title: '  ', users: [1] }, 'title', 'Por favor, preencha o título da conversa.'],
    [{ title: 'Equipe' }, 'users', 'Por favor, selecione pelo menos um usuário.'],
    [{ title: 'Equipe', users: [] }, 'users', 'Por favor, selecione pelo menos um usuário.'],
  ])('refuses %j', async (body, field, message) => {
    const response = await call(a.token, 'POST', '/chats', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual(expect.objectContaining({ path: [field], message }));
  });

  it('refuses a user of another company, and writes nothing', async () => {
    const response = await call(a.token, 'POST', '/chats', { title: 'Misturado', users: [colleague.userId, b.userId] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'ERR_NO_USER_FOUND' });
    const listed = await ok(a.token, 'GET', '/chats?searchParam=Misturado');
    expect(listed.records).toEqual([]);
  });

  it('refuses an empty message', async () => {
    const chat = await ok(a.token, 'POST', '/chats', { title: 'Vazio', users: [colleague.userId] });
    expect((await call(a.token, 'POST', `/chats/${chat.id}/messages`, { message: '   ' })).statusCode).toBe(400);
  });
});

describe('chats', () => {
  it('lets members talk, counts unread, marks read on opening, and keeps everyone else out', async () => {
    const chat = await ok(a.token, 'POST', '/chats', { title: 'Plantão', users: [{ id: colleague.userId }] });
    expect(chat).toMatchObject({ title: 'Plantão', ownerId: a.userId });
    expect(chat.users.map((u: { userId: number }) => u.userId).sort()).toEqual([a.userId, colleague.userId].sort());

    const sent = await ok(a.token, 'POST', `/chats/${chat.id}/messages`, { message: ' Bom dia ' });
    expect(sent).toMatchObject({ chatId: chat.id, senderId: a.userId, message: 'Bom dia', mediaPath: null });

    const theirs = await ok(colleague.token, 'GET', '/chats');
    const listed = theirs.records.find((row: { id: number }) => row.id === chat.id);
    expect(listed.lastMessage).toBe('Bom dia');
    expect(listed.users.find((u: { userId: number }) => u.userId === colleague.userId).unreads).toBe(1);
    expect(listed.users.find((u: { userId: number }) => u.userId === a.userId).unreads).toBe(0);

    const read = await ok(colleague.token, 'POST', `/chats/${chat.id}/read`, { userId: colleague.userId });
    expect(read.users.find((u: { userId: number }) => u.userId === colleague.userId).unreads).toBe(0);

    const page = await ok(colleague.token, 'GET', `/chats/${chat.id}/messages?pageNumber=1`);
    expect(page.records.map((m: { message: string }) => m.message)).toEqual(['Bom dia']);
    expect(page.pageInfo.hasMore).toBe(false);

    // By the uuid the screen's address carries.
    expect(await ok(colleague.token, 'GET', `/chats/uuid/${chat.uuid}`)).toMatchObject({ id: chat.id, title: 'Plantão' });
    expect((await call(colleague.token, 'GET', '/chats/uuid/not-a-uuid')).statusCode).toBe(400);

    // Not a member (same company or another): the chat does not exist for them.
    for (const token of [outsider.token, b.token]) {
      expect((await call(token, 'GET', `/chats/uuid/${chat.uuid}`)).statusCode).toBe(404);
      expect((await call(token, 'GET', `/chats/${chat.id}/messages`)).statusCode).toBe(404);
      expect((await call(token, 'POST', `/chats/${chat.id}/messages`, { message: 'intruso' })).statusCode).toBe(404);
      expect((await call(token, 'POST', `/chats/${chat.id}/read`, {})).statusCode).toBe(404);
      expect((await call(token, 'PUT', `/chats/${chat.id}`, { title: 'Meu' })).statusCode).toBe(404);
      expect((await call(token, 'DELETE', `/chats/${chat.id}`)).statusCode).toBe(404);
      expect((await ok(token, 'GET', '/chats')).records.some((row: { id: number }) => row.id === chat.id)).toBe(false);
    }
  });

  it('lets only the owner edit and delete', async () => {
    const chat = await ok(a.token, 'POST', '/chats', { title: 'Dono', users: [colleague.userId] });
    const denied = await call(colleague.token, 'PUT', `/chats/${chat.id}`, { title: 'Tomado' });
    expect(denied.statusCode).toBe(403);
    expect((await call(colleague.token, 'DELETE', `/chats/${chat.id}`)).statusCode).toBe(403);
    const renamed = await ok(a.token, 'PUT', `/chats/${chat.id}`, { title: 'Dono 2', users: [colleague.userId, outsider.userId] });
    expect(renamed.title).toBe('Dono 2');
    expect(renamed.users).toHaveLength(3);
    expect((await call(a.token, 'PUT', `/chats/${chat.id}`, { users: [b.userId] })).statusCode).toBe(404);
    await ok(a.token, 'DELETE', `/chats/${chat.id}`);
    expect((await call(colleague.token, 'GET', `/chats/${chat.id}/messages`)).statusCode).toBe(404);
  });

  it('serves a chat file to its members only, admins of the company included', async () => {
    const chat = await ok(colleague.token, 'POST', '/chats', { title: 'Arquivos', users: [outsider.userId] });
    const upload = multipartBody({ name: 'pixel.png', type: 'image/png', bytes: PNG }, { body: '', typeArch: 'chat', fromMe: 'true' });
    const response = await server.app.inject({
      method: 'POST',
      url: `/chats/${chat.id}/messages`,
      headers: { ...bearer(colleague.token), ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const message = response.json();
    expect(message).toMatchObject({ mediaType: 'image', mediaName: 'pixel.png' });
    expect((await call(outsider.token, 'GET', message.mediaPath)).statusCode).toBe(200);
    // The company's admin is not a member: the file is not there for them.
    expect((await call(a.token, 'GET', message.mediaPath)).statusCode).toBe(404);
    expect((await call(b.token, 'GET', message.mediaPath)).statusCode).toBe(404);
  });
});

describe('chat frames', () => {
  it("reach only the chat's members", async () => {
    const member = await openSocket(base, colleague.token);
    const owner = await openSocket(base, a.token);
    const sameCompany = await openSocket(base, outsider.token);
    const otherCompany = await openSocket(base, b.token);
    try {
      const chat = await ok(a.token, 'POST', '/chats', { title: 'Só nós', users: [colleague.userId] });
      await member.next(
        (f) => f.event === `company-${a.companyId}-chat-user-${colleague.userId}` && f.data.action === 'create' && f.data.record.id === chat.id,
      );
      await ok(a.token, 'POST', `/chats/${chat.id}/messages`, { message: 'segredo-chat-7f3' });
      const frame = await member.next((f) => f.event === `company-${a.companyId}-chat-${chat.id}` && f.data.action === 'new-message');
      expect(frame.data.newMessage.message).toBe('segredo-chat-7f3');
      await owner.next((f) => f.event === `company-${a.companyId}-chat-${chat.id}` && f.data.action === 'new-message');
      await member.next(
        (f) => f.event === `company-${a.companyId}-chat-user-${colleague.userId}` && f.data.record.users.some((u: { unreads: number }) => u.unreads === 1),
      );
      await ok(a.token, 'DELETE', `/chats/${chat.id}`);
      await member.next((f) => f.event === `company-${a.companyId}-chat` && f.data.action === 'delete' && f.data.id === chat.id);
      // The owner's socket saw the delete too, so every frame had been relayed: none reached the others.
      await owner.next((f) => f.event === `company-${a.companyId}-chat` && f.data.action === 'delete' && f.data.id === chat.id);
      for (const socket of [sameCompany, otherCompany]) {
        expect(socket.frames.filter((f) => f.event.includes('-chat')).map((f) => f.event)).toEqual([]);
        expect(JSON.stringify(socket.frames)).not.toContain('segredo-chat-7f3');
      }
    } finally {
      for (const socket of [member, owner, sameCompany, otherCompany]) socket.socket.close();
    }
  });
});
