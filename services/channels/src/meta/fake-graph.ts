import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import {
  AttachmentUploadForm,
  CloudMediaUploadForm,
  CloudMessageRequest,
  MessageTemplatesQuery,
  PhoneNumbersQuery,
  ObjectQuery,
  PageAccountsQuery,
  SendApiRequest,
  SubscribedAppsQuery,
  TokenExchangeQuery,
} from './graph-contract';

/**
 * A local stand-in for the Graph API (tests, and trying the Meta channels without Meta): a small
 * node http server that keeps pages, Instagram accounts and Cloud API numbers, answers as Graph
 * does, and refuses with a Graph-shaped error every request that does not match the documented
 * shapes in graph-contract.ts. What the adapter sent is kept for assertions.
 */

export interface FakePage {
  id: string;
  name: string;
  token: string;
  instagram?: { id: string; username: string };
}

export interface FakeCloudNumber {
  id: string;
  token: string;
  displayPhoneNumber: string;
}

/** A message template of a WhatsApp Business Account; `body` holds its {{1}} … placeholders. */
export interface FakeTemplate {
  name: string;
  language: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED';
  category: string;
  body: string;
}

/** A WhatsApp Business Account: its token, the Cloud API numbers it holds and its templates. */
export interface FakeBusinessAccount {
  token: string;
  phoneNumberIds: string[];
  templates: FakeTemplate[];
}

export interface RecordedGraphRequest {
  method: string;
  /** Without the version prefix: '/me/messages'. */
  path: string;
  query: Record<string, string>;
  bearer: string | null;
  // Tests read what was sent field by field.
  // oxlint-disable-next-line typescript/no-explicit-any
  json?: any;
  form?: Record<string, string | { name: string; type: string; size: number; text: string }>;
}

const VERSION_PREFIX = '/v21.0';

export class FakeGraphServer {
  readonly requests: RecordedGraphRequest[] = [];
  /** Requests the fake refused because they broke the contract (a test that sees one has a bug to fix). */
  readonly violations: Array<{ path: string; issue: string }> = [];
  readonly pages = new Map<string, FakePage>();
  readonly cloudNumbers = new Map<string, FakeCloudNumber>();
  readonly businessAccounts = new Map<string, FakeBusinessAccount>();
  /** Facebook users: their short (login) token, the long-lived one it exchanges for, and the pages they manage. */
  readonly users = new Map<string, { shortToken: string; longToken: string; pageIds: string[] }>();
  /** Public profiles of Messenger / Instagram users by their scoped id. */
  readonly profiles = new Map<string, { first_name?: string; last_name?: string; name?: string; username?: string }>();
  /** Pages subscribed to the app, with the fields. */
  readonly subscriptions = new Map<string, string[]>();
  /** Files Meta holds: CDN files (Messenger, Instagram) by path, Cloud API media by id. */
  readonly cdn = new Map<string, { bytes: Buffer; mime: string }>();
  readonly cloudMedia = new Map<string, { bytes: Buffer; mime: string; token: string }>();
  /** Answers the next Send API / Cloud API send with this Graph error instead (then forgets it). */
  failNextSend: { status: number; code: number; message: string } | null = null;
  private server: Server | null = null;
  private counter = 0;

