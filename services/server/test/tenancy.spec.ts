import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDatabase } from '@conversa/projections/database';
import { sql } from 'kysely';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * The tenancy walk: company B's admin calls every registered route with company A's ids and
 * plausible bodies. Nothing of A may change and no answer may carry A's data. A new route without
 * an entry below fails this test, so the walk grows with the product.
 */
const MARKER = 'Tenant-A-Marker-7c1f';

interface Target {
  companyA: number;
  userA: number;
  contactA: number;
  contactNumberA: string;
  ticketA: number;
  ticketUuidA: string;
  messageA: string;
  tagA: number;
  noteA: number;
  quickMessageA: number;
  scheduleA: number;
  mediaFileA: string;
  queueA: number;
  chatbotA: number;
  connectionA: number;
  chatA: number;
}

/** Path parameters resolved to company A's records. */
function pathFor(url: string, target: Target): string | null {
  const path = url
    .replace(/^\/users\/:id/, `/users/${target.userA}`)
    .replace(/^\/queue\/:id/, `/queue/${target.queueA}`)
    .replace(/^\/chatbot\/:id/, `/chatbot/${target.chatbotA}`)
    .replace(/^\/(whatsapp|whatsappsession|closedimported)\/:id/, `/$1/${target.connectionA}`)
    .replace(/^\/sandbox\/:id\/outbox/, `/sandbox/${target.connectionA}/outbox?to=5511988887777`)
    .replace(/^\/sandbox\/:id/, `/sandbox/${target.connectionA}`)
    .replace(/^\/contacts\/profile\/:number/, `/contacts/profile/${target.contactNumberA}`)
    .replace(/^\/contacts\/(block|toggleAcceptAudio|toggleDisableBot)\/:id/, `/contacts/$1/${target.contactA}`)
    // An import's progress is kept per company in memory; contacts-spreadsheet.spec.ts reads A's from B.
    .replace(/^\/contacts\/import\/:importId/, '/contacts/import/00000000-0000-4000-8000-000000000000')
    .replace(/^\/contacts\/:id/, `/contacts/${target.contactA}`)
    .replace(/^\/contactTags\/:contactId/, `/contactTags/${target.contactA}`)
    .replace(/^\/messages\/(getmedia|listimages)\/:ticketId/, `/messages/$1/${target.ticketA}`)
    .replace(/^\/messages\/edit\/:messageId/, `/messages/edit/${target.messageA}`)
    .replace(/^\/messages\/:ticketId/, `/messages/${target.ticketA}`)
    .replace(/^\/messages\/:id/, `/messages/${target.messageA}`)
    .replace(/^\/media\/:companyId\/:file/, `/media/${target.companyA}/${target.mediaFileA}`)
    .replace(/^\/quick-messages\/:id/, `/quick-messages/${target.quickMessageA}`)
    .replace(/^\/schedules\/:id/, `/schedules/${target.scheduleA}`)
    .replace(/^\/tags\/:id/, `/tags/${target.tagA}`)
    .replace(/^\/ticket-tags\/:ticketId\/:tagId/, `/ticket-tags/${target.ticketA}/${target.tagA}`)
    .replace(/^\/ticket-tags\/:ticketId/, `/ticket-tags/${target.ticketA}`)
    .replace(/^\/ticket-notes\/:id/, `/ticket-notes/${target.noteA}`)
    .replace(/^\/ticket-notes\/list$/, `/ticket-notes/list?ticketId=${target.ticketA}&contactId=${target.contactA}`)
    .replace(/^\/tickets\/u\/:uuid/, `/tickets/u/${target.ticketUuidA}`)
    .replace(/^\/tickets-log\/:id/, `/tickets-log/${target.ticketA}`)
    .replace(/^\/tickets\/:id/, `/tickets/${target.ticketA}`)
    .replace(/^\/companies\/listPlan\/:id/, `/companies/listPlan/${target.companyA}`)
    .replace(/^\/companies\/:id/, `/companies/${target.companyA}`)
    .replace(/^\/companySettings\/:companyId/, `/companySettings/${target.companyA}`)
    .replace(/^\/plans\/:id/, '/plans/1')
    .replace(/^\/helps\/:id/, '/helps/1')
    .replace(/^\/chats\/:id/, `/chats/${target.chatA}`)
    .replace(/^\/announcements\/:id/, '/announcements/1')
    .replace(/^\/api\/verificar-code\/:number/, '/api/verificar-code/5511900000001?code=123456&resetId=00000000-0000-4000-8000-000000000000')
    .replace(/^\/settings\/:key/, '/settings/userRating');
  return path.includes(':') || path.includes('*') ? null : path;
}

