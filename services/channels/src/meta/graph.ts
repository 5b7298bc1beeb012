import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/**
 * The Graph API behind an HTTP port: every call Conversa makes to Meta goes through `GraphHttp`,
 * whose base url is configurable (GRAPH_API_URL; tests point it at a local fake Graph server).
 * The request shapes are the ones Meta documents; services/channels/test/meta/graph-contract.ts
 * lists them field by field and checks both this adapter and the fake against them.
 */

export const DEFAULT_GRAPH_API_URL = 'https://graph.facebook.com/v21.0';

export interface GraphRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Relative to the base url, starting with '/'. */
  path: string;
  query?: Record<string, string>;
  /** Messenger and Instagram pass the page token as `access_token`; the Cloud API as a bearer header. */
  token?: { value: string; as: 'query' | 'bearer' };
  json?: unknown;
  form?: FormData;
}

export interface GraphResponse {
  status: number;
  body: GraphBody;
}

/** A Graph API answer (a JSON object), read field by field: typeof checks and String(). */
export type GraphBody = Record<string, unknown>;
const isBody = (value: unknown): value is GraphBody => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A field that should hold an object ({} when it does not). */
const bodyOf = (value: unknown): GraphBody => (isBody(value) ? value : {});
/** A field that should hold a list of objects (its objects; [] when it is no list). */
const listOf = (value: unknown): GraphBody[] => (Array.isArray(value) ? value.filter(isBody) : []);
const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export interface DownloadedFile {
  stream: Readable;
  mime: string | null;
}

export interface GraphHttp {
  request(request: GraphRequest): Promise<GraphResponse>;
  /** Fetches a file by absolute url (a Messenger CDN url, a Cloud API media url that needs the bearer token). */
  download(url: string, bearer?: string): Promise<DownloadedFile>;
}

/** An error answer of the Graph API: `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
    readonly subcode: number | null,
  ) {
    super(message);
    this.name = 'GraphError';
  }

  /** Code 190: the token expired or was revoked; the connection cannot work until it is linked again. */
  get tokenInvalid(): boolean {
    return this.code === 190 || this.status === 401;
  }
}