  constructor(readonly app: { id: string; secret: string } = { id: 'fake-app-id', secret: 'fake-app-secret' }) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error) => this.answer(response, 500, { error: { message: String(error), type: 'FakeGraphError', code: 1 } }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get origin(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('the fake Graph server is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  /** What GRAPH_API_URL is set to for the adapter to call this fake. */
  get baseUrl(): string {
    return `${this.origin}${VERSION_PREFIX}`;
  }

  /** A CDN url Messenger / Instagram would put in an attachment payload. */
  cdnFile(name: string, bytes: Buffer, mime: string): string {
    this.cdn.set(`/cdn/${name}`, { bytes, mime });
    return `${this.origin}/cdn/${name}`;
  }

  /** A file a contact sent on the Cloud API: its media id. */
  cloudFile(bytes: Buffer, mime: string, token: string): string {
    const id = `${9_000_000_000_000 + (this.counter += 1)}`;
    this.cloudMedia.set(id, { bytes, mime, token });
    return id;
  }

  sent(path: string): RecordedGraphRequest[] {
    return this.requests.filter((request) => request.method === 'POST' && request.path === path);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private answer(response: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
    response.writeHead(status, { 'content-type': type });
    response.end(type === 'application/json' ? JSON.stringify(body) : (body as Buffer));
  }

  private graphError(response: ServerResponse, status: number, code: number, message: string): void {
    this.answer(response, status, { error: { message, type: code === 190 ? 'OAuthException' : 'GraphMethodException', code, fbtrace_id: 'FAKE' } });
  }

  private refuse(response: ServerResponse, path: string, issue: string): void {
    this.violations.push({ path, issue });
    this.graphError(response, 400, 100, `(#100) ${issue}`);
  }

  private check<T extends z.ZodType>(schema: T, value: unknown, path: string, response: ServerResponse): z.infer<T> | undefined {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    this.refuse(response, path, result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; '));
    return undefined;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const authorization = request.headers.authorization ?? '';
    const bearer = authorization.startsWith('Bearer ') ? authorization.slice(7) : null;

    if (url.pathname.startsWith('/cdn/')) {
      const file = this.cdn.get(url.pathname) ?? this.cloudMedia.get(url.pathname.slice('/cdn/media/'.length));
      if (!file) return this.answer(response, 404, { error: { message: 'not found' } });
      if ('token' in file && bearer !== file.token) return this.graphError(response, 401, 190, 'Invalid OAuth access token');
      return this.answer(response, 200, file.bytes, file.mime);
    }
    if (!url.pathname.startsWith(`${VERSION_PREFIX}/`)) return this.refuse(response, url.pathname, `calls go to ${VERSION_PREFIX}`);
    const path = url.pathname.slice(VERSION_PREFIX.length);
    const query = Object.fromEntries(url.searchParams);
    const contentType = request.headers['content-type'] ?? '';
    const recorded: RecordedGraphRequest = { method: request.method ?? 'GET', path, query, bearer };
    let form: FormData | null = null;
    if (contentType.startsWith('application/json')) {
      try {
        recorded.json = JSON.parse(body.toString('utf8'));
      } catch {
        this.requests.push(recorded);
        return this.refuse(response, path, 'the body is not JSON');
      }
    } else if (contentType.startsWith('multipart/form-data')) {
      form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
      recorded.form = {};
      for (const [name, value] of form.entries()) {
        recorded.form[name] =
          typeof value === 'string'
            ? value
            : { name: value.name, type: value.type, size: value.size, text: Buffer.from(await value.arrayBuffer()).toString('utf8') };
      }
    }
    this.requests.push(recorded);
    await this.route(recorded, form, response);
  }

  private formObject(form: FormData | null): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    for (const [name, value] of form?.entries() ?? [])
      object[name] = typeof value === 'string' ? value : { name: value.name, type: value.type, size: value.size };
    return object;
  }

  private pageOfToken(token: string | undefined): FakePage | undefined {
    return [...this.pages.values()].find((page) => page.token === token);
  }

  private async route(request: RecordedGraphRequest, form: FormData | null, response: ServerResponse): Promise<void> {
    const { method, path, query } = request;
    const segments = path.split('/').filter(Boolean);

    if (method === 'GET' && path === '/oauth/access_token') {
      const checked = this.check(TokenExchangeQuery, query, path, response);
      if (!checked) return;
      if (checked.client_id !== this.app.id || checked.client_secret !== this.app.secret)
        return this.graphError(response, 400, 101, 'Error validating application');
      const user = [...this.users.values()].find((candidate) => candidate.shortToken === checked.fb_exchange_token);
      if (!user) return this.graphError(response, 400, 190, 'Invalid OAuth access token');
      return this.answer(response, 200, { access_token: user.longToken, token_type: 'bearer', expires_in: 5_183_944 });
    }
    if (method === 'GET' && segments.length === 2 && segments[1] === 'accounts') {
      const checked = this.check(PageAccountsQuery, query, path, response);
      if (!checked) return;
      const user = this.users.get(segments[0]!);
      if (!user || user.longToken !== checked.access_token) return this.graphError(response, 400, 190, 'Invalid OAuth access token');
      const data = user.pageIds.map((id) => {
        const page = this.pages.get(id)!;
        return {
          id: page.id,
          name: page.name,
          access_token: page.token,
          ...(page.instagram ? { instagram_business_account: { id: page.instagram.id, username: page.instagram.username } } : {}),
        };
      });
      return this.answer(response, 200, { data, paging: { cursors: { before: 'MA', after: 'MQ' } } });
    }
    if (method === 'POST' && segments.length === 2 && segments[1] === 'subscribed_apps') {
      const checked = this.check(SubscribedAppsQuery, query, path, response);
      if (!checked) return;
      const page = this.pages.get(segments[0]!);
      if (!page || page.token !== checked.access_token) return this.graphError(response, 400, 190, 'Invalid OAuth access token');
      this.subscriptions.set(page.id, checked.subscribed_fields.split(','));
      return this.answer(response, 200, { success: true });
    }
    if (method === 'POST' && path === '/me/messages') {
      const page = this.pageOfToken(query.access_token);
      if (!page || Object.keys(query).some((name) => name !== 'access_token')) return this.graphError(response, 400, 190, 'Invalid OAuth access token');
      const checked = this.check(SendApiRequest, request.json, path, response);
      if (!checked) return;
      if (this.failNextSend) {
        const failure = this.failNextSend;
        this.failNextSend = null;
        return this.graphError(response, failure.status, failure.code, failure.message);
      }
      if ('sender_action' in checked) return this.answer(response, 200, { recipient_id: checked.recipient.id });
      return this.answer(response, 200, { recipient_id: checked.recipient.id, message_id: `m_FAKE${(this.counter += 1)}` });
    }
    if (method === 'POST' && path === '/me/message_attachments') {
      if (!this.pageOfToken(query.access_token)) return this.graphError(response, 400, 190, 'Invalid OAuth access token');
      if (!this.check(AttachmentUploadForm, this.formObject(form), path, response)) return;
      return this.answer(response, 200, { attachment_id: `${1_000_000 + (this.counter += 1)}` });
    }
    if (method === 'POST' && segments.length === 2 && (segments[1] === 'messages' || segments[1] === 'media')) {
      const number = this.cloudNumbers.get(segments[0]!);
      if (!number || request.bearer !== number.token) return this.graphError(response, 401, 190, 'Invalid OAuth access token');
      if (segments[1] === 'media') {
        const checked = this.check(CloudMediaUploadForm, this.formObject(form), path, response);
        if (!checked) return;
        const file = form!.get('file') as File;
        const id = `${8_000_000_000_000 + (this.counter += 1)}`;
        this.cloudMedia.set(id, { bytes: Buffer.from(await file.arrayBuffer()), mime: checked.type, token: number.token });
        return this.answer(response, 200, { id });
      }
      const checked = this.check(CloudMessageRequest, request.json, path, response);
      if (!checked) return;
      if (checked.type === 'template') {
        // Templates are the account's: the name and language must be approved there, with as many parameters as the body asks.
        const account = [...this.businessAccounts.values()].find((candidate) => candidate.phoneNumberIds.includes(number.id));
        const template = account?.templates.find(
          (candidate) => candidate.name === checked.template!.name && candidate.language === checked.template!.language.code,
        );
        if (!template || template.status !== 'APPROVED')
          return this.graphError(response, 404, 132001, '(#132001) Template name does not exist in the translation');
        const expected = new Set([...template.body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => match[1])).size;
        const given = checked.template!.components?.find((component) => component.type === 'body')?.parameters.length ?? 0;
        if (given !== expected) return this.graphError(response, 400, 132000, '(#132000) Number of parameters does not match the expected number of params');
      }
      if (this.failNextSend) {
        const failure = this.failNextSend;
        this.failNextSend = null;
        return this.graphError(response, failure.status, failure.code, failure.message);
      }
      return this.answer(response, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: checked.to, wa_id: checked.to }],
        messages: [{ id: `wamid.FAKE${(this.counter += 1)}` }],
      });
    }
    if (method === 'GET' && segments.length === 2 && (segments[1] === 'phone_numbers' || segments[1] === 'message_templates')) {
      const checked = this.check(segments[1] === 'phone_numbers' ? PhoneNumbersQuery : MessageTemplatesQuery, query, path, response);
      if (!checked) return;
      const account = this.businessAccounts.get(segments[0]!);
      if (!account) return this.graphError(response, 400, 100, `(#100) Unsupported get request. Object with ID '${segments[0]}' does not exist`);
      if (request.bearer !== account.token) return this.graphError(response, 401, 190, 'Invalid OAuth access token');
      if (segments[1] === 'phone_numbers') {
        const data = account.phoneNumberIds.map((id) => ({
          id,
          display_phone_number: this.cloudNumbers.get(id)?.displayPhoneNumber ?? '',
          verified_name: 'Loja',
        }));
        return this.answer(response, 200, { data, paging: { cursors: { before: 'MA', after: 'MQ' } } });
      }
      const data = account.templates.map((template, index) => ({
        id: String(7_000_000 + index),
        name: template.name,
        language: template.language,
        status: template.status,
        category: template.category,
        components: [{ type: 'BODY', text: template.body }],
      }));
      return this.answer(response, 200, { data, paging: { cursors: { before: 'MA', after: 'MQ' } } });
    }
    if (method === 'GET' && segments.length === 1) {
      const checked = this.check(ObjectQuery, query, path, response);
      if (!checked) return;
      const id = segments[0]!;
      if (id === 'me') {
        const page = this.pageOfToken(checked.access_token);
        return page ? this.answer(response, 200, { id: page.id, name: page.name }) : this.graphError(response, 400, 190, 'Invalid OAuth access token');
      }
      const number = this.cloudNumbers.get(id);
      if (number) {
        if (request.bearer !== number.token) return this.graphError(response, 401, 190, 'Invalid OAuth access token');
        return this.answer(response, 200, { id, display_phone_number: number.displayPhoneNumber, verified_name: 'Loja' });
      }
      const media = this.cloudMedia.get(id);
      if (media) {
        if (request.bearer !== media.token) return this.graphError(response, 401, 190, 'Invalid OAuth access token');
        return this.answer(response, 200, {
          messaging_product: 'whatsapp',
          url: `${this.origin}/cdn/media/${id}`,
          mime_type: media.mime,
          file_size: media.bytes.length,
          id,
        });
      }
      const withInstagram = [...this.pages.values()].find((page) => page.instagram?.id === id);
      if (withInstagram) {
        if (checked.access_token !== withInstagram.token) return this.graphError(response, 400, 190, 'Invalid OAuth access token');
        return this.answer(response, 200, { id, username: withInstagram.instagram!.username });
      }
      const profile = this.profiles.get(id);
      if (profile && this.pageOfToken(checked.access_token)) return this.answer(response, 200, { id, ...profile });
      return this.graphError(response, 400, 100, `(#100) Unsupported get request. Object with ID '${id}' does not exist`);
    }
    this.refuse(response, path, `no such Graph API call: ${method} ${path}`);
  }
}
