import type { BusMessage } from '@conversa/bus';
import { createSessionHooks, RecordingChannelGateway } from '@conversa/channels';
import { messageStream } from '@conversa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * lgpdDeleteMessage end to end: a sandbox contact writes, then deletes the message on the channel
 * (the session hooks every channel driver reports deletions through). With the setting off the
 * attendants still read the text under the deletion mark; with it on only the mark is left.
 */
let server: TestServer;
let company: { token: string; companyId: number };
let other: { token: string; companyId: number };
let line: { id: number; token: string };

beforeAll(async () => {
  server = await startTestServer({ channels: new RecordingChannelGateway() });
  const a = await signupCompany(server, 'Apaga Co', 971);
  const b = await signupCompany(server, 'Outra Apaga Co', 972);
  company = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId };
  other = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId };
  const created = await call(company.token, 'PUT', '/companySettings', { column: 'lgpdDeleteMessage', data: 'disabled' }).then(() =>
    call(company.token, 'POST', '/whatsapp', { name: 'Sandbox LGPD', channel: 'sandbox', greetingMessage: '' }),
  );
  line = { id: created.id, token: created.token };
});
afterAll(() => server?.close());

async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

/** The contact writes `body` under the provider id `providerId`. */
async function contactWrites(providerId: string, body: string): Promise<{ id: string; ticketId: number }> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/sandbox/${line.id}/messages`,
    headers: bearer(line.token),
    payload: { id: providerId, from: '5511955550000', name: 'Célia', body },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json();
}

/** The contact deletes it on the channel; waits until the read models have it. */
async function contactDeletes(providerId: string) {
  const hooks = createSessionHooks(server.wiring.ctx, { id: line.id, companyId: company.companyId, channel: 'sandbox' });
  expect(await hooks.messageDeleted({ providerId })).toBe(true);
  const head = await server.wiring.store.headPosition();
  await server.wiring.runtime.waitForPosition(head!, { signal: AbortSignal.timeout(10_000) });
}

const shown = async (ticketId: number, id: string) =>
  (await call(company.token, 'GET', `/messages/${ticketId}`)).messages.find((message: { id: string }) => message.id === id);

async function messageFrames() {
  const frames: any[] = [];
  const subscription = await server.wiring.bus.subscribe(`company.${company.companyId}.appMessage`, (message: BusMessage) => {
    frames.push(message.data);
  });
  return { frames, stop: () => subscription.unsubscribe() };
}

describe('lgpdDeleteMessage: what is left of a message the contact deleted', () => {
  it('disabled: the text stays, with the mark, for the attendants', async () => {
    const written = await contactWrites('lgpd-kept', 'Meu endereço é Rua A, 10');
    await contactDeletes('lgpd-kept');
    expect(await shown(written.ticketId, written.id)).toMatchObject({
      isDeleted: true,
      deletedBy: 'contact',
      contentErased: false,
      body: 'Meu endereço é Rua A, 10',
    });
    // The search still finds it: the text is kept on purpose.
    const found = await call(company.token, 'GET', `/tickets?searchParam=${encodeURIComponent('Rua A')}&showAll=true`);
    expect(found.tickets.map((row: { id: number }) => row.id)).toContain(written.ticketId);
  });

  it('enabled: only the mark is left in the read model and in the live frame; the event records the decision and the store keeps the original', async () => {
    await call(company.token, 'PUT', '/companySettings', { column: 'lgpdDeleteMessage', data: 'enabled' });
    const written = await contactWrites('lgpd-erased', 'Meu CPF é 123.456.789-00');
    const { frames, stop } = await messageFrames();
    await contactDeletes('lgpd-erased');
    const deletion = () => frames.find((data) => data.message.id === written.id && data.action === 'delete');
    await expect.poll(deletion).toBeDefined();
    await stop();

    expect(await shown(written.ticketId, written.id)).toMatchObject({
      isDeleted: true,
      deletedBy: 'contact',
      contentErased: true,
      body: '',
      mediaUrl: null,
      location: null,
    });
    expect(deletion()).toMatchObject({ message: { isDeleted: true, contentErased: true, body: '' } });
    expect(JSON.stringify(deletion())).not.toContain('123.456.789-00');
    const found = await call(company.token, 'GET', `/tickets?searchParam=${encodeURIComponent('123.456')}&showAll=true`);
    expect(found.tickets.map((row: { id: number }) => row.id)).not.toContain(written.ticketId);

    // The decision travels with the deletion: turning the setting off later changes nothing, a rebuild erases it again.
    await call(company.token, 'PUT', '/companySettings', { column: 'lgpdDeleteMessage', data: 'disabled' });
    const stream = await server.wiring.store.readStream(messageStream(written.id));
    expect(stream.map((event) => event.type)).toEqual(['MessageReceived', 'MessageDeleted']);
    expect(stream[1]!.data).toEqual({ messageId: written.id, by: 'contact', contentErased: true });
    // The audit trail is the event store: the original text is still there.
    expect((stream[0]!.data as { body: string }).body).toBe('Meu CPF é 123.456.789-00');
    expect(await shown(written.ticketId, written.id)).toMatchObject({ contentErased: true, body: '' });
  });

  it('an attendant’s deletion of their own message is not erased, whatever the setting', async () => {
    await call(company.token, 'PUT', '/companySettings', { column: 'lgpdDeleteMessage', data: 'enabled' });
    const written = await contactWrites('lgpd-attendant', 'Olá');
    await call(company.token, 'PUT', `/tickets/${written.ticketId}`, { status: 'open' });
    const sent = (await call(company.token, 'POST', `/messages/${written.ticketId}`, { body: 'Pode me passar o pedido?' })).messages[0];
    const response = await server.app.inject({ method: 'DELETE', url: `/messages/${sent.id}`, headers: bearer(company.token) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const head = await server.wiring.store.headPosition();
    await server.wiring.runtime.waitForPosition(head!, { signal: AbortSignal.timeout(10_000) });
    expect(await shown(written.ticketId, sent.id)).toMatchObject({
      isDeleted: true,
      deletedBy: 'user',
      contentErased: false,
      body: 'Pode me passar o pedido?',
    });
  });

  it('another company reads none of it', async () => {
    const written = await contactWrites('lgpd-tenancy', 'Só da empresa A');
    const response = await server.app.inject({ method: 'GET', url: `/messages/${written.ticketId}`, headers: bearer(other.token) });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Só da empresa A');
  });
});
