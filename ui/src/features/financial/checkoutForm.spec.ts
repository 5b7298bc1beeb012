import { describe, expect, it } from 'vitest';
import { checkoutTotal, initialCheckoutValues, stepCount, toSubscriptionRequest, validateCheckout } from './checkoutForm';

const invoice = { id: 9, value: 149.9, detail: 'Plano Ouro' };

describe('checkout form', () => {
  it('requires the full name and the CPF/CNPJ with the spec messages', () => {
    expect(validateCheckout(initialCheckoutValues())).toEqual({ firstName: 'checkout.error.firstName', zipcode: 'checkout.error.zipcode' });
    expect(validateCheckout({ ...initialCheckoutValues(), firstName: 'Ana', zipcode: '52998224725' })).toEqual({});
  });

  it('steps the custom counts by one, never under 3', () => {
    expect(stepCount(3, -1, 'users')).toBe(3);
    expect(stepCount(3, 1, 'users')).toBe(4);
    expect(stepCount(4, -1, 'connections')).toBe(3);
  });

  it("charges the invoice's value, or the custom plan's price", () => {
    expect(checkoutTotal(initialCheckoutValues(), invoice)).toBe(149.9);
    expect(checkoutTotal({ ...initialCheckoutValues(), choice: 'custom', users: 5, connections: 4 }, invoice)).toBe(91);
  });

  it('maps the values to POST /subscription', () => {
    const values = { ...initialCheckoutValues(), firstName: ' Ana ', zipcode: '529.982.247-25', choice: 'custom' as const, users: 4, connections: 3 };
    expect(toSubscriptionRequest(values, invoice)).toMatchObject({
      firstName: 'Ana',
      zipcode: '529.982.247-25',
      custom: true,
      users: 4,
      connections: 3,
      price: 60,
      invoiceId: 9,
    });
    expect(toSubscriptionRequest({ ...values, choice: 'plan' }, invoice)).toMatchObject({ custom: false, price: 149.9, plan: 'Plano Ouro' });
  });
});