/** A valid body per route, so a refusal proves tenancy and not mere validation. */
const bodiesFor = (target: Target): Record<string, unknown> => ({
  'POST /contacts': { name: 'Own Contact', number: '5511977776666' },
  'POST /contactsImport': { name: 'Own Imported', number: '5511977775555' },
  // A spreadsheet goes as multipart: a JSON body is refused before any company is read.
  'POST /contacts/upload': {},
  'PUT /contacts/:id': { name: 'Hijacked' },
  'PUT /contacts/block/:id': { active: false },
  'PUT /contacts/toggleAcceptAudio/:id': {},
  'PUT /contacts/toggleDisableBot/:id': {},
  'POST /tags': { name: 'Own tag', color: '#000000', kanban: 0 },
  'PUT /tags/:id': { name: 'Hijacked' },
  'PUT /ticket-tags/:ticketId/:tagId': {},
  'POST /tags/sync': { contactId: target.contactA, tags: [] },
  'POST /tickets': { contactId: target.contactA, status: 'open' },
  'PUT /tickets/:id': { status: 'closed' },
  'POST /tickets/closeAll': { status: 'open' },
  'POST /messages/:ticketId': { body: 'hijack' },
  'POST /messages/edit/:messageId': { body: 'hijack' },
  'POST /message/forward': { messageId: target.messageA, contactId: target.contactA, signMessage: false },
  'POST /react/messages': { text: '👍', id: target.messageA, ticketId: target.ticketA },
  'POST /ticket-notes': { note: 'hijack', ticketId: target.ticketA, contactId: target.contactA },
  'POST /quick-messages': { shortcode: 'own', message: 'own quick message' },
  'PUT /quick-messages/:id': { message: 'hijack' },
  'POST /quick-messages/:id/media-upload': { typeArch: 'quickMessage' },
  'POST /schedules': { body: 'hijack message', contactId: target.contactA, sendAt: new Date(Date.now() + 3_600_000).toISOString() },
  'PUT /schedules/:id': { body: 'hijack message' },
  'PUT /queue/:id': { name: 'Hijacked' },
  'POST /chatbot': { queueId: target.queueA, name: 'Hijack option', queueType: 'text', greetingMessage: 'hijack' },
  'PUT /chatbot/:id': { name: 'Hijacked' },
  'POST /chats': { title: 'Own chat', users: [target.userA] },
  'PUT /chats/:id': { title: 'Hijacked' },
  'POST /chats/:id/read': {},
  'POST /chats/:id/messages': { message: 'hijack' },
  'POST /announcements': { title: 'Hijack', text: 'hijack' },
  'PUT /announcements/:id': { title: 'Hijack' },
  'POST /announcements/:id/media-upload': {},
  'POST /announcements/:id/read': {},
  'POST /api/enviar-email': { wpp: '5511900000001' },
  'PUT /api/atualizar-senha': { resetId: '00000000-0000-4000-8000-000000000000', newPassword: 'Hijack-pass1' },
  ...bodies,
});

