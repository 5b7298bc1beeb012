import { FakeAsaasServer } from '@conversa/automation/payments/fake-asaas';
import type { BusMessage } from '@conversa/bus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

/** Invoices, the Pix checkout through the fake Asaas, and the payment webhook (authentication, idempotency). */
let server: TestServer;
let root: string;
let planId: number;
const asaas = new FakeAsaasServer('$aact_conversa_test');
const WEBHOOK_TOKEN = 'whk-0123456789abcdef';
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  await asaas.start();
  server = await startTestServer({ listen: true, env: { ASAAS_API_URL: asaas.baseUrl, ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN } });
  asaas.webhook = { url: `${server.url}/subscription/webhook`, authToken: WEBHOOK_TOKEN };
  root = (await server.login()).token;
  const plan = await call(root, 'POST', '/plans', { name: 'Plano Ouro', users: 5, connections: 2, queues: 4, amount: '149.90' });
  expect(plan.statusCode, plan.body).toBe(201);
  planId = plan.json().id;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await asaas.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  server.app.inject({ method, url, headers: bearer(token), payload: payload as never });

async function framesOf(companyId: number) {
  const frames: BusMessage[] = [];
  const subscription = await server.wiring.bus.subscribe(`company.${companyId}.>`, (message) => void frames.push(message));
  const next = async (predicate: (frame: BusMessage) => boolean, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = frames.find(predicate);
      if (found) return found;
      if (Date.now() > until) throw new Error('no matching frame');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { frames, next, stop: () => subscription.unsubscribe() };
}

/** A company whose due date is past, with the invoice the generator made for it. */
async function overdueCompany(name: string, seedNumber: number) {
  const company = await signupCompany(server, name, seedNumber);
  const changed = await call(root, 'PUT', `/companies/${company.companyId}`, { dueDate: yesterday(), planId });
  expect(changed.statusCode, changed.body).toBe(200);
  await server.wiring.invoices.generator.tick();
  const token = (await server.login(company.email, company.password)).token;
  return { ...company, token };
}

const checkout = { firstName: 'Ana', lastName: 'Souza', zipcode: '529.982.247-25', city: 'São Paulo', country: 'BR' };

describe('invoices and the Pix checkout', () => {
  it('keeps the provider key a secret: written by the super user, never read back', async () => {
    const saved = await call(root, 'PUT', '/settings/asaas', { value: asaas.apiKey });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(asaas.apiKey);
    for (const url of ['/settings', '/companySettingOne?column=asaas', '/companySettings/1']) {
      const read = await call(root, 'GET', url);
      expect(read.statusCode).toBe(200);
      expect(read.body, url).not.toContain(asaas.apiKey);
      expect(read.body, url).toContain('********');
    }
    // The platform's key: a company's admin may neither set nor replace it.
    const admin = await signupCompany(server, 'Sem Chave', 100);
    const token = (await server.login(admin.email, admin.password)).token;
    expect((await call(token, 'PUT', '/settings/asaas', { value: 'mine' })).statusCode).toBe(403);
    expect((await call(token, 'PUT', '/companySettings', { column: 'asaas', data: 'mine' })).statusCode).toBe(403);
  });

  it('invoices an overdue company, which can still reach its invoices while the rest answers 402', async () => {
    const company = await overdueCompany('Fatura Um', 101);
    expect((await call(company.token, 'GET', '/tags')).statusCode).toBe(402);
    const page = await call(company.token, 'GET', '/invoices/all?pageNumber=1');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      hasMore: false,
      data: [{ companyId: company.companyId, dueDate: yesterday(), status: 'open', detail: 'Plano Ouro', value: 149.9, users: 5, connections: 2, queues: 4 }],
    });
    // A second pass makes nothing twice.
    expect((await server.wiring.invoices.generator.tick()).generated.filter((g) => g.companyId === company.companyId)).toEqual([]);
    expect((await call(company.token, 'GET', '/invoices/all?pageNumber=0')).statusCode).toBe(400);
    expect((await call(company.token, 'GET', '/invoices/all?searchParam=nada')).json().data).toEqual([]);
  });

  it("refuses another company's invoice, and a checkout without the required fields", async () => {
    const owner = await overdueCompany('Fatura Dois', 102);
    const other = await overdueCompany('Fatura Tres', 103);
    const [invoice] = (await call(owner.token, 'GET', '/invoices/all')).json().data;
    const stolen = await call(other.token, 'POST', '/subscription', { ...checkout, invoiceId: invoice.id });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error).toBe('ERR_NO_INVOICE_FOUND');
    expect((await call(other.token, 'GET', `/invoices/${invoice.id}`)).statusCode).toBe(404);
    const missing = await call(owner.token, 'POST', '/subscription', { invoiceId: invoice.id, zipcode: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('O nome completo é obrigatório');
    expect(missing.json().message).toContain('CEP é obrigatório');
    const badDocument = await call(owner.token, 'POST', '/subscription', { ...checkout, zipcode: '123', invoiceId: invoice.id });
    expect(badDocument.statusCode).toBe(400);
    const tooFew = await call(owner.token, 'POST', '/subscription', { ...checkout, invoiceId: invoice.id, custom: true, users: 2, connections: 3 });
    expect(tooFew.statusCode).toBe(400);
    expect(asaas.payments.size).toBe(0);
  });

  it('pays through the provider: a forged webhook changes nothing, the real one pays once and unlocks the company', async () => {
    const company = await overdueCompany('Fatura Quatro', 104);
    const [invoice] = (await call(company.token, 'GET', '/invoices/all')).json().data;
    const answer = await call(company.token, 'POST', '/subscription', {
      ...checkout,
      invoiceId: invoice.id,
      custom: true,
      users: 5,
      connections: 4,
      price: 49 + 22 + 20,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const pix = answer.json();
    expect(pix.valor.original).toBe('91.00');
    const payment = asaas.payments.get(pix.paymentId)!;
    expect(pix.qrcode.qrcode).toBe(payment.pixPayload);
    expect(payment).toMatchObject({ value: 91, customer: expect.stringMatching(/^cus_/) });
    expect([...asaas.customers.values()].at(-1)).toMatchObject({ cpfCnpj: '52998224725', name: 'Ana Souza' });
    expect(asaas.violations).toEqual([]);
    // The same checkout again answers the same charge.
    const again = await call(company.token, 'POST', '/subscription', { ...checkout, invoiceId: invoice.id, custom: true, users: 5, connections: 4 });
    expect(again.json().paymentId).toBe(pix.paymentId);

    const forged = asaas.eventBody('PAYMENT_RECEIVED', { ...payment, status: 'RECEIVED' });
    const post = (headers: Record<string, string>, body: unknown) =>
      server.app.inject({ method: 'POST', url: '/subscription/webhook', headers, payload: body as never });
    expect((await post({}, forged)).statusCode).toBe(401);
    expect((await post({ 'asaas-access-token': 'guess' }, forged)).statusCode).toBe(401);
    const otherPayment = { ...forged, payment: { ...forged.payment, id: 'pay_forged' } };
    expect((await post({ 'asaas-access-token': WEBHOOK_TOKEN }, otherPayment)).statusCode).toBe(404);
    const cheaper = { ...forged, payment: { ...forged.payment, value: 1 } };
    expect((await post({ 'asaas-access-token': WEBHOOK_TOKEN }, cheaper)).statusCode).toBe(400);
    expect((await call(company.token, 'GET', `/invoices/${invoice.id}`)).json().status).toBe('open');
    expect((await call(company.token, 'GET', '/tags')).statusCode).toBe(402);

    const { next, stop } = await framesOf(company.companyId);
    const startedAt = performance.now();
    expect(await asaas.pay(pix.paymentId)).toBe(200);
    expect((await call(company.token, 'GET', '/tags')).statusCode).toBe(200);
    const unlockedMs = performance.now() - startedAt;
    const frame = await next((m) => m.subject.endsWith('.payment'));
    expect(frame.data).toMatchObject({ action: 'CONCLUIDA', invoiceId: invoice.id });
    await stop();
    const paidThrough = (frame.data as { dueDate: string }).dueDate;
    expect(paidThrough > yesterday()).toBe(true);
    expect((await call(root, 'GET', `/companies/${company.companyId}`)).json().dueDate).toBe(paidThrough);
    expect((await call(company.token, 'GET', `/invoices/${invoice.id}`)).json()).toMatchObject({ status: 'paid' });

    // Asaas repeats itself (and sends CONFIRMED as well as RECEIVED): nothing happens twice.
    expect(await asaas.deliver('PAYMENT_CONFIRMED', asaas.payments.get(pix.paymentId)!)).toBe(200);
    expect(await asaas.pay(pix.paymentId)).toBe(200);
    const paidEvents = (await server.wiring.store.readStream(`invoice-${company.companyId}-${yesterday()}`)).filter((e) => e.type === 'InvoicePaid');
    expect(paidEvents).toHaveLength(1);
    expect((await call(root, 'GET', `/companies/${company.companyId}`)).json().dueDate).toBe(paidThrough);
    const paidAgain = await call(company.token, 'POST', '/subscription', { ...checkout, invoiceId: invoice.id });
    expect(paidAgain.json().error).toBe('ERR_INVOICE_ALREADY_PAID');
    expect(unlockedMs).toBeGreaterThan(0);
  });

  it('answers the provider’s refusal as a 502 with the reason, and a new checkout tries again', async () => {
    const company = await overdueCompany('Fatura Cinco', 105);
    const [invoice] = (await call(company.token, 'GET', '/invoices/all')).json().data;
    asaas.failNext = { status: 400, code: 'invalid_customer', description: 'CPF inválido' };
    const refused = await call(company.token, 'POST', '/subscription', { ...checkout, invoiceId: invoice.id });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ error: 'ERR_PAYMENT_PROVIDER_UNAVAILABLE', message: expect.stringContaining('CPF inválido') });
    const retried = await call(company.token, 'POST', '/subscription', { ...checkout, invoiceId: invoice.id });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().valor.original).toBe('149.90');
  });
});