export interface FetchGraphHttpOptions {
  baseUrl?: string;
  /** Per request; a hung Graph call must not hold the sender's lane forever. Default 30 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function fetchGraphHttp(options: FetchGraphHttpOptions = {}): GraphHttp {
  const baseUrl = (options.baseUrl ?? DEFAULT_GRAPH_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const doFetch = options.fetch ?? fetch;

  return {
    async request(request) {
      const url = new URL(baseUrl + request.path);
      for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
      const headers: Record<string, string> = {};
      if (request.token?.as === 'query') url.searchParams.set('access_token', request.token.value);
      if (request.token?.as === 'bearer') headers.authorization = `Bearer ${request.token.value}`;
      let body: string | FormData | undefined;
      if (request.form) body = request.form;
      else if (request.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.json);
      }
      const response = await doFetch(url, { method: request.method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      let parsed: GraphBody;
      try {
        parsed = text === '' ? {} : bodyOf(JSON.parse(text));
      } catch {
        parsed = { error: { message: `Graph API answered ${response.status} with a body that is not JSON` } };
      }
      if (!response.ok || parsed.error) {
        const error = bodyOf(parsed.error);
        throw new GraphError(
          String(error.message ?? `Graph API answered ${response.status}`),
          response.status,
          numberOr(error.code),
          numberOr(error.error_subcode),
        );
      }
      return { status: response.status, body: parsed };
    },
    async download(url, bearer) {
      const response = await doFetch(url, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {}, signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok || !response.body) throw new GraphError(`downloading the file answered ${response.status}`, response.status, null, null);
      return { stream: Readable.fromWeb(response.body as WebReadableStream), mime: response.headers.get('content-type') };
    },
  };
}

const numberOr = (value: unknown): number | null =>
  typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;

/** A file to upload: its bytes, type and name. */
export interface GraphUpload {
  data: Buffer;
  mime: string;
  name: string;
}

/** Messenger / Instagram attachment types. */
export type MessengerAttachmentType = 'image' | 'video' | 'audio' | 'file';

/** The Graph API operations Conversa uses, over the port. */
export function createGraphApi(http: GraphHttp) {
  const pageToken = (value: string) => ({ value, as: 'query' as const });
  const bearer = (value: string) => ({ value, as: 'bearer' as const });

  return {
    http,

    /** POST /me/messages (Send API), as the page. Answers { recipient_id, message_id }. */
    async sendMessenger(token: string, payload: Record<string, unknown>): Promise<{ recipient_id?: string; message_id?: string }> {
      return (await http.request({ method: 'POST', path: '/me/messages', token: pageToken(token), json: payload })).body;
    },

    /**
     * POST /me/message_attachments (Attachment Upload API, multipart with `filedata`); Instagram's
     * uploads say `platform=instagram`. Answers { attachment_id }.
     */
    async uploadMessengerAttachment(token: string, type: MessengerAttachmentType, file: GraphUpload, platform: 'messenger' | 'instagram'): Promise<string> {
      const form = new FormData();
      if (platform === 'instagram') form.set('platform', 'instagram');
      form.set('message', JSON.stringify({ attachment: { type, payload: { is_reusable: true } } }));
      form.set('filedata', new Blob([new Uint8Array(file.data)], { type: file.mime }), file.name);
      const { body } = await http.request({ method: 'POST', path: '/me/message_attachments', token: pageToken(token), form });
      if (typeof body.attachment_id !== 'string' || body.attachment_id === '')
        throw new GraphError('the attachment upload answered without an attachment_id', 200, null, null);
      return body.attachment_id;
    },

    /** GET /{psid}: a Messenger / Instagram user's public profile, for the contact's name. */
    async profile(token: string, userId: string, platform: 'messenger' | 'instagram'): Promise<{ name: string | null; picture: string | null }> {
      const fields = platform === 'instagram' ? 'name,username,profile_pic' : 'first_name,last_name,profile_pic';
      const { body } = await http.request({ method: 'GET', path: `/${encodeURIComponent(userId)}`, query: { fields }, token: pageToken(token) });
      const name =
        platform === 'instagram'
          ? (textOf(body.name) ?? textOf(body.username) ?? null)
          : [textOf(body.first_name), textOf(body.last_name)].filter(Boolean).join(' ') || null;
      return { name, picture: typeof body.profile_pic === 'string' ? body.profile_pic : null };
    },

    /** POST /{phone-number-id}/messages (Cloud API). Answers { messages: [{ id }] }. */
    async sendCloud(phoneNumberId: string, token: string, payload: Record<string, unknown>): Promise<string> {
      const { body } = await http.request({
        method: 'POST',
        path: `/${encodeURIComponent(phoneNumberId)}/messages`,
        token: bearer(token),
        json: { messaging_product: 'whatsapp', recipient_type: 'individual', ...payload },
      });
      const id = listOf(body.messages)[0]?.id;
      if (typeof id !== 'string' || id === '') throw new GraphError('the Cloud API answered without a message id', 200, null, null);
      return id;
    },

    /** POST /{phone-number-id}/media (multipart: messaging_product, type, file). Answers { id }. */
    async uploadCloudMedia(phoneNumberId: string, token: string, file: GraphUpload): Promise<string> {
      const form = new FormData();
      form.set('messaging_product', 'whatsapp');
      form.set('type', file.mime);
      form.set('file', new Blob([new Uint8Array(file.data)], { type: file.mime }), file.name);
      const { body } = await http.request({ method: 'POST', path: `/${encodeURIComponent(phoneNumberId)}/media`, token: bearer(token), form });
      if (typeof body.id !== 'string' || body.id === '') throw new GraphError('the media upload answered without an id', 200, null, null);
      return body.id;
    },

    /** GET /{media-id} then the url it names (both with the bearer token): an inbound Cloud API file. */
    async downloadCloudMedia(mediaId: string, token: string): Promise<DownloadedFile> {
      const { body } = await http.request({ method: 'GET', path: `/${encodeURIComponent(mediaId)}`, token: bearer(token) });
      if (typeof body.url !== 'string') throw new GraphError('the media lookup answered without a url', 200, null, null);
      const file = await http.download(body.url, token);
      return { stream: file.stream, mime: typeof body.mime_type === 'string' ? body.mime_type : file.mime };
    },

    /** GET /{waba-id}/phone_numbers: the numbers a WhatsApp Business Account holds (the token must speak for it). */
    async cloudPhoneNumbers(businessAccountId: string, token: string): Promise<Array<{ id: string; displayPhoneNumber: string; verifiedName: string }>> {
      const { body } = await http.request({
        method: 'GET',
        path: `/${encodeURIComponent(businessAccountId)}/phone_numbers`,
        query: { fields: 'id,display_phone_number,verified_name' },
        token: bearer(token),
      });
      return listOf(body.data).map((item) => ({
        id: String(item.id),
        displayPhoneNumber: String(item.display_phone_number ?? ''),
        verifiedName: String(item.verified_name ?? ''),
      }));
    },

    /** GET /{waba-id}/message_templates, every page: the account's templates with their status and body text. */
    async cloudTemplates(
      businessAccountId: string,
      token: string,
    ): Promise<Array<{ name: string; language: string; status: string; category: string; body: string }>> {
      const templates: Array<{ name: string; language: string; status: string; category: string; body: string }> = [];
      let after: string | undefined;
      // An account holds at most a few hundred templates; the bound only guards against a loop.
      for (let page = 0; page < 10; page++) {
        const query: Record<string, string> = { fields: 'name,language,status,category,components', limit: '100' };
        if (after) query.after = after;
        const { body } = await http.request({
          method: 'GET',
          path: `/${encodeURIComponent(businessAccountId)}/message_templates`,
          query,
          token: bearer(token),
        });
        for (const item of listOf(body.data)) {
          const bodyComponent = listOf(item.components).find((component) => String(component.type).toUpperCase() === 'BODY');
          templates.push({
            name: String(item.name),
            language: String(item.language),
            status: String(item.status ?? ''),
            category: String(item.category ?? ''),
            body: String(bodyComponent?.text ?? ''),
          });
        }
        after = bodyOf(body.paging).next ? textOf(bodyOf(bodyOf(body.paging).cursors).after) : undefined;
        if (!after) break;
      }
      return templates;
    },

    /** What a connection's token speaks for: the page (facebook), the Instagram account, the Cloud API number. */
    async account(channel: 'facebook' | 'instagram' | 'whatsappapi', accountId: string, token: string): Promise<{ id: string; name: string }> {
      if (channel === 'whatsappapi') {
        const { body } = await http.request({
          method: 'GET',
          path: `/${encodeURIComponent(accountId)}`,
          query: { fields: 'display_phone_number,verified_name' },
          token: bearer(token),
        });
        return { id: accountId, name: String(body.display_phone_number ?? body.verified_name ?? accountId).replace(/\D/g, '') || accountId };
      }
      if (channel === 'instagram') {
        const { body } = await http.request({
          method: 'GET',
          path: `/${encodeURIComponent(accountId)}`,
          query: { fields: 'id,username' },
          token: pageToken(token),
        });
        return { id: String(body.id ?? accountId), name: String(body.username ?? accountId) };
      }
      const { body } = await http.request({ method: 'GET', path: '/me', query: { fields: 'id,name' }, token: pageToken(token) });
      return { id: String(body.id ?? accountId), name: String(body.name ?? accountId) };
    },

    /** GET /oauth/access_token (fb_exchange_token): a long-lived user token for the short one the browser's login gave. */
    async exchangeUserToken(appId: string, appSecret: string, userToken: string): Promise<string> {
      const { body } = await http.request({
        method: 'GET',
        path: '/oauth/access_token',
        query: { grant_type: 'fb_exchange_token', client_id: appId, client_secret: appSecret, fb_exchange_token: userToken },
      });
      if (typeof body.access_token !== 'string') throw new GraphError('the token exchange answered without an access_token', 200, null, null);
      return body.access_token;
    },

    /** GET /{user-id}/accounts: the pages the user manages, each with its page token and linked Instagram account. */
    async pagesOf(
      userId: string,
      userToken: string,
    ): Promise<Array<{ id: string; name: string; accessToken: string; instagram: { id: string; username: string } | null }>> {
      const pages: Array<{ id: string; name: string; accessToken: string; instagram: { id: string; username: string } | null }> = [];
      let after: string | undefined;
      // Pages come 25 at a time; a user rarely manages more than a few, the bound only guards against a loop.
      for (let page = 0; page < 40; page++) {
        const query: Record<string, string> = { fields: 'id,name,access_token,instagram_business_account{id,username,name}', limit: '100' };
        if (after) query.after = after;
        const { body } = await http.request({ method: 'GET', path: `/${encodeURIComponent(userId)}/accounts`, query, token: pageToken(userToken) });
        for (const item of listOf(body.data)) {
          const instagram = bodyOf(item.instagram_business_account);
          pages.push({
            id: String(item.id),
            name: String(item.name ?? item.id),
            accessToken: String(item.access_token ?? ''),
            instagram: instagram.id ? { id: String(instagram.id), username: String(instagram.username ?? instagram.name ?? instagram.id) } : null,
          });
        }
        after = bodyOf(body.paging).next ? textOf(bodyOf(bodyOf(body.paging).cursors).after) : undefined;
        if (!after) break;
      }
      return pages;
    },

    /** POST /{page-id}/subscribed_apps: the page's messaging events are delivered to our webhook. */
    async subscribePage(pageId: string, token: string, fields: readonly string[]): Promise<void> {
      await http.request({
        method: 'POST',
        path: `/${encodeURIComponent(pageId)}/subscribed_apps`,
        query: { subscribed_fields: fields.join(',') },
        token: pageToken(token),
      });
    },
  };
}

export type GraphApi = ReturnType<typeof createGraphApi>;

/** The webhook fields a page subscribes to (Messenger and the Instagram account linked to it). */
export const PAGE_WEBHOOK_FIELDS = [
  'messages',
  'messaging_postbacks',
  'message_deliveries',
  'message_reads',
  'message_echoes',
  'message_reactions',
  'message_edits',
] as const;
