import { createSessionHooks, RecordingChannelGateway, type SessionHooks } from '@conversa/channels';
import { retentionStream } from '@conversa/contracts';
import { expireMessageContents } from '@conversa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, settle, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * Retention end to end: the setting (bounded, an ERR_ code), the leased daily run (once a day per
 * company, only companies with the setting, resumed after a crash), the blanked contents and the
 * deleted files of the contacts' old messages, and the last run the settings screen reads.
 */
let server: TestServer;
const companies: Array<{ token: string; companyId: number }> = [];
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer({ channels: new RecordingChannelGateway() });
  for (const [name, seed] of [
    ['Retencao A', 981],
    ['Retencao B', 982],
    ['Retencao C', 983],
  ] as const) {
    const signed = await signupCompany(server, name, seed);
    companies.push({ token: (await server.login(signed.email, signed.password)).token, companyId: signed.companyId });
  }
});
afterAll(() => server?.close());

const inject = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
async function call(token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  const response = await inject(token, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}
const runs = async (companyId: number) => (await server.wiring.store.readStream(retentionStream(companyId))).length;

async function sandboxHooks(company: { token: string; companyId: number }): Promise<SessionHooks> {
  const line = await call(company.token, 'POST', '/whatsapp', { name: `Sandbox ${company.companyId}`, channel: 'sandbox', greetingMessage: '' });
  return createSessionHooks(server.wiring.ctx, { id: line.id, companyId: company.companyId, channel: 'sandbox' });
}

describe('the retention setting', () => {
  it('takes whole days from 1 to 36500, or empty for off; anything else is ERR_RETENTION_DAYS_INVALID', async () => {
    const [a] = companies;
    for (const value of ['0', '36501', 'abc', '-3', '1.5', ' 30']) {
      const answer = await inject(a!.token, 'PUT', '/settings/messageRetentionDays', { value });
      expect(answer.statusCode, value).toBe(400);
      expect(answer.json().error).toBe('ERR_RETENTION_DAYS_INVALID');
    }
    expect((await call(a!.token, 'GET', '/settings/retention')).days).toBeNull();
    await call(a!.token, 'PUT', '/settings/messageRetentionDays', { value: '36500' });
    await call(a!.token, 'PUT', '/settings/messageRetentionDays', { value: '' });
    expect((await call(a!.token, 'GET', '/settings/retention')).days).toBeNull();
  });
});

describe('the daily retention run', () => {
  it('erases the old contents and files of companies with the setting, once a day, and resumes a run cut short', async () => {
    const [a, b, c] = companies as [(typeof companies)[0], (typeof companies)[0], (typeof companies)[0]];
    const hooks = await sandboxHooks(a);
    const photo = await hooks.saveMedia({ data: Buffer.from('%PDF-1.4 retention test'), mime: 'application/pdf', name: 'contrato.pdf' });
    const old = new Date(Date.now() - 40 * DAY).toISOString();
    const contact = { number: '5511955551234', name: 'Rita', isGroup: false };
    const first = await hooks.receiveMessage({ contact, providerId: 'old-1', body: 'meu CPF é 123', mediaType: 'chat', receivedAt: old });
    const file = await hooks.receiveMessage({
      contact,
      providerId: 'old-2',
      body: 'segue o contrato',
      mediaType: 'application',
      media: photo,
      receivedAt: old,
    });
    const recent = await hooks.receiveMessage({ contact, providerId: 'new-1', body: 'obrigada', mediaType: 'chat', receivedAt: new Date().toISOString() });
    // A conversation with no activity since 40 days (recorded then: the clock set back while it is written).
    const clock = server.wiring.ctx.now;
    server.wiring.ctx.now = () => new Date(Date.now() - 40 * DAY);
    const quiet = await hooks
      .receiveMessage({
        contact: { number: '5511955554321', name: 'Sem conversa nova', isGroup: false },
        providerId: 'old-3',
        body: 'meu endereço antigo',
        mediaType: 'chat',
        receivedAt: old,
      })
      .finally(() => {
        server.wiring.ctx.now = clock;
      });
    const other = await sandboxHooks(b);
    const kept = await other.receiveMessage({ contact, providerId: 'b-old', body: 'sem retenção', mediaType: 'chat', receivedAt: old });
    await settle(server);
    expect(await server.wiring.ctx.media.open(a.companyId, photo.url)).toBeDefined();

    await call(a.token, 'PUT', '/settings/messageRetentionDays', { value: '30' });
    await call(c.token, 'PUT', '/settings/messageRetentionDays', { value: '365' });
    // A pass killed after company A's run was appended: the restarted worker's pass runs C, not A again.
    expect(await expireMessageContents(server.wiring.ctx, { companyId: a.companyId, days: 30 })).toBe(true);
    await settle(server);

    // The leased worker's first pass comes as soon as it holds the lease (then daily on its cron).
    const passed = server.wiring.retention.scheduler.afterNextPass();
    server.wiring.retention.scheduler.start();
    await passed;
    await server.wiring.retention.scheduler.stop();
    const report = server.wiring.retention.scheduler.progress().report as { expired: number[]; alreadyRun: number[] };
    expect(report.alreadyRun).toContain(a.companyId);
    expect(report.expired).toContain(c.companyId);
    expect(report.expired).not.toContain(b.companyId);
    expect(report.alreadyRun).not.toContain(b.companyId);
    // And again the same day (a restart): nothing more is appended.
    expect((await server.wiring.retention.runner.tick()).expired).not.toContain(a.companyId);
    expect([await runs(a.companyId), await runs(b.companyId), await runs(c.companyId)]).toEqual([1, 0, 1]);
    await settle(server);

    const messages = (await call(a.token, 'GET', `/messages/${first.ticketId}`)).messages as Array<{
      id: string;
      body: string;
      mediaUrl: string | null;
      contentExpired: boolean;
      createdAt: string;
    }>;
    const byId = new Map(messages.map((message) => [message.id, message]));
    expect(byId.get(first.messageId)).toMatchObject({ body: '', mediaUrl: null, contentExpired: true, createdAt: old });
    expect(byId.get(file.messageId)).toMatchObject({ body: '', mediaUrl: null, contentExpired: true });
    expect(byId.get(recent.messageId)).toMatchObject({ body: 'obrigada', contentExpired: false });
    const bMessages = (await call(b.token, 'GET', `/messages/${kept.ticketId}`)).messages as Array<{ id: string; body: string }>;
    expect(bMessages.find((message) => message.id === kept.messageId)?.body).toBe('sem retenção');
    // The file went with the run (the reactor); the ticket stays.
    expect(await server.wiring.ctx.media.open(a.companyId, photo.url)).toBeUndefined();
    expect((await inject(a.token, 'GET', `/tickets/${first.ticketId}`)).statusCode).toBe(200);
    // The list's preview of a last message older than the cut goes too; a newer one stays.
    expect((await call(a.token, 'GET', `/tickets/${quiet.ticketId}`)).lastMessage).toBe('');
    expect((await call(a.token, 'GET', `/tickets/${first.ticketId}`)).lastMessage).toBe('obrigada');

    const status = await call(a.token, 'GET', '/settings/retention');
    expect(status).toMatchObject({ days: 30, lastRun: { days: 30 } });
    expect(Date.parse(status.lastRun.at)).toBeGreaterThan(Date.now() - DAY);
    expect((await call(b.token, 'GET', '/settings/retention')).lastRun).toBeNull();
  });
});
