import { describe, expect, it } from 'vitest';
import { plan } from '../../test/fixtures';
import { emptyPlanForm, formatPlanAmount, planFormOf, planRequestOf, validatePlanForm } from './planForm';

describe('plan form', () => {
  it('starts with every flag on and public (spec 2 §3)', () => {
    const form = emptyPlanForm();
    expect(Object.values(form.flags).every(Boolean)).toBe(true);
    expect(Object.keys(form.flags)).toHaveLength(10);
    expect(form.isPublic).toBe(true);
  });

  it('requires a name, whole-number limits and a price with at most two decimals', () => {
    expect(validatePlanForm(emptyPlanForm())).toEqual({
      name: 'plans.validation.required',
      users: 'plans.validation.required',
      connections: 'plans.validation.required',
      queues: 'plans.validation.required',
      amount: 'plans.validation.required',
    });
    const typed = { ...emptyPlanForm(), name: 'x'.repeat(101), users: '2.5', connections: '-1', queues: '3', amount: '10,999' };
    expect(validatePlanForm(typed)).toEqual({
      name: 'plans.validation.tooLong',
      users: 'plans.validation.wholeNumber',
      connections: 'plans.validation.wholeNumber',
      amount: 'plans.validation.amount',
    });
    expect(validatePlanForm({ ...typed, name: 'Ouro', users: '10', connections: '0', amount: '149,9' })).toEqual({});
  });

  it('sends numbers and a dotted price, and reads a saved plan back with a comma', () => {
    const form = { ...emptyPlanForm(), name: ' Ouro ', users: '10', connections: '3', queues: '5', amount: '149,90' };
    form.flags.useKanban = false;
    expect(planRequestOf(form)).toMatchObject({
      name: 'Ouro',
      users: 10,
      connections: 3,
      queues: 5,
      amount: '149.90',
      useKanban: false,
      useWhatsapp: true,
      isPublic: true,
    });
    expect(planFormOf(plan({ amount: '199.9', useKanban: true }))).toMatchObject({
      amount: '199,90',
      users: '10',
      flags: expect.objectContaining({ useKanban: true, useFacebook: false }),
    });
  });

  it('shows the amount in pt-BR with two decimals (spec 2 §9)', () => {
    expect(formatPlanAmount('1499.9').replace(/\s/g, ' ')).toBe('R$ 1.499,90');
    expect(formatPlanAmount('0').replace(/\s/g, ' ')).toBe('R$ 0,00');
  });
});
