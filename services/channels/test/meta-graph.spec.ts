import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { OutboundMessage } from '../src/port';
import type { SessionConnection } from '../src/session-port';
import { createMetaDrivers } from '../src/meta/driver';
import { FakeGraphServer } from '../src/meta/fake-graph';
import { createGraphApi, fetchGraphHttp, GraphError, PAGE_WEBHOOK_FIELDS, type GraphHttp, type GraphRequest } from '../src/meta/graph';
import {
  AttachmentUploadForm,
  CloudMediaUploadForm,
  CloudMessageRequest,
  ObjectQuery,
  PageAccountsQuery,
  SendApiRequest,
  SubscribedAppsQuery,
  TokenExchangeQuery,
} from '../src/meta/graph-contract';
import { connectionView, RecordingHooks } from './whatsapp-fakes';

const PAGE = { id: '104857600000001', name: 'Loja Central', token: 'EAAPAGETOKEN', instagram: { id: '17841400000000001', username: 'lojacentral' } };
const NUMBER = { id: '106540352242922', token: 'EAACLOUDTOKEN', displayPhoneNumber: '+1 555-078-3881' };

let fake: FakeGraphServer;
beforeAll(async () => {
  fake = await new FakeGraphServer().start();
  fake.pages.set(PAGE.id, PAGE);
  fake.cloudNumbers.set(NUMBER.id, NUMBER);
  fake.users.set('10229000000000001', { shortToken: 'EAASHORT', longToken: 'EAALONG', pageIds: [PAGE.id] });
  fake.profiles.set('6543210987654321', { first_name: 'Ana', last_name: 'Souza' });
});
afterAll(async () => {
  await fake?.close();
});

const file = (name: string, mime: string, bytes = `bytes of ${name}`) => ({
  url: `/media/1/00000000-0000-4000-8000-000000000001.${name.split('.').pop()}`,
  name,
  mime,
  size: bytes.length,
  read: async () => Readable.from([Buffer.from(bytes)]),
});

function outbound(channel: OutboundMessage['channel'], overrides: Partial<OutboundMessage> = {}): OutboundMessage {
  return {
    companyId: 1,
    whatsappId: 9,
    channel,
    contact: { number: channel === 'whatsapp_cloud' ? '5511987654321' : '6543210987654321', isGroup: false },
    messageId: '0190f1a2-0000-7000-8000-000000000009',
    body: 'Olá!',
    mediaType: 'chat',
    media: null,
    location: null,
    quotedProviderId: null,
    ...overrides,
  };
}

/** Every kind of message Conversa sends on each Meta channel. */
const OUTBOUND_CASES: Array<[string, OutboundMessage['channel'], Partial<OutboundMessage>]> = [
  ['text', 'facebook', {}],
  ['image with caption', 'facebook', { body: 'Segue', mediaType: 'image', media: file('foto.jpg', 'image/jpeg') }],
  ['pdf', 'facebook', { body: '', mediaType: 'application', media: file('boleto.pdf', 'application/pdf') }],
  ['place as text', 'facebook', { body: '', mediaType: 'locationMessage', location: { latitude: -23.56, longitude: -46.65, name: 'Loja' } }],
  [
    'contact card as text',
    'facebook',
    { body: 'BEGIN:VCARD\nVERSION:3.0\nFN:Carlos Lima\nTEL;type=CELL;waid=5521998877665:+5521998877665\nEND:VCARD', mediaType: 'contactMessage' },
  ],
  ['❤️ reaction', 'facebook', { body: '❤️', mediaType: 'reactionMessage', quotedProviderId: 'm_THEIRS_1' }],
  ['text', 'instagram', {}],
  ['image', 'instagram', { body: '', mediaType: 'image', media: file('foto.png', 'image/png') }],
  ['text', 'whatsapp_cloud', {}],
  ['reply', 'whatsapp_cloud', { body: 'Claro', quotedProviderId: 'wamid.THEIRS_1' }],
  ['image with caption', 'whatsapp_cloud', { body: 'Segue', mediaType: 'image', media: file('foto.jpg', 'image/jpeg') }],
  ['document', 'whatsapp_cloud', { body: 'O boleto', mediaType: 'application', media: file('boleto.pdf', 'application/pdf') }],
  ['voice note', 'whatsapp_cloud', { body: '', mediaType: 'audio', media: file('audio.ogg', 'audio/ogg') }],
  ['place', 'whatsapp_cloud', { body: '', mediaType: 'locationMessage', location: { latitude: -23.56, longitude: -46.65, name: 'Loja' } }],
  [
    'contact card',
    'whatsapp_cloud',
    { body: 'BEGIN:VCARD\nVERSION:3.0\nFN:Carlos Lima\nTEL;type=CELL;waid=5521998877665:+5521998877665\nEND:VCARD', mediaType: 'contactMessage' },
  ],
  ['reaction', 'whatsapp_cloud', { body: '🙏', mediaType: 'reactionMessage', quotedProviderId: 'wamid.THEIRS_1' }],
];

