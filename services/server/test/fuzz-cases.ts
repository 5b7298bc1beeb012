import {
  BlockContactRequest,
  CloseAllTicketsRequest,
  ContactImportRow,
  ExportContactsQuery,
  CreateChatbotRequest,
  CreateConnectionRequest,
  CreateContactRequest,
  CreateHelpRequest,
  CreateQueueRequest,
  CreateQuickMessageRequest,
  CreateScheduleRequest,
  CreateTagRequest,
  CreateTicketNoteRequest,
  CreateTicketRequest,
  CreateUserRequest,
  EditMessageRequest,
  ForwardMessageRequest,
  ListConnectionsQuery,
  ListContactsQuery,
  ListHelpsQuery,
  ListMessagesQuery,
  ListQueuesQuery,
  ListQuickMessagesQuery,
  ListSchedulesQuery,
  ListTagsQuery,
  ListTicketNotesQuery,
  ListTicketsQuery,
  ListUsersQuery,
  LoginRequest,
  PlanFields,
  ReactToMessageRequest,
  SandboxInboundRequest,
  SendMessageRequest,
  SignupRequest,
  SyncContactTagsRequest,
  UpdateChatbotRequest,
  UpdateConnectionRequest,
  UpdateContactRequest,
  UpdateHelpRequest,
  UpdateQueueRequest,
  UpdateQuickMessageRequest,
  UpdateScheduleRequest,
  UpdateTagRequest,
  UpdateTicketRequest,
  UpdateUserRequest,
} from '@conversa/contracts';
import fc from 'fast-check';

/**
 * Hostile requests for the hardening fuzz: each one takes a route's valid request and spoils exactly
 * one place (a path parameter, a query parameter, a body field, or the whole body's encoding), so an
 * answer ≥ 500 names the input the contract failed to bound.
 */

/** The records the fuzz aims at: valid ids, so a spoiled field reaches as deep as it can. */
export interface Targets {
  companyId: number;
  userId: number;
  contactId: number;
  contactNumber: string;
  ticketId: number;
  ticketUuid: string;
  messageId: string;
  tagId: number;
  noteId: number;
  quickMessageId: number;
  scheduleId: number;
  queueId: number;
  chatbotId: number;
  connectionId: number;
  mediaFile: string;
}

