import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import { ASAAS_PREFIX, CustomerCreateRequest, ListQuery, PaymentCreateRequest } from './asaas-contract';

/**
 * A local stand-in for Asaas (tests, and trying the checkout without an Asaas account): keeps
 * customers and payments, answers as Asaas v3 does, refuses in Asaas' error shape every request
 * that breaks the documented contract (asaas-contract.ts), and sends Asaas' payment webhook, with
 * its `asaas-access-token` header, when a test pays a charge.
 */
export interface FakeCustomer {
  id: string;
  name: string;
  cpfCnpj: string;
  externalReference: string | null;
}

export interface FakePayment {
  id: string;
  customer: string;
  value: number;
  dueDate: string;
  description: string | null;
  externalReference: string | null;
  status: 'PENDING' | 'RECEIVED';
  pixPayload: string;
}

export class FakeAsaasServer {
  readonly customers = new Map<string, FakeCustomer>();
  readonly payments = new Map<string, FakePayment>();
  readonly requests: Array<{ method: string; path: string; token: string | null; json?: unknown }> = [];
  /** Requests refused for breaking the contract: a test that sees one has a bug to fix. */
  readonly violations: Array<{ path: string; issue: string }> = [];
  /** Where and with which token the webhook goes (Asaas' "Webhooks" settings). */
  webhook: { url: string; authToken: string } | null = null;
  /** Answers the next request with this status and Asaas error instead (then forgets it). */
  failNext: { status: number; code: string; description: string } | null = null;
  private server: Server | null = null;
  private counter = 0;