/** Which documented shape each call of the adapter must match: (method, path pattern) → the query / body / form schemas. */
function contractOf(request: GraphRequest): { query?: z.ZodType; json?: z.ZodType; form?: z.ZodType } {
  const { method, path } = request;
  if (method === 'POST' && path === '/me/messages') return { json: SendApiRequest };
  if (method === 'POST' && path === '/me/message_attachments') return { form: AttachmentUploadForm };
  if (method === 'POST' && /^\/\d+\/messages$/.test(path)) return { json: CloudMessageRequest };
  if (method === 'POST' && /^\/\d+\/media$/.test(path)) return { form: CloudMediaUploadForm };
  if (method === 'POST' && /^\/\d+\/subscribed_apps$/.test(path)) return { query: SubscribedAppsQuery };
  if (method === 'GET' && path === '/oauth/access_token') return { query: TokenExchangeQuery };
  if (method === 'GET' && /^\/\d+\/accounts$/.test(path)) return { query: PageAccountsQuery };
  if (method === 'GET' && /^\/(me|\d+)$/.test(path)) return { query: ObjectQuery };
  throw new Error(`the adapter called ${method} ${path}, which the contract does not document`);
}

/** A GraphHttp that answers like Graph and keeps each request as the adapter built it. */
function recordingHttp(): GraphHttp & { requests: GraphRequest[] } {
  const requests: GraphRequest[] = [];
  return {
    requests,
    async request(request) {
      requests.push(request);
      if (request.path === '/me/messages') return { status: 200, body: { recipient_id: '1', message_id: 'm_1' } };
      if (request.path.endsWith('/messages')) return { status: 200, body: { messaging_product: 'whatsapp', contacts: [], messages: [{ id: 'wamid.1' }] } };
      if (request.path.endsWith('/media')) return { status: 200, body: { id: '42' } };
      if (request.path === '/me/message_attachments') return { status: 200, body: { attachment_id: '7' } };
      if (request.path === '/oauth/access_token') return { status: 200, body: { access_token: 'long' } };
      if (request.path.endsWith('/accounts')) return { status: 200, body: { data: [] } };
      return { status: 200, body: { id: '1', name: 'x', url: 'http://127.0.0.1/x', success: true } };
    },
    async download() {
      return { stream: Readable.from([Buffer.from('x')]), mime: 'image/jpeg' };
    },
  };
}

function formObject(form: FormData): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) object[name] = typeof value === 'string' ? value : { name: value.name, type: value.type, size: value.size };
  return object;
}

const connectionFor = (channel: 'facebook' | 'instagram' | 'whatsappapi', account = true): SessionConnection => ({
  id: 9,
  companyId: 1,
  channel,
  settings: connectionView({ id: 9, channel }),
  account: account
    ? channel === 'whatsappapi'
      ? { facebookUserId: null, facebookUserToken: null, facebookPageUserId: NUMBER.id, tokenMeta: NUMBER.token }
      : {
          facebookUserId: '10229000000000001',
          facebookUserToken: 'EAALONG',
          facebookPageUserId: channel === 'instagram' ? PAGE.instagram.id : PAGE.id,
          tokenMeta: PAGE.token,
        }
    : null,
});
const driverChannel = (channel: OutboundMessage['channel']) => (channel === 'whatsapp_cloud' ? 'whatsappapi' : (channel as 'facebook' | 'instagram'));