/** Valid path parameter values by name, per route prefix where a name means different records. */
export function pathValue(url: string, param: string, t: Targets): string {
  if (param === 'ticketId') return String(t.ticketId);
  if (param === 'messageId') return t.messageId;
  if (param === 'contactId') return String(t.contactId);
  if (param === 'companyId') return String(t.companyId);
  if (param === 'number') return t.contactNumber;
  if (param === 'uuid') return t.ticketUuid;
  if (param === 'file') return t.mediaFile;
  if (param === 'key') return 'userRating';
  const byPrefix: Array<[RegExp, string]> = [
    [/^\/users\//, String(t.userId)],
    [/^\/(queue)\//, String(t.queueId)],
    [/^\/chatbot\//, String(t.chatbotId)],
    [/^\/(whatsapp|whatsappsession|closedimported|sandbox)\//, String(t.connectionId)],
    [/^\/contacts\//, String(t.contactId)],
    [/^\/messages\//, t.messageId],
    [/^\/quick-messages\//, String(t.quickMessageId)],
    [/^\/schedules\//, String(t.scheduleId)],
    [/^\/tags\//, String(t.tagId)],
    [/^\/ticket-notes\//, String(t.noteId)],
    [/^\/tickets/, String(t.ticketId)],
    [/^\/companies\//, String(t.companyId)],
  ];
  return byPrefix.find(([prefix]) => prefix.test(url))?.[1] ?? '1';
}

/** A valid body per route; fields listed here, plus the contract's own fields, are the ones spoiled. */
export const bodiesFor = (t: Targets): Record<string, Record<string, unknown>> => ({
  'POST /auth/login': { email: 'nobody@example.com', password: 'whatever' },
  'POST /auth/signup': {
    name: 'Fuzz Admin',
    companyName: 'Fuzz Co',
    email: 'fuzz-signup@example.com',
    password: 'Abcdefgh1',
    phone: '11987654321',
    document: '52998224725',
    planId: 1,
    termo: true,
  },
  'POST /contacts': { name: 'Fuzz Contact', number: '5511977770000' },
  'PUT /contacts/:id': { name: 'Fuzz target' },
  'PUT /contacts/block/:id': { active: true },
  'POST /contactsImport': { name: 'Fuzz Import', number: '5511977770001' },
  'POST /tags': { name: 'Fuzz tag', color: '#000000', kanban: 0 },
  'PUT /tags/:id': { name: 'Fuzz tag' },
  'POST /tags/sync': { contactId: t.contactId, tags: [] },
  'POST /tickets': { contactId: t.contactId, status: 'open' },
  'PUT /tickets/:id': { status: 'open', userId: t.userId, queueId: t.queueId, promptId: 1, amountUsedBotQueues: 1, integrationId: 1 },
  'POST /tickets/closeAll': { status: 'open' },
  'POST /messages/:ticketId': { body: 'fuzz' },
  'POST /messages/edit/:messageId': { body: 'fuzz' },
  'POST /message/forward': { messageId: t.messageId, contactId: t.contactId, signMessage: false },
  'POST /react/messages': { text: '👍', id: t.messageId, ticketId: t.ticketId },
  'POST /ticket-notes': { note: 'fuzz', ticketId: t.ticketId, contactId: t.contactId },
  'POST /quick-messages': { shortcode: 'fuzz', message: 'fuzz quick message' },
  'PUT /quick-messages/:id': { message: 'fuzz' },
  'POST /schedules': { body: 'fuzz message', contactId: t.contactId, sendAt: '2099-01-01T10:00:00.000Z' },
  'PUT /schedules/:id': { body: 'fuzz message', sendAt: '2099-01-01T10:00:00.000Z' },
  'POST /queue': { name: 'Fuzz queue', color: '#0b0b0b' },
  'PUT /queue/:id': { name: 'Fuzz queue target' },
  'POST /chatbot': { queueId: t.queueId, name: 'Fuzz option', queueType: 'text', greetingMessage: 'fuzz' },
  'PUT /chatbot/:id': { name: 'Fuzz option' },
  'PUT /users/:id': { name: 'Fuzz target user', language: 'en' },
  'POST /users': { name: 'Fuzz User', email: 'fuzz-user@example.com', password: 'Own-pass-123', queueIds: [t.queueId] },
  'PUT /companies/:id/schedules': { schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }] },
  'PUT /companies/:id': { name: 'Fuzz Company', dueDate: '2099-01-01' },
  'POST /companies': { name: 'Fuzz Co 2', email: 'fuzzco@example.com', planId: 1, dueDate: '2099-01-01' },
  'POST /plans': { name: 'Fuzz plan', users: 1, connections: 1, queues: 1, amount: '1' },
  'PUT /plans/:id': { name: 'Fuzz plan', users: 2 },
  'POST /helps': { title: 'Fuzz', video: 'dQw4w9WgXcQ' },
  'PUT /helps/:id': { title: 'Fuzz' },
  'PUT /settings/:key': { value: 'enabled' },
  'PUT /companySettings': { column: 'userRating', data: 'enabled' },
  'POST /whatsapp': { name: 'Fuzz sandbox', channel: 'sandbox' },
  'PUT /whatsapp/:id': { name: 'Fuzz sandbox target' },
  'POST /sandbox/:id/messages': { from: '5511966660000', body: 'fuzz inbound', name: 'Fuzz Sender' },
  'POST /facebook': { facebookUserId: '1', facebookUserToken: 'token', addInstagram: false },
  'POST /webhook': { object: 'page', entry: [] },
});

/** A zod schema seen only for its fields: objects, and pipes or wrappers around one. */
type Schema = object;
const shapeOf = (schema: Schema): string[] => {
  const { shape, def } = schema as { shape?: Record<string, unknown>; def?: { in?: Schema; innerType?: Schema } };
  if (shape) return Object.keys(shape);
  return def?.in ? shapeOf(def.in) : def?.innerType ? shapeOf(def.innerType) : [];
};

/** The contracts of the routes whose contract is known: their fields are spoiled too. */
const bodyContracts: Record<string, Schema> = {
  'POST /auth/login': LoginRequest,
  'POST /auth/signup': SignupRequest,
  'POST /contacts': CreateContactRequest,
  'PUT /contacts/:id': UpdateContactRequest,
  'PUT /contacts/block/:id': BlockContactRequest,
  'POST /tags': CreateTagRequest,
  'PUT /tags/:id': UpdateTagRequest,
  'POST /tags/sync': SyncContactTagsRequest,
  'POST /tickets': CreateTicketRequest,
  'PUT /tickets/:id': UpdateTicketRequest,
  'POST /tickets/closeAll': CloseAllTicketsRequest,
  'POST /messages/:ticketId': SendMessageRequest,
  'POST /messages/edit/:messageId': EditMessageRequest,
  'POST /message/forward': ForwardMessageRequest,
  'POST /react/messages': ReactToMessageRequest,
  'POST /ticket-notes': CreateTicketNoteRequest,
  'POST /quick-messages': CreateQuickMessageRequest,
  'PUT /quick-messages/:id': UpdateQuickMessageRequest,
  'POST /schedules': CreateScheduleRequest,
  'PUT /schedules/:id': UpdateScheduleRequest,
  'POST /queue': CreateQueueRequest,
  'PUT /queue/:id': UpdateQueueRequest,
  'POST /chatbot': CreateChatbotRequest,
  'PUT /chatbot/:id': UpdateChatbotRequest,
  'PUT /users/:id': UpdateUserRequest,
  'POST /users': CreateUserRequest,
  'POST /plans': PlanFields,
  'PUT /plans/:id': PlanFields,
  'POST /helps': CreateHelpRequest,
  'PUT /helps/:id': UpdateHelpRequest,
  'POST /whatsapp': CreateConnectionRequest,
  'PUT /whatsapp/:id': UpdateConnectionRequest,
  'POST /sandbox/:id/messages': SandboxInboundRequest,
  'POST /contactsImport': ContactImportRow,
};

const queryContracts: Record<string, Schema> = {
  'GET /tickets': ListTicketsQuery,
  'GET /contacts': ListContactsQuery,
  'GET /contacts/list': ListContactsQuery,
  'GET /users': ListUsersQuery,
  'GET /tags': ListTagsQuery,
  'GET /tags/list': ListTagsQuery,
  'GET /schedules': ListSchedulesQuery,
  'GET /queue': ListQueuesQuery,
  'GET /whatsapp': ListConnectionsQuery,
  'GET /helps': ListHelpsQuery,
  'GET /quick-messages': ListQuickMessagesQuery,
  'GET /quick-messages/list': ListQuickMessagesQuery,
  'GET /ticket-notes/list': ListTicketNotesQuery,
  'GET /messages/:ticketId': ListMessagesQuery,
  'GET /contacts/export': ExportContactsQuery,
};
/** Query parameters read by routes that parse an inline schema. */
const extraQueryKeys: Record<string, string[]> = {
  'GET /users/list': ['companyId'],
  'GET /contacts/list': ['companyId'],
  'GET /chatbot': ['queueId'],
  'GET /companySettingOne': ['column'],
  'GET /sandbox/:id/outbox': ['to'],
  'GET /contacts/profile/:number': ['channel'],
  'GET /webhook': ['hub.mode', 'hub.verify_token', 'hub.challenge'],
  'GET /whatsapp/:id': ['session'],
};

/** Where one spoiled value goes. */
export type Slot =
  | { kind: 'path'; method: string; url: string; param: string }
  | { kind: 'query'; method: string; url: string; key: string }
  | { kind: 'body'; method: string; url: string; key: string }
  | { kind: 'raw'; method: string; url: string };

export function slotsOf(routes: Array<{ method: string; url: string }>, t: Targets): Slot[] {
  const bodies = bodiesFor(t);
  const slots: Slot[] = [];
  for (const { method, url } of routes) {
    const key = `${method} ${url}`;
    for (const param of url.match(/:\w+/g) ?? []) slots.push({ kind: 'path', method, url, param: param.slice(1) });
    const queryKeys = new Set([...(queryContracts[key] ? shapeOf(queryContracts[key]) : []), ...(extraQueryKeys[key] ?? [])]);
    for (const query of queryKeys) slots.push({ kind: 'query', method, url, key: query });
    if (method === 'GET' || method === 'DELETE') continue;
    const fields = new Set([...Object.keys(bodies[key] ?? {}), ...(bodyContracts[key] ? shapeOf(bodyContracts[key]) : [])]);
    for (const field of fields) slots.push({ kind: 'body', method, url, key: field });
    slots.push({ kind: 'raw', method, url });
  }
  return slots;
}

const BIG = [99_999_999_999, 2_147_483_648, 3_000_000_000, -1, -99_999_999_999, 1.5, 1e308, Number.MAX_SAFE_INTEGER];
const BAD_TEXT = [
  'Ana\u0000Souza',
  '\u0000',
  '\ud800',
  'a\udc00b',
  '0000-00-00',
  '2023-02-30',
  '2023-02-30T10:00:00Z',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '99999999999',
  '1e400',
  '',
];
/** Values for a JSON body field: numbers past 32 bits, text Postgres cannot store, wrong types. */
export const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    ...BIG,
    ...BAD_TEXT,
    null,
    true,
    {},
    [99_999_999_999],
    ['a\u0000b'],
    [{ id: 99_999_999_999 }],
    [{ name: 'a\u0000b', value: '\ud800' }],
    'x'.repeat(70_000),
  ),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.string({ maxLength: 8 })).map(([a, bad, b]) => a + bad + b),
);
/** Values for a path or query parameter, as they travel in the URL. */
export const urlValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '99999999999',
    '2147483648',
    '-1',
    '0',
    '1.5',
    '1e400',
    'abc',
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%EF%BF%BD',
    '%C0',
    '0000-00-00',
    '2023-02-30',
    '[99999999999]',
    '99999999999,1',
    'x'.repeat(5000),
  ),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }).map(String),
);
/** Whole bodies that are not what their content type says. */
export const rawBody: fc.Arbitrary<{ contentType: string; payload: string }> = fc.constantFrom(
  { contentType: 'application/json', payload: '{"body":' },
  { contentType: 'application/json', payload: '{"body":"a\\u0000b"}' },
  { contentType: 'application/json', payload: '{"body":"\\ud800"}' },
  { contentType: 'application/json', payload: '[1,2,3]' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'multipart/form-data', payload: '--x\r\nContent-Disposition: form-data; name="body"\r\n\r\nhi\r\n--x--\r\n' },
  {
    contentType: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="medias"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\ntrunc',
  },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="body"\r\n\r\nA\u0000B\r\n--x--\r\n' },
  { contentType: 'multipart/form-data; boundary=x', payload: 'garbage' },
  { contentType: 'text/plain', payload: 'hello' },
);

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  label: string;
}

/** One spoiled request for a slot and a value drawn for it. */
export function requestFor(slot: Slot, json: unknown, inUrl: string, raw: { contentType: string; payload: string }, t: Targets): FuzzRequest {
  const key = `${slot.method} ${slot.url}`;
  let path = slot.url.replace(/:(\w+)/g, (_match, param: string) =>
    slot.kind === 'path' && slot.param === param ? inUrl : encodeURIComponent(pathValue(slot.url, param, t)),
  );
  if (slot.kind === 'query') path += `${path.includes('?') ? '&' : '?'}${encodeURIComponent(slot.key)}=${inUrl}`;
  const base = bodiesFor(t)[key];
  if (slot.kind === 'raw')
    return {
      method: slot.method,
      url: path,
      headers: { 'content-type': raw.contentType },
      payload: raw.payload,
      label: `${key} raw ${raw.contentType} ${JSON.stringify(raw.payload).slice(0, 60)}`,
    };
  const body = slot.kind === 'body' ? { ...base, [slot.key]: json } : base;
  const shown =
    slot.kind === 'body'
      ? `${slot.key}=${JSON.stringify(json)?.slice(0, 40)}`
      : slot.kind === 'path'
        ? `:${slot.param}=${inUrl.slice(0, 40)}`
        : `?${slot.key}=${inUrl.slice(0, 40)}`;
  return {
    method: slot.method,
    url: path,
    headers: body ? { 'content-type': 'application/json' } : {},
    payload: body && slot.method !== 'GET' && slot.method !== 'DELETE' ? JSON.stringify(body) : undefined,
    label: `${key} ${shown}`,
  };
}
