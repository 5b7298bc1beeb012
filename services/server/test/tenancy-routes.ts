/** The tenancy walk's table: where each route's path points in company A, a plausible body per route, and the routes B may legitimately use. */
export const MARKER = 'Tenant-A-Marker-7c1f';

export interface Target {
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
  onDutyA: number;
  webhookA: number;
  integrationA: number;
  promptA: number;
  contactListA: number;
  contactListItemA: number;
  campaignA: number;
  fileListA: number;
  invoiceA: number;
  chatA: number;
  chatUuidA: string;
}

/** Path parameters resolved to company A's records. */
export function pathFor(url: string, target: Target): string | null {
  const path = url
    .replace(/^\/users\/:id/, `/users/${target.userA}`)
    .replace(/^\/queue\/:id/, `/queue/${target.queueA}`)
    .replace(/^\/queues\/:id\/work/, `/queues/${target.queueA}/work`)
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
    .replace(/^\/plantao\/:id/, `/plantao/${target.onDutyA}`)
    .replace(/^\/contact-lists\/:id/, `/contact-lists/${target.contactListA}`)
    .replace(/^\/contact-list-items\/:id/, `/contact-list-items/${target.contactListItemA}`)
    .replace(/^\/contact-list-items$/, `/contact-list-items?contactListId=${target.contactListA}`)
    .replace(/^\/campaigns\/:id/, `/campaigns/${target.campaignA}`)
    .replace(/^\/files\/uploadList\/:id/, `/files/uploadList/${target.fileListA}`)
    .replace(/^\/files\/:id/, `/files/${target.fileListA}`)
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
    .replace(/^\/queueIntegration\/:id/, `/queueIntegration/${target.integrationA}`)
    .replace(/^\/prompt\/:id/, `/prompt/${target.promptA}`)
    .replace(/^\/plans\/:id/, '/plans/1')
    .replace(/^\/helps\/:id/, '/helps/1')
    .replace(/^\/settings\/:key/, '/settings/userRating')
    .replace(/^\/webhooks\/:id\/deliveries\/:deliveryId/, `/webhooks/${target.webhookA}/deliveries/00000000-0000-4000-8000-000000000000`)
    .replace(/^\/webhooks\/:id/, `/webhooks/${target.webhookA}`)
    .replace(/^\/api\/docs\/assets\/:file/, '/api/docs/assets/start.js')
    .replace(/^\/invoices\/:id/, `/invoices/${target.invoiceA}`)
    .replace(/^\/chats\/uuid\/:uuid/, `/chats/uuid/${target.chatUuidA}`)
    .replace(/^\/chats\/:id/, `/chats/${target.chatA}`)
    .replace(/^\/announcements\/:id/, '/announcements/1')
    .replace(/^\/api\/verificar-code\/:number/, '/api/verificar-code/5511900000001?code=123456&resetId=00000000-0000-4000-8000-000000000000');
  return path.includes(':') || path.includes('*') ? null : path;
}