describe('Graph API contract: what the adapter sends matches the documented request shapes', () => {
  it.each(OUTBOUND_CASES)('%s on %s', async (_name, channel, overrides) => {
    const http = recordingHttp();
    const [driver] = createMetaDrivers({ graph: createGraphApi(http) }).filter((candidate) => candidate.channel === driverChannel(channel));
    const session = await driver!.start(connectionFor(driverChannel(channel)), new RecordingHooks(connectionView({ id: 9 })), { fresh: false });
    await session.send(outbound(channel, overrides));
    expect(http.requests.length).toBeGreaterThan(1);
    for (const request of http.requests) {
      const contract = contractOf(request);
      const query = { ...request.query, ...(request.token?.as === 'query' ? { access_token: request.token.value } : {}) };
      if (contract.query) expect(contract.query.safeParse(query).error?.issues ?? []).toEqual([]);
      if (contract.json) expect(contract.json.safeParse(request.json).error?.issues ?? []).toEqual([]);
      if (contract.form) expect(contract.form.safeParse(formObject(request.form!)).error?.issues ?? []).toEqual([]);
      // Messenger and Instagram carry the page token as access_token; the Cloud API as a bearer header.
      if (/^\/\d+\/(messages|media)$/.test(request.path) || (request.path.match(/^\/\d+$/) && channel === 'whatsapp_cloud'))
        expect(request.token?.as).toBe('bearer');
      if (request.path.startsWith('/me/')) expect(request.token).toEqual({ value: PAGE.token, as: 'query' });
    }
  });

  it('POST /facebook calls: token exchange, page accounts, webhook subscription', async () => {
    const http = recordingHttp();
    const graph = createGraphApi(http);
    await graph.exchangeUserToken('app', 'secret', 'EAASHORT');
    await graph.pagesOf('10229000000000001', 'EAALONG');
    await graph.subscribePage(PAGE.id, PAGE.token, PAGE_WEBHOOK_FIELDS);
    for (const request of http.requests) {
      const query = { ...request.query, ...(request.token?.as === 'query' ? { access_token: request.token.value } : {}) };
      expect(contractOf(request).query!.safeParse(query).error?.issues ?? []).toEqual([]);
    }
  });

  it('the fake Graph server refuses requests that break the contract, as Graph would', async () => {
    const post = (path: string, body: unknown, query = `access_token=${PAGE.token}`) =>
      fetch(`${fake.baseUrl}${path}?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const before = fake.violations.length;
    const noRecipient = await post('/me/messages', { message: { text: 'oi' } });
    expect(noRecipient.status).toBe(400);
    expect((await noRecipient.json()).error).toMatchObject({ code: 100, type: 'GraphMethodException' });
    expect((await post('/me/messages', { recipient: { id: '1' }, message: { text: 'oi', extra: true } })).status).toBe(400);
    expect((await post('/me/messages', { recipient: { id: '1' }, sender_action: 'react', payload: { message_id: 'm', reaction: 'like' } })).status).toBe(400);
    const cloud = (body: unknown) =>
      fetch(`${fake.baseUrl}/${NUMBER.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${NUMBER.token}` },
        body: JSON.stringify(body),
      });
    expect((await cloud({ messaging_product: 'whatsapp', recipient_type: 'individual', to: '5511987654321', type: 'text', image: { id: '1' } })).status).toBe(
      400,
    );
    expect((await cloud({ recipient_type: 'individual', to: '5511987654321', type: 'text', text: { body: 'oi' } })).status).toBe(400);
    expect(
      (await cloud({ messaging_product: 'whatsapp', recipient_type: 'individual', to: '+55 11 98765-4321', type: 'text', text: { body: 'oi' } })).status,
    ).toBe(400);
    const upload = new FormData();
    upload.set('message', JSON.stringify({ attachment: { type: 'image', payload: { is_reusable: true } } }));
    expect((await fetch(`${fake.baseUrl}/me/message_attachments?access_token=${PAGE.token}`, { method: 'POST', body: upload })).status).toBe(400);
    expect(fake.violations.length - before).toBe(7);
    // A valid request with a wrong token is an OAuth error (code 190), not a contract violation.
    const wrongToken = await post('/me/messages', { recipient: { id: '1' }, messaging_type: 'RESPONSE', message: { text: 'oi' } }, 'access_token=nope');
    expect((await wrongToken.json()).error).toMatchObject({ code: 190, type: 'OAuthException' });
  });
});

describe('Meta session driver against the fake Graph server', () => {
  const graph = () => createGraphApi(fetchGraphHttp({ baseUrl: fake.baseUrl }));

  it('checks the token: CONNECTED with the page, account or number; a refused token ends the session', async () => {
    for (const [channel, number] of [
      ['facebook', 'Loja Central'],
      ['instagram', 'lojacentral'],
      ['whatsappapi', '15550783881'],
    ] as const) {
      const hooks = new RecordingHooks(connectionView({ id: 9, channel }));
      const [driver] = createMetaDrivers({ graph: graph() }).filter((candidate) => candidate.channel === channel);
      await driver!.start(connectionFor(channel), hooks, { fresh: false });
      expect(hooks.reports()).toEqual([
        { status: 'OPENING', qrcode: '', retries: 0 },
        { status: 'CONNECTED', qrcode: '', retries: 0, number },
      ]);
    }
    const revoked = new RecordingHooks(connectionView({ id: 9, channel: 'facebook' }));
    const [facebook] = createMetaDrivers({ graph: graph() });
    const connection = connectionFor('facebook');
    await facebook!.start({ ...connection, account: { ...connection.account!, tokenMeta: 'EXPIRED' } }, revoked, { fresh: false });
    expect(revoked.of('ended').map((call) => call.reason)).toEqual(['Meta refused the token: Invalid OAuth access token']);
    const unlinked = new RecordingHooks(connectionView({ id: 9 }));
    await facebook!.start(connectionFor('facebook', false), unlinked, { fresh: false });
    expect(unlinked.of('ended').map((call) => call.reason)).toEqual(['no Meta account is linked to this connection']);
  });

  it('keeps trying while Meta cannot be reached, and shows TIMEOUT after three failures', async () => {
    const down = createGraphApi(fetchGraphHttp({ baseUrl: 'http://127.0.0.1:9/v21.0', timeoutMs: 500 }));
    const hooks = new RecordingHooks(connectionView({ id: 9 }));
    const [driver] = createMetaDrivers({ graph: down, backoff: { initialMs: 1, maxMs: 2 } });
    const session = await driver!.start(connectionFor('facebook'), hooks, { fresh: false });
    await vi.waitFor(() => expect(hooks.reports().length).toBeGreaterThanOrEqual(4), { timeout: 10_000, interval: 5 });
    await session.stop();
    expect(
      hooks
        .reports()
        .slice(0, 4)
        .map((report) => [report.status, report.retries]),
    ).toEqual([
      ['OPENING', 0],
      ['OPENING', 1],
      ['OPENING', 2],
      ['TIMEOUT', 3],
    ]);
  });

  it('sends every kind of message through the fake without a contract violation, answering the provider ids', async () => {
    const before = fake.violations.length;
    const earlier = new Set(fake.requests);
    for (const [, channel, overrides] of OUTBOUND_CASES) {
      const [driver] = createMetaDrivers({ graph: graph() }).filter((candidate) => candidate.channel === driverChannel(channel));
      const session = await driver!.start(connectionFor(driverChannel(channel)), new RecordingHooks(connectionView({ id: 9 })), { fresh: false });
      const { providerId } = await session.send(outbound(channel, overrides));
      expect(providerId).toMatch(channel === 'whatsapp_cloud' ? /^wamid\./ : /^(m_|reaction:)/);
    }
    expect(fake.violations.slice(before)).toEqual([]);
    // A file with a caption on Messenger: the attachment, then the text.
    const uploads = fake.sent('/me/message_attachments').filter((request) => !earlier.has(request));
    expect(uploads[0]!.form).toMatchObject({ filedata: { name: 'foto.jpg', type: 'image/jpeg', text: 'bytes of foto.jpg' } });
    expect(uploads.find((upload) => upload.form?.platform === 'instagram')).toBeDefined();
    // The Cloud API file went to the number's media and came back by id.
    const media = fake.sent(`/${NUMBER.id}/media`).filter((request) => !earlier.has(request));
    expect(media.map((request) => (request.form!.file as { name: string }).name)).toEqual(['foto.jpg', 'boleto.pdf', 'audio.ogg']);
    const documents = fake.sent(`/${NUMBER.id}/messages`).filter((request) => request.json.type === 'document');
    expect(documents[0]!.json.document).toMatchObject({ caption: 'O boleto', filename: 'boleto.pdf' });
  });

  it('a Graph refusal of a send is the send failure’s reason; Messenger refuses reactions other than ❤️ before calling', async () => {
    const [facebook] = createMetaDrivers({ graph: graph() });
    const session = await facebook!.start(connectionFor('facebook'), new RecordingHooks(connectionView({ id: 9 })), { fresh: false });
    fake.failNextSend = { status: 400, code: 10, message: '(#10) This message is sent outside of allowed window.' };
    await expect(session.send(outbound('facebook'))).rejects.toThrow('(#10) This message is sent outside of allowed window.');
    await expect(session.send(outbound('facebook', { body: '👍', mediaType: 'reactionMessage', quotedProviderId: 'm_1' }))).rejects.toThrow(
      'accepts only ❤️ reactions',
    );
  });

  it('downloads files: Cloud API media by id with the token, CDN urls as they are', async () => {
    const api = graph();
    const id = fake.cloudFile(Buffer.from('%PDF-1.7 nota'), 'application/pdf', NUMBER.token);
    const cloudFile = await api.downloadCloudMedia(id, NUMBER.token);
    expect(cloudFile.mime).toBe('application/pdf');
    expect(Buffer.concat(await cloudFile.stream.toArray()).toString()).toBe('%PDF-1.7 nota');
    await expect(api.downloadCloudMedia(id, 'wrong')).rejects.toBeInstanceOf(GraphError);
    const url = fake.cdnFile('gato.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    const cdnFile = await api.http.download(url);
    expect(Buffer.concat(await cdnFile.stream.toArray()).toString()).toBe('jpeg bytes');
  });
});