const bodies: Record<string, unknown> = {
  'POST /auth/login': { email: 'nobody@example.com', password: 'whatever' },
  'POST /auth/signup': {},
  'POST /auth/refresh_token': undefined,
  'PUT /users/:id': { name: 'Hijacked', language: 'en' },
  'PUT /companies/:id/schedules': { schedules: [] },
  'PUT /companies/:id': { name: 'Hijacked' },
  'POST /companies': { name: 'Hijack Co', email: 'h@h.com', planId: 1, dueDate: '2030-01-01' },
  'POST /companies/:id/advance-due-date': undefined,
  'POST /plans': { name: 'Hijack', users: 1, connections: 1, queues: 1, amount: '1' },
  'PUT /plans/:id': { name: 'Hijack' },
  'POST /helps': { title: 'Hijack', video: 'dQw4w9WgXcQ' },
  'PUT /helps/:id': { title: 'Hijack' },
  'PUT /settings/:key': { value: 'enabled' },
  'PUT /companySettings': { column: 'userRating', data: 'enabled' },
  'POST /users': { name: 'Own User', email: 'own-user-b@example.com', password: 'Own-pass-123' },
  'POST /users/:id/media-upload': {},
  'POST /queue': { name: 'Own queue', color: '#bb0000' },
  'POST /whatsapp': { name: 'Own sandbox', channel: 'sandbox' },
  'PUT /whatsapp/:id': { name: 'Hijacked' },
  'POST /whatsapp/:id/media-upload': {},
  'POST /whatsappsession/:id': undefined,
  'PUT /whatsappsession/:id': undefined,
  'POST /whatsapp-restart/': undefined,
  'POST /closedimported/:id': undefined,
  'POST /sandbox/:id/messages': { from: '5511988887777', body: 'hijack' },
  'POST /webhook': { object: 'page', entry: [] },
  'POST /facebook': { facebookUserId: '1', facebookUserToken: 'token', addInstagram: false },
};

/** Routes that legitimately answer 2xx to company B: they act on B itself or on platform data. */
const ownScope = new Set([
  'GET /health',
  'POST /auth/login',
  'POST /auth/refresh_token',
  'DELETE /auth/logout',
  'GET /auth/me',
  'GET /users/list',
  'GET /plans/listPublic',
  'GET /plans/list',
  'GET /helps',
  'GET /helps/list',
  'GET /settings',
  'PUT /settings/:key',
  'GET /companySettingOne',
  'PUT /companySettings',
  'GET /socket',
  'GET /contacts',
  'GET /contacts/list',
  'GET /contacts/profile/:number',
  // The export is of the caller's own company (empty for B); its zip cannot show the marker, the walk's other check.
  'GET /contacts/export',
  'POST /contactsImport',
  'POST /contacts',
  'GET /tags',
  'GET /tags/list',
  'GET /tags/kanban',
  'GET /ticket/kanban',
  'POST /tags',
  'GET /tickets',
  'POST /tickets/closeAll',
  'GET /quick-messages',
  'GET /quick-messages/list',
  'GET /quick-messages/categoriesMessages',
  'POST /quick-messages',
  'GET /schedules',
  'GET /schedules/',
  'GET /users',
  'GET /queue',
  'GET /chatbot',
  'GET /whatsapp',
  'POST /users',
  'POST /queue',
  'POST /whatsapp',
  'POST /whatsapp-restart/',
  // Meta's webhook (handshake and deliveries): platform-wide, no tenant data (503 until Meta is configured).
  'GET /webhook',
  'POST /webhook',
  'GET /chats',
  // Platform announcements: every company reads the active ones.
  'GET /announcements',
  // Public, the same answer for any number (a number no user has here).
  'POST /api/enviar-email',
]);

let server: TestServer;
let target: Target;
let tokenB: string;

beforeAll(async () => {
  server = await startTestServer();
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
      const response = await server.app.inject({ method: route.method as 'GET', url: path, headers: bearer(tokenB), payload: bodies[key] as object | undefined });
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
  const chat = await post('/chats', { title: MARKER, users: [userA] });
  await post(`/chats/${chat.id}/messages`, { message: `${MARKER} chat` });
  const media = await server.wiring.ctx.media.save({ companyId: companyA, data: Buffer.from(`${MARKER} file`), declaredMime: 'text/plain', originalName: 'marker.txt' });
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
    chatA: chat.id,
  };
}

async function snapshotOfA() {
  const db = server.wiring.db;
  const events = await server.wiring.store.readAll({ maxCount: 100_000 });
  const ofA = events.filter((event) => event.metadata.companyId === target.companyA).map((event) => event.id);
  const rows = async (table: keyof ReadDatabase, column = 'company_id') => db.selectFrom(table).selectAll().where(sql.ref(column), '=', target.companyA).execute();
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
    chats: await rows('read.chats'),
    chatMessages: await rows('read.chat_messages'),
  };
}