/** A valid body per route, so a refusal proves tenancy and not mere validation. */
export const bodiesFor = (target: Target): Record<string, unknown> => ({
  'POST /contacts': { name: 'Own Contact', number: '5511977776666' },
  'POST /contactsImport': { name: 'Own Imported', number: '5511977775555' },
  // A spreadsheet goes as multipart: a JSON body is refused before any company is read.
  'POST /contacts/upload': {},
  'POST /queueIntegration/testSession': { id: target.integrationA, type: 'webhook', urlN8N: 'http://127.0.0.1:1/x' },
  'POST /prompt': { name: 'Own prompt', apiKey: 'sk-own-0000000', prompt: 'Own', queueId: target.queueA },
  'PUT /contacts/:id': { name: 'Hijacked' },
  'POST /contacts/:id/erase': { reason: 'Hijacked erasure' },
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
  'PUT /queues/:id/work': { autoAssign: true, positionStep: 3, priorityTagIds: [], capacities: [], firstResponseMinutes: null, resolutionMinutes: null },
  'PUT /users/me/status': { status: 'online' },
  'PUT /push/subscription': { endpoint: 'https://push.example.com/own', keys: { p256dh: 'BOwn', auth: 'own' } },
  'PUT /push/settings': { newTickets: false, newMessages: true },
  'POST /chatbot': { queueId: target.queueA, name: 'Hijack option', queueType: 'text', greetingMessage: 'hijack' },
  'PUT /chatbot/:id': { name: 'Hijacked' },
  'POST /plantao': { userId: target.userA, phone: '5511955554444', days: [{ weekdayEn: 'monday', startTime: '18:00', endTime: '08:00' }] },
  'POST /contact-lists': { name: 'Own list' },
  'PUT /contact-lists/:id': { name: 'Hijacked' },
  // A spreadsheet goes as multipart: a JSON body is refused before any list is read.
  'POST /contact-lists/:id/upload': {},
  'POST /contact-list-items': { contactListId: target.contactListA, name: 'Hijack', number: '5511977774444' },
  'PUT /contact-list-items/:id': { name: 'Hijacked' },
  'POST /campaigns': { name: 'Hijack', message1: 'x', contactListId: target.contactListA },
  'PUT /campaigns/:id': { name: 'Hijacked', message1: 'x' },
  'POST /campaigns/:id/cancel': {},
  'POST /campaigns/:id/restart': {},
  'POST /campaigns/:id/media-upload': {},
  'POST /campaign-settings': { messageInterval: 5, longerIntervalAfter: 5, greaterInterval: 20 },
  'POST /files': { name: 'Own files', message: 'own' },
  'PUT /files/:id': { name: 'Hijacked', options: [] },
  // Files go as multipart: a JSON body is refused before any list is read.
  'POST /files/uploadList/:id': {},
  'POST /subscription': { firstName: 'Hijack', zipcode: '52998224725', invoiceId: target.invoiceA },
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

export const bodies: Record<string, unknown> = {
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
  'POST /queueIntegration': { type: 'webhook', name: 'Own hook', urlN8N: 'http://127.0.0.1:1/own' },
  'PUT /queueIntegration/:id': { name: 'Hijacked' },
  'PUT /prompt/:id': { name: 'Hijacked' },
  'POST /tickets/:id/ai/suggest': undefined,
  'POST /tickets/:id/ai/summary': undefined,
  'POST /facebook': { facebookUserId: '1', facebookUserToken: 'token', addInstagram: false },
  'PUT /plantao/:id': { interval: 3 },
  'PUT /whatsapp/:id/cloud-api': { phoneNumberId: '1065', businessAccountId: '1022', token: 'EAAHIJACK-TOKEN-0000000000' },
  'POST /messages/:ticketId/template': { name: 'hijack', language: 'pt_BR', parameters: [] },
  // A literal public address: the save-time check needs no DNS.
  'POST /webhooks': { url: 'https://93.184.216.34/own', events: ['*'] },
  'PUT /webhooks/:id': { description: 'Hijacked' },
  'POST /webhooks/:id/rotate-secret': undefined,
  'POST /webhooks/:id/resume': undefined,
  'POST /webhooks/:id/deliveries/:deliveryId/redeliver': undefined,
  // B's session token is no connection token: refused, whatever the body names.
  'POST /api/messages/send': { number: '5511988887777', body: 'hijack' },
  'POST /subscription/webhook': { event: 'PAYMENT_RECEIVED', payment: { id: 'pay_1', value: 1, externalReference: 'conversa:2:2030-01-01:1' } },
};

/** Routes that legitimately answer 2xx to company B: they act on B itself or on platform data. */
export const ownScope = new Set([
  // The caller's own status, SLA clocks of the tickets she sees, and push subscription (no id to point at A's).
  'GET /users/me/status',
  'PUT /users/me/status',
  'GET /tickets/sla',
  'GET /push',
  'PUT /push/subscription',
  'DELETE /push/subscription',
  'PUT /push/settings',
  'GET /',
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
  'GET /settings/retention',
  'PUT /settings/:key',
  'GET /companySettingOne',
  'PUT /companySettings',
  'GET /socket',
  'GET /contacts',
  'GET /contacts/list',
  'GET /contacts/profile/:number',
  // The export is of the caller's own company (empty for B); its zip cannot show the marker, the walk's other check.
  'GET /contacts/export',
  // The tickets report, its export and the moments board read the caller's company only (dashboard.spec.ts checks with data).
  'GET /ticket/reports',
  'GET /ticket/reports/export',
  'GET /dashboard/moments',
  'POST /contactsImport',
  'POST /contacts',
  'GET /tags',
  'GET /tags/list',
  // Lists, campaigns and settings of the caller's own company (empty or defaults for B).
  'GET /contact-lists/list',
  'GET /contact-lists',
  'GET /contact-lists/',
  'POST /contact-lists',
  'GET /campaigns',
  'GET /campaigns/',
  'GET /campaign-settings',
  'POST /campaign-settings',
  'GET /files',
  'GET /files/',
  'POST /files',
  'GET /tags/kanban',
  'GET /plantao',
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
  'GET /queueIntegration',
  'POST /queueIntegration',
  'GET /prompt',
  // Meta's webhook (handshake and deliveries): platform-wide, no tenant data (503 until Meta is configured).
  'GET /webhook',
  'POST /webhook',
  'GET /webhooks',
  'POST /webhooks',
  // The API reference: public, the same for everyone.
  'GET /api/docs',
  'GET /api/docs/openapi.json',
  'GET /api/docs/assets/:file',
  // Process metrics (no tenant data), answered to loopback: the walk's requests come from it.
  'GET /metrics',
  // The caller's own invoices (none for B).
  'GET /invoices/all',
  'GET /chats',
  // Platform announcements: every company reads the active ones.
  'GET /announcements',
  // Public, the same answer for any number (a number no user has here).
  'POST /api/enviar-email',
]);
