import type { Area } from '@conversa/contracts';

/**
 * The routes that name no row of the role table (contracts/src/session/roles.ts) because every user of the company
 * may call them, each under the row whose audience for it is everyone (roles.spec.ts checks that). What a handler still
 * checks per record (own quick messages, own user, a ticket's queue) is the handler's; routes guarded by a named
 * permission (contracts/src/session/permissions.ts) are not listed.
 */
export const openToEveryoneByArea: Partial<Record<Area, readonly string[]>> = {
  account: [
    'DELETE /auth/logout', 'GET /auth/me', 'PUT /users/:id', 'POST /users/:id/media-upload',
    'DELETE /users/:id/media-upload', 'GET /plans/list', 'GET /companies/:id', 'GET /companies/listPlan/:id',
    'GET /companySettings/:companyId', 'GET /companySettingOne', 'GET /media/:companyId/:file',
    'POST /announcements/:id/read', 'GET /users/me/status', 'PUT /users/me/status',
  ],
  users: [
    'GET /users', 'GET /users/list', 'GET /users/:id',
  ],
  tickets: [
    'GET /messages/:ticketId', 'POST /messages/:ticketId', 'POST /messages/edit/:messageId', 'DELETE /messages/:id',
    'GET /messages/listimages/:ticketId', 'GET /messages/getmedia/:ticketId', 'POST /message/forward',
    'POST /react/messages', 'GET /tickets', 'GET /tickets/u/:uuid', 'GET /tickets/:id', 'GET /tickets/:id/call', 'POST /tickets',
    'PUT /tickets/:id', 'GET /tickets-log/:id', 'GET /tickets/:id/history', 'POST /ticket-notes',
    'GET /ticket-notes/list', 'DELETE /ticket-notes/:id', 'GET /messages/:ticketId/templates',
    'POST /messages/:ticketId/template', 'POST /tickets/:id/ai/suggest', 'POST /tickets/:id/ai/summary',
    // SLA clocks of the tickets the caller sees; the caller's own push subscription and settings.
    'GET /tickets/sla', 'GET /push', 'PUT /push/subscription', 'DELETE /push/subscription', 'PUT /push/settings',
  ],
  quickMessages: [
    'POST /quick-messages/:id/media-upload', 'DELETE /quick-messages/:id/media-upload', 'GET /quick-messages',
    'GET /quick-messages/list', 'GET /quick-messages/categoriesMessages', 'GET /quick-messages/:id',
    'POST /quick-messages', 'PUT /quick-messages/:id', 'DELETE /quick-messages/:id',
  ],
  schedules: [
    'GET /schedules', 'GET /schedules/', 'GET /schedules/:id', 'POST /schedules', 'PUT /schedules/:id',
    'DELETE /schedules/:id',
  ],
  contacts: [
    'POST /contacts/upload', 'GET /contacts/import/:importId', 'POST /contactsImport', 'GET /contacts/export',
    'GET /contacts', 'GET /contacts/list', 'GET /contacts/profile/:number', 'POST /contacts', 'GET /contacts/:id',
    'PUT /contacts/:id', 'PUT /contacts/block/:id', 'PUT /contacts/toggleDisableBot/:id',
    'PUT /contacts/toggleAcceptAudio/:id', 'GET /contactTags/:contactId',
  ],
  tags: [
    'GET /tags', 'GET /tags/list', 'GET /tags/kanban', 'POST /tags/sync', 'GET /tags/:id', 'POST /tags',
    'PUT /tags/:id', 'DELETE /tags/:id',
  ],
  kanban: [
    'GET /ticket/kanban', 'PUT /ticket-tags/:ticketId/:tagId', 'DELETE /ticket-tags/:ticketId',
  ],
  queues: [
    'GET /queue', 'GET /queue/:id', 'GET /chatbot', 'GET /chatbot/:id',
  ],
  connections: [
    'GET /whatsapp', 'GET /whatsapp/:id',
  ],
  helps: [
    'GET /helps', 'GET /helps/list',
  ],
  queueIntegrations: [
    'GET /queueIntegration', 'GET /queueIntegration/:id',
  ],
  prompts: [
    'GET /prompt', 'GET /prompt/:id',
  ],
  chats: [
    'GET /chats', 'GET /chats/:id', 'GET /chats/uuid/:uuid', 'POST /chats', 'PUT /chats/:id', 'DELETE /chats/:id',
    'POST /chats/:id/read', 'GET /chats/:id/messages', 'POST /chats/:id/messages',
  ],
  announcements: [
    'GET /announcements', 'GET /announcements/:id',
  ],
};

export const openToEveryone: ReadonlySet<string> = new Set(Object.values(openToEveryoneByArea).flat());
