import type { z } from 'zod';
import { CustomerAnswer, CustomerList, ErrorAnswer, PaymentAnswer, PaymentList, PixQrCodeAnswer } from './asaas-contract';
import { PaymentProviderError, type PaymentProvider, type PixCharge, type PixChargeRequest } from './port';

/** Production API; the sandbox is https://api-sandbox.asaas.com/v3 (ASAAS_API_URL). */
export const ASAAS_DEFAULT_URL = 'https://api.asaas.com/v3';
/** Every call gives up after this long: a slow provider never holds the reactor. */
const CALL_TIMEOUT_MS = 10_000;

/**
 * The Asaas v3 adapter: the API key in the `access_token` header, JSON bodies. Creating a charge
 * is three steps made resumable by references: the customer is looked up by its reference before
 * it is created, the payment likewise, then its Pix QR code is read.
 */
export function createAsaasProvider(options: { baseUrl?: string; fetch?: typeof fetch; timeoutMs?: number } = {}): PaymentProvider {
  const baseUrl = (options.baseUrl ?? ASAAS_DEFAULT_URL).replace(/\/$/, '');
  const fetchImpl = options.fetch ?? fetch;

  async function call<T extends z.ZodType>(token: string, method: 'GET' | 'POST', path: string, answer: T, body?: unknown): Promise<z.infer<T>> {
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: { access_token: token, 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'Conversa' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError(`Asaas could not be reached (${error instanceof Error ? error.message : String(error)})`, null);
    }
    const text = await response.text();
    const json = text ? safeJson(text) : undefined;
    if (!response.ok) {
      const described = ErrorAnswer.safeParse(json);
      const reason = described.success
        ? described.data.errors.map((e) => `${e.code}: ${e.description}`).join('; ')
        : response.status === 401
          ? 'the API key (asaas setting) was refused'
          : text.slice(0, 200);
      throw new PaymentProviderError(`Asaas ${method} ${path.split('?')[0]} answered ${response.status}: ${reason}`, response.status);
    }
    const parsed = answer.safeParse(json);
    if (!parsed.success) throw new PaymentProviderError(`Asaas ${method} ${path.split('?')[0]} answered an unexpected body`, response.status);
    return parsed.data;
  }

  return {
    async createPixCharge(request: PixChargeRequest): Promise<PixCharge> {
      const { token } = request;
      const customers = await call(token, 'GET', `/customers?externalReference=${encodeURIComponent(request.customer.reference)}`, CustomerList);
      const customer =
        customers.data.find((c) => !c.deleted) ??
        (await call(token, 'POST', '/customers', CustomerAnswer, {
          name: request.customer.name,
          cpfCnpj: request.customer.document,
          ...(request.customer.email ? { email: request.customer.email } : {}),
          externalReference: request.customer.reference,
          notificationDisabled: true,
        }));
      const payments = await call(token, 'GET', `/payments?externalReference=${encodeURIComponent(request.reference)}`, PaymentList);
      const payment =
        payments.data.find((p) => !p.deleted) ??
        (await call(token, 'POST', '/payments', PaymentAnswer, {
          customer: customer.id,
          billingType: 'PIX',
          value: request.amount,
          dueDate: request.dueDate,
          description: request.description,
          externalReference: request.reference,
        }));
      const qr = await call(token, 'GET', `/payments/${encodeURIComponent(payment.id)}/pixQrCode`, PixQrCodeAnswer);
      return { paymentId: payment.id, payload: qr.payload };
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
