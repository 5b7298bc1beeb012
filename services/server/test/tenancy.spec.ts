import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDatabase } from '@conversa/projections/database';
import { sql } from 'kysely';
import { execute } from '@conversa/api';
import { streams } from '@conversa/contracts';
import { invoice, systemActor } from '@conversa/core';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * The tenancy walk: company B's admin calls every registered route with company A's ids and
 * plausible bodies. Nothing of A may change and no answer may carry A's data. A new route without
 * an entry below fails this test, so the walk grows with the product.
 */
import { MARKER, bodiesFor, ownScope, pathFor, type Target } from './tenancy-routes';

let server: TestServer;
let target: Target;
let tokenB: string;

beforeAll(async () => {
  // Integrations here point at a closed local port (nothing listens): allowed, so the walk can bind them.
  server = await startTestServer({ env: { OUTBOUND_ALLOW_PRIVATE_URLS: 'true' } });
  const a = await signupCompany(server, MARKER, 11);
  const b = await signupCompany(server, 'Tenant B', 12);
  tokenB = (await server.login(b.email, b.password)).token;
  target = await recordsOfA(a.companyId, a.userId, (await server.login(a.email, a.password)).token);
});
afterAll(() => server?.close());

describe('tenancy walk', () => {
  it('never lets company B read or change company A', async () => {
    const aBefore = await snapshotOfA();
    const routes = server.app.routeTable.filter((r) => r.url !== '/*');
    expect(routes.length).toBeGreaterThan(20);
    const unmapped: string[] = [];
    // Collected rather than thrown at the first, so one run names every route that misbehaves.
    const leaks: string[] = [];

    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const path = pathFor(route.url, target);
      if (path === null) {
        unmapped.push(key);
        continue;
      }
      const bodies = bodiesFor(target);
      if (route.method !== 'GET' && route.method !== 'DELETE' && !(key in bodies)) {
        unmapped.push(key);
        continue;
      }
      if (key === 'DELETE /auth/logout') continue; // would end B's own session mid-walk
      const response = await server.app.inject({
        method: route.method as 'GET',
        url: path,
        headers: bearer(tokenB),
        payload: bodies[key] as object | undefined,
      });
      if (response.body.includes(MARKER)) leaks.push(`${key} showed company A's data: ${response.body.slice(0, 300)}`);
      if (ownScope.has(key)) continue;
      if (![400, 401, 403, 404, 409, 415].includes(response.statusCode)) leaks.push(`${key} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    }

    expect(leaks, leaks.join('\n')).toEqual([]);
    expect(unmapped, `routes the walk does not know yet: add them to tenancy.spec.ts: ${unmapped.join(', ')}`).toEqual([]);
    expect(await snapshotOfA()).toEqual(aBefore);
  });
});

/** Company A's records of every kind, each named with the marker where it has a name. */
async function recordsOfA(companyA: number, userA: number, token: string): Promise<Target> {
  const post = async (url: string, payload: object) => {
    const response = await server.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const contact = await post('/contacts', { name: MARKER, number: '5511988887777' });
  const ticket = await post('/tickets', { contactId: contact.id, status: 'open' });
  await post(`/messages/${ticket.id}`, { body: `${MARKER} message` });
  const messages = (await server.app.inject({ method: 'GET', url: `/messages/${ticket.id}`, headers: bearer(token) })).json();
  const tag = await post('/tags', { name: MARKER, color: '#123456', kanban: 0 });
  const note = await post('/ticket-notes', { note: `${MARKER} note`, ticketId: ticket.id, contactId: contact.id });
  const quickMessage = await post('/quick-messages', { shortcode: 'marker', message: `${MARKER} quick` });
  const schedule = await post('/schedules', { body: `${MARKER} schedule`, contactId: contact.id, sendAt: new Date(Date.now() + 86_400_000).toISOString() });
  const queue = await post('/queue', {
    name: MARKER,
    color: '#a1b2c3',
    greetingMessage: `${MARKER} greeting`,
    chatbots: [{ name: `${MARKER} option`, queueType: 'text', greetingMessage: `${MARKER} option text` }],
  });
  const options = (await server.app.inject({ method: 'GET', url: `/chatbot?queueId=${queue.id}`, headers: bearer(token) })).json();
  const connection = await post('/whatsapp', { name: MARKER, channel: 'sandbox' });
  // Its answer names A's admin, whose name carries the marker.
  const onDuty = await post('/plantao', { userId: userA, phone: '5511955554444', days: [{ weekdayEn: 'monday', startTime: '18:00', endTime: '08:00' }] });
  const webhook = await post('/webhooks', { url: 'https://93.184.216.34/hook', events: ['*'], description: MARKER });
  const integration = await post('/queueIntegration', { type: 'webhook', name: MARKER.slice(0, 50), urlN8N: 'http://127.0.0.1:1/marker' });
  const prompt = await post('/prompt', { name: MARKER, apiKey: 'sk-marker-000000', prompt: `${MARKER} prompt`, queueId: queue.id });
  const invoiceA = await server.wiring.ctx.ids.next('invoice');
  const terms = { detail: MARKER, users: 1, connections: 1, queues: 1, value: 10 };
  await execute(server.wiring.ctx, {
    decider: invoice,
    streamId: streams.invoice(companyA, '2030-01-01'),
    command: { type: 'GenerateInvoice', invoiceId: invoiceA, companyId: companyA, dueDate: '2030-01-01', terms },
    companyId: companyA,
    actor: systemActor,
  });
  const chat = await post('/chats', { title: MARKER, users: [userA] });
  await post(`/chats/${chat.id}/messages`, { message: `${MARKER} chat` });
  const media = await server.wiring.ctx.media.save({
    companyId: companyA,
    data: Buffer.from(`${MARKER} file`),
    declaredMime: 'text/plain',
    originalName: 'marker.txt',
  });
  const contactList = await post('/contact-lists', { name: MARKER.slice(0, 50) });
  const contactListItem = await post('/contact-list-items', { contactListId: contactList.id, name: MARKER, number: '5511988886666' });
  const fileList = await post('/files', { name: MARKER, message: `${MARKER} files` });
  const campaign = await post('/campaigns', { name: MARKER, message1: `${MARKER} campaign`, contactListId: contactList.id, whatsappId: String(connection.id) });
  return {
    companyA,
    userA,
    contactA: contact.id,
    contactNumberA: contact.number,
    ticketA: ticket.id,
    ticketUuidA: ticket.uuid,
    messageA: messages.messages[0].id,
    tagA: tag.id,
    noteA: note.id,
    quickMessageA: quickMessage.id,
    scheduleA: schedule.id,
    mediaFileA: media.url.split('/').pop()!,
    queueA: queue.id,
    chatbotA: options[0].id,
    connectionA: connection.id,
    onDutyA: onDuty.id,
    webhookA: webhook.id,
    integrationA: integration.id,
    promptA: prompt.id,
    contactListA: contactList.id,
    contactListItemA: contactListItem.id,
    campaignA: campaign.id,
    fileListA: fileList.id,
    invoiceA,
    chatA: chat.id,
    chatUuidA: chat.uuid,
  };
}

async function snapshotOfA() {
  const db = server.wiring.db;
  const events = await server.wiring.store.readAll({ maxCount: 100_000 });
  const ofA = events.filter((event) => event.metadata.companyId === target.companyA).map((event) => event.id);
  const rows = async (table: keyof ReadDatabase, column = 'company_id') =>
    db.selectFrom(table).selectAll().where(sql.ref(column), '=', target.companyA).execute();
  return {
    ofA,
    user: await rows('read.users'),
    company: await rows('read.companies', 'id'),
    settings: await rows('read.company_settings'),
    contacts: await rows('read.contacts'),
    tickets: await rows('read.tickets'),
    messages: await rows('read.messages'),
    tags: await rows('read.tags'),
    contactTags: await rows('read.contact_tags'),
    notes: await rows('read.ticket_notes'),
    quickMessages: await rows('read.quick_messages'),
    schedules: await rows('read.schedules'),
    queues: await rows('read.queues'),
    queueOptions: await rows('read.queue_options'),
    connections: await rows('read.connections'),
    onDuty: await rows('read.on_duty'),
    webhooks: await rows('read.webhooks'),
    queueIntegrations: await rows('read.queue_integrations'),
    prompts: await rows('read.prompts'),
    contactLists: await rows('read.contact_lists'),
    contactListItems: await rows('read.contact_list_items'),
    campaigns: await rows('read.campaigns'),
    fileLists: await rows('read.file_lists'),
    invoices: await rows('read.invoices'),
    chats: await rows('read.chats'),
    chatMessages: await rows('read.chat_messages'),
  };
}
