/**
 * The payment provider as Conversa needs it: a Pix charge for a company's invoice. The Asaas
 * adapter (asaas.ts) speaks its v3 API; tests and a provider-less trial use the fake (fake-asaas.ts).
 */
export interface PixChargeRequest {
  /** The provider's API key (the platform's `asaas` setting). */
  token: string;
  /** The payer: found again by `reference` at the provider, created when new. */
  customer: { reference: string; name: string; document: string; email: string };
  amount: number;
  /** YYYY-MM-DD: the provider refuses a due date in the past, so the caller gives today or later. */
  dueDate: string;
  description: string;
  /** Names the charge: a charge already created with it (before a crash) is answered instead of a second one. */
  reference: string;
}

export interface PixCharge {
  paymentId: string;
  /** The Pix copy-and-paste code (what the QR code encodes). */
  payload: string;
}

export interface PaymentProvider {
  createPixCharge(request: PixChargeRequest): Promise<PixCharge>;
}

/** The provider said no (bad token, bad data) or could not be reached: the reason is recorded on the invoice. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
