import createClient from 'openapi-fetch';
import type { paths } from './openapi';

export interface FlowResult {
  connectionId: number;
  contactId: number;
  ticketId: number;
  messageIds: string[];
  listedTicketIds: number[];
  apiTicketId: number;
  webhookId: number;
}

/** A failed call's status and error body, or its data. */
function ok<T>(what: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new Error(`${what}: ${result.response.status} ${JSON.stringify(result.error)}`);
  return result.data;
}

/**
 * What an integrator writes against the client generated from the served document (openapi-fetch over
 * openapi-typescript's types): every path, parameter, body and answer typed, checked under strict.
 */
export async function clientFlow(baseUrl: string, credentials: { email: string; password: string }, webhookUrl: string): Promise<FlowResult> {
  const anonymous = createClient<paths>({ baseUrl });
  const session = ok('login', await anonymous.POST('/auth/login', { body: credentials }));
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${session.token}` } });

  const connection = ok('connection', await api.POST('/whatsapp', { body: { name: 'Typed client', channel: 'sandbox' } }));
  if (connection.token === undefined) throw new Error('an admin is answered the connection token');
  const contact = ok('contact', await api.POST('/contacts', { body: { name: 'Cliente Tipado', number: '5511988887777' } }));
  const ticket = ok('ticket', await api.POST('/tickets', { body: { contactId: contact.id, whatsappId: connection.id, status: 'open' } }));
  const sent = ok('message', await api.POST('/messages/{ticketId}', { params: { path: { ticketId: ticket.id } }, body: { body: 'Olá, pelo cliente tipado' } }));
  const list = ok('tickets', await api.GET('/tickets', { params: { query: { status: 'open', showAll: true } } }));

  // The messages API authenticates with the connection's token, and sends once per Idempotency-Key.
  const external = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${connection.token}` } });
  const viaApi = ok(
    'messages API',
    await external.POST('/api/messages/send', {
      params: { header: { 'Idempotency-Key': 'typed-client-1' } },
      body: { number: '5511977776666', body: 'Pela API' },
    }),
  );

  const webhook = ok('webhook', await api.POST('/webhooks', { body: { url: webhookUrl, events: ['message.received', 'ticket.created'] } }));
  const secret: string = webhook.secret;
  if (secret.length === 0) throw new Error('a new webhook is answered its secret');

  return {
    connectionId: connection.id,
    contactId: contact.id,
    ticketId: ticket.id,
    messageIds: sent.messages.map((message) => message.id),
    listedTicketIds: list.tickets.map((listed) => listed.id),
    apiTicketId: viaApi.ticketId,
    webhookId: webhook.id,
  };
}
