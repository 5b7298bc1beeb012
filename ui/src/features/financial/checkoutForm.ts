import { CUSTOM_PLAN, customPlanPrice, type InvoiceView, type SubscriptionRequest } from '@conversa/contracts';
import type { FieldErrors } from '../../shared/validation';

/** The checkout's steps: Dados, Personalizar, Revisar (0 to 2), then the Pix step after submit. */
export const CHECKOUT_STEPS = ['data', 'customize', 'review'] as const;

export interface CheckoutValues {
  firstName: string;
  lastName: string;
  /** Labelled CPF/CNPJ (the spec's field name). */
  zipcode: string;
  city: string;
  state: string;
  country: string;
  /** The company's plan (the invoice's value) or the custom plan. */
  choice: 'plan' | 'custom';
  users: number;
  connections: number;
}

export const initialCheckoutValues = (): CheckoutValues => ({
  firstName: '',
  lastName: '',
  zipcode: '',
  city: '',
  state: '',
  country: 'Brasil',
  choice: 'plan',
  users: CUSTOM_PLAN.minUsers,
  connections: CUSTOM_PLAN.minConnections,
});

export type CheckoutField = 'firstName' | 'zipcode';

/** The Dados step's rules (spec 2 §5): the full name and the CPF/CNPJ are required. */
export function validateCheckout(values: CheckoutValues): FieldErrors<CheckoutField> {
  const errors: FieldErrors<CheckoutField> = {};
  if (!values.firstName.trim()) errors.firstName = 'checkout.error.firstName';
  if (!values.zipcode.trim()) errors.zipcode = 'checkout.error.zipcode';
  return errors;
}

/** A custom count moved by the +/- buttons: never under the minimum of 3, never past what the server accepts. */
export const stepCount = (value: number, delta: 1 | -1, kind: 'users' | 'connections'): number => {
  const min = kind === 'users' ? CUSTOM_PLAN.minUsers : CUSTOM_PLAN.minConnections;
  const max = kind === 'users' ? CUSTOM_PLAN.maxUsers : CUSTOM_PLAN.maxConnections;
  return Math.min(max, Math.max(min, value + delta));
};

/** What the checkout charges: the invoice's value, or the custom plan's price. */
export const checkoutTotal = (values: CheckoutValues, invoice: Pick<InvoiceView, 'value'>): number =>
  values.choice === 'custom' ? customPlanPrice(values.users, values.connections) : invoice.value;

export function toSubscriptionRequest(values: CheckoutValues, invoice: Pick<InvoiceView, 'id' | 'value' | 'detail'>): SubscriptionRequest {
  const custom = values.choice === 'custom';
  const trimmed = (text: string) => (text.trim() ? text.trim() : undefined);
  return {
    firstName: values.firstName.trim(),
    lastName: trimmed(values.lastName),
    zipcode: values.zipcode.trim(),
    city: trimmed(values.city),
    state: trimmed(values.state),
    country: trimmed(values.country),
    plan: custom ? JSON.stringify({ users: values.users, connections: values.connections }) : invoice.detail,
    price: checkoutTotal(values, invoice),
    custom,
    ...(custom ? { users: values.users, connections: values.connections } : {}),
    invoiceId: invoice.id,
  };
}
