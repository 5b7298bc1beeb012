import { describe, expect, it } from 'vitest';
import { customPlanPrice, formatBrl, invoiceDisplayStatus } from './pricing';

describe('custom plan pricing', () => {
  it('costs 49 for the minimum of 3 users and 3 connections', () => {
    expect(customPlanPrice(3, 3)).toBe(49);
  });
  it('adds 11 per user and 20 per connection above the minimum', () => {
    expect(customPlanPrice(4, 3)).toBe(60);
    expect(customPlanPrice(3, 4)).toBe(69);
    expect(customPlanPrice(10, 5)).toBe(49 + 7 * 11 + 2 * 20);
  });
  it('never goes under the minimum', () => {
    expect(customPlanPrice(1, 0)).toBe(49);
  });
  it('formats reais in pt-BR with 2 decimals', () => {
    expect(formatBrl(49)).toBe('R$ 49,00');
    expect(formatBrl(1234.5)).toBe('R$ 1.234,50');
  });
});

describe('invoice display status', () => {
  it("is 'paid' when paid, 'overdue' when due before today, else 'open'", () => {
    expect(invoiceDisplayStatus({ status: 'paid', dueDate: '2020-01-01' }, '2026-01-01')).toBe('paid');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2025-12-31' }, '2026-01-01')).toBe('overdue');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2026-01-01' }, '2026-01-01')).toBe('open');
  });
});