  constructor(readonly apiKey = '$aact_fake_key') {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error) => this.answer(response, 500, { errors: [{ code: 'internal', description: String(error) }] }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** What ASAAS_API_URL is set to for the adapter to call this fake. */
  get baseUrl(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('the fake Asaas server is not listening');
    return `http://127.0.0.1:${address.port}${ASAAS_PREFIX}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The payer pays a charge: Asaas marks it RECEIVED and delivers PAYMENT_RECEIVED to the webhook. Answers the webhook's status. */
  async pay(paymentId: string, options: { value?: number } = {}): Promise<number> {
    const payment = this.payments.get(paymentId);
    if (!payment) throw new Error(`no fake payment ${paymentId}`);
    payment.status = 'RECEIVED';
    return this.deliver('PAYMENT_RECEIVED', { ...payment, value: options.value ?? payment.value });
  }

  /** Delivers a payment event as Asaas does (POST, JSON, asaas-access-token). */
  async deliver(event: string, payment: FakePayment, options: { authToken?: string | null } = {}): Promise<number> {
    if (!this.webhook) throw new Error('the fake Asaas has no webhook configured');
    const token = options.authToken === undefined ? this.webhook.authToken : options.authToken;
    const response = await fetch(this.webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'asaas-access-token': token }) },
      body: JSON.stringify(this.eventBody(event, payment)),
    });
    await response.text();
    return response.status;
  }

  /** An event as Asaas sends it (docs.asaas.com "Payment events"). */
  eventBody(event: string, payment: FakePayment) {
    const today = new Date().toISOString().slice(0, 10);
    return {
      id: `evt_${(this.counter += 1).toString(16).padStart(12, '0')}`,
      event,
      dateCreated: new Date().toISOString().replace('T', ' ').slice(0, 19),
      payment: {
        object: 'payment',
        id: payment.id,
        dateCreated: today,
        customer: payment.customer,
        value: payment.value,
        netValue: Math.round(payment.value * 99) / 100,
        billingType: 'PIX',
        status: payment.status,
        dueDate: payment.dueDate,
        paymentDate: payment.status === 'RECEIVED' ? today : null,
        description: payment.description,
        externalReference: payment.externalReference,
        deleted: false,
      },
    };
  }

  private answer(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  private refuse(response: ServerResponse, path: string, issue: string): void {
    this.violations.push({ path, issue });
    this.answer(response, 400, { errors: [{ code: 'invalid_request', description: issue }] });
  }

  private check<T extends z.ZodType>(schema: T, value: unknown, path: string, response: ServerResponse): z.infer<T> | undefined {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    this.refuse(response, path, result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; '));
    return undefined;
  }

  private list<T>(data: T[]) {
    return { object: 'list', hasMore: false, totalCount: data.length, limit: 10, offset: 0, data };
  }

  private paymentAnswer(payment: FakePayment) {
    return {
      object: 'payment',
      id: payment.id,
      customer: payment.customer,
      value: payment.value,
      billingType: 'PIX',
      status: payment.status,
      dueDate: payment.dueDate,
      externalReference: payment.externalReference,
      deleted: false,
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const token = typeof request.headers.access_token === 'string' ? request.headers.access_token : null;
    const method = request.method ?? 'GET';
    let json: unknown;
    if (method === 'POST') {
      if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
        return this.refuse(response, url.pathname, 'content-type: application/json required');
      try {
        json = JSON.parse(text);
      } catch {
        return this.refuse(response, url.pathname, 'body: not JSON');
      }
    }
    this.requests.push({ method, path: url.pathname, token, ...(json === undefined ? {} : { json }) });
    if (!url.pathname.startsWith(`${ASAAS_PREFIX}/`)) return this.refuse(response, url.pathname, `calls go to ${ASAAS_PREFIX}`);
    // Asaas answers 401 with an empty body when the key is missing or wrong.
    if (token !== this.apiKey) {
      response.writeHead(401);
      return void response.end();
    }
    if (this.failNext) {
      const { status, code, description } = this.failNext;
      this.failNext = null;
      return this.answer(response, status, { errors: [{ code, description }] });
    }
    const path = url.pathname.slice(ASAAS_PREFIX.length);
    const query = Object.fromEntries(url.searchParams);

    if (method === 'GET' && path === '/customers') {
      const parsed = this.check(ListQuery, query, path, response);
      if (!parsed) return;
      const found = [...this.customers.values()].filter((c) => c.externalReference === parsed.externalReference);
      return this.answer(response, 200, this.list(found.map((c) => ({ object: 'customer', ...c, deleted: false }))));
    }
    if (method === 'POST' && path === '/customers') {
      const body = this.check(CustomerCreateRequest, json, path, response);
      if (!body) return;
      const customer: FakeCustomer = {
        id: `cus_${(this.counter += 1).toString().padStart(12, '0')}`,
        name: body.name,
        cpfCnpj: body.cpfCnpj,
        externalReference: body.externalReference ?? null,
      };
      this.customers.set(customer.id, customer);
      return this.answer(response, 200, { object: 'customer', ...customer, deleted: false });
    }
    if (method === 'GET' && path === '/payments') {
      const parsed = this.check(ListQuery, query, path, response);
      if (!parsed) return;
      const found = [...this.payments.values()].filter((p) => p.externalReference === parsed.externalReference);
      return this.answer(response, 200, this.list(found.map((p) => this.paymentAnswer(p))));
    }
    if (method === 'POST' && path === '/payments') {
      const body = this.check(PaymentCreateRequest, json, path, response);
      if (!body) return;
      if (!this.customers.has(body.customer))
        return this.answer(response, 400, { errors: [{ code: 'invalid_customer', description: 'Customer inválido ou não informado.' }] });
      if (body.dueDate < new Date().toISOString().slice(0, 10))
        return this.answer(response, 400, { errors: [{ code: 'invalid_dueDate', description: 'Não é permitido data de vencimento inferior a hoje.' }] });
      const id = `pay_${(this.counter += 1).toString(36).padStart(16, '0')}`;
      const payment: FakePayment = {
        id,
        customer: body.customer,
        value: body.value,
        dueDate: body.dueDate,
        description: body.description ?? null,
        externalReference: body.externalReference ?? null,
        status: 'PENDING',
        pixPayload: `00020101021226820014br.gov.bcb.pix2560fake.asaas.local/qr/${id}5204000053039865406${body.value.toFixed(2)}5802BR6304ABCD`,
      };
      this.payments.set(id, payment);
      return this.answer(response, 200, this.paymentAnswer(payment));
    }
    const qr = /^\/payments\/([^/]+)\/pixQrCode$/.exec(path);
    if (method === 'GET' && qr) {
      const payment = this.payments.get(decodeURIComponent(qr[1]!));
      if (!payment) return this.answer(response, 404, { errors: [{ code: 'not_found', description: 'Cobrança não encontrada.' }] });
      return this.answer(response, 200, {
        success: true,
        encodedImage: Buffer.from(payment.pixPayload).toString('base64'),
        payload: payment.pixPayload,
        expirationDate: `${payment.dueDate} 23:59:59`,
      });
    }
    return this.refuse(response, path, `${method} ${path} is not a call Conversa makes`);
  }
}
