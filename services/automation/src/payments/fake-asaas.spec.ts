import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsaasProvider } from './asaas';
import { FakeAsaasServer } from './fake-asaas';
import { PaymentProviderError } from './port';

/** The Asaas adapter against the fake that enforces Asaas' documented request contract. */
describe('Asaas adapter', () => {
  const fake = new FakeAsaasServer('$aact_test');
  beforeAll(() => fake.start());
  afterAll(() => fake.close());
  const dueDate = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const request = (reference: string) => ({
    token: '$aact_test',
    customer: { reference: 'conversa-company-7', name: 'Acme', document: '12345678909', email: 'acme@example.com' },
    amount: 49,
    dueDate,
    description: 'Conversa',
    reference,
  });

  it('creates the customer and a Pix charge, and reads its copy-and-paste code', async () => {
    const provider = createAsaasProvider({ baseUrl: fake.baseUrl });
    const charge = await provider.createPixCharge(request('conversa:7:2026-01-31:1'));
    expect(charge.paymentId).toMatch(/^pay_/);
    expect(charge.payload).toContain('br.gov.bcb.pix');
    expect(fake.violations).toEqual([]);
    const payment = fake.payments.get(charge.paymentId)!;
    expect(payment).toMatchObject({ value: 49, externalReference: 'conversa:7:2026-01-31:1' });
    expect(fake.requests.every((r) => r.token === '$aact_test')).toBe(true);
  });

  it('finds again what it created: the same reference is the same customer and charge', async () => {
    const provider = createAsaasProvider({ baseUrl: fake.baseUrl });
    const first = await provider.createPixCharge(request('conversa:7:2026-01-31:2'));
    const again = await provider.createPixCharge(request('conversa:7:2026-01-31:2'));
    expect(again.paymentId).toBe(first.paymentId);
    expect(fake.customers.size).toBe(1);
  });

  it('reports a refused key and a refused request as provider errors', async () => {
    const provider = createAsaasProvider({ baseUrl: fake.baseUrl });
    await expect(provider.createPixCharge({ ...request('x:1'), token: 'wrong' })).rejects.toThrow(/401/);
    fake.failNext = { status: 400, code: 'invalid_value', description: 'Valor inválido' };
    await expect(provider.createPixCharge(request('x:2'))).rejects.toThrow(/invalid_value: Valor inválido/);
  });

  it('gives up on an unreachable provider within its timeout', async () => {
    const provider = createAsaasProvider({ baseUrl: 'http://127.0.0.1:9/v3', timeoutMs: 500 });
    await expect(provider.createPixCharge(request('x:3'))).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('the fake refuses what breaks the contract', async () => {
    const response = await fetch(`${fake.baseUrl}/payments`, {
      method: 'POST',
      headers: { access_token: '$aact_test', 'content-type': 'application/json' },
      body: JSON.stringify({ customer: 'cus_1', billingType: 'CASH', value: -1, dueDate: 'tomorrow' }),
    });
    expect(response.status).toBe(400);
    expect(fake.violations.length).toBeGreaterThan(0);
    fake.violations.length = 0;
  });
});
