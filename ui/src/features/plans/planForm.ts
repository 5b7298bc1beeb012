import { allPlanFlagsOn, type Plan, type PlanFields, type PlanFlag } from '@conversa/contracts';
import type { MessageKey } from '../../i18n';

/** The plan dialog's inputs: numbers as typed, so a half-typed value can be shown and refused. */
export interface PlanFormValues {
  name: string;
  users: string;
  connections: string;
  queues: string;
  amount: string;
  flags: Record<PlanFlag, boolean>;
  isPublic: boolean;
}

export type PlanField = 'name' | 'users' | 'connections' | 'queues' | 'amount';
export type PlanFormErrors = Partial<Record<PlanField, MessageKey>>;

/** The spec's plan flags, in its order. */
export const planFlags: readonly PlanFlag[] = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
];

/** A new plan: every flag on, public, limits left for the super user to type. */
export const emptyPlanForm = (): PlanFormValues => ({
  name: '',
  users: '',
  connections: '',
  queues: '',
  amount: '',
  flags: { ...allPlanFlagsOn },
  isPublic: true,
});

export const planFormOf = (plan: Plan): PlanFormValues => ({
  name: plan.name,
  users: String(plan.users),
  connections: String(plan.connections),
  queues: String(plan.queues),
  amount: Number(plan.amount).toFixed(2).replace('.', ','),
  flags: Object.fromEntries(planFlags.map((flag) => [flag, plan[flag]])) as Record<PlanFlag, boolean>,
  isPublic: plan.isPublic,
});

const WHOLE = /^\d{1,9}$/;
/** 149,90 or 149.90 or 149: up to two decimals, either separator. */
const MONEY = /^\d{1,10}(?:[.,]\d{1,2})?$/;

/**
 * The rules for plans are what the API accepts: a name, whole-number limits and a
 * price with at most two decimals.
 */
export function validatePlanForm(values: PlanFormValues): PlanFormErrors {
  const errors: PlanFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'plans.validation.required';
  else if (name.length > 100) errors.name = 'plans.validation.tooLong';
  for (const field of ['users', 'connections', 'queues'] as const) {
    const value = values[field].trim();
    if (value === '') errors[field] = 'plans.validation.required';
    else if (!WHOLE.test(value)) errors[field] = 'plans.validation.wholeNumber';
  }
  const amount = values.amount.trim();
  if (amount === '') errors.amount = 'plans.validation.required';
  else if (!MONEY.test(amount)) errors.amount = 'plans.validation.amount';
  return errors;
}

/** The API's plan fields (amount as a decimal string with a dot). */
export const planRequestOf = (values: PlanFormValues): PlanFields => ({
  name: values.name.trim(),
  users: Number(values.users.trim()),
  connections: Number(values.connections.trim()),
  queues: Number(values.queues.trim()),
  amount: values.amount.trim().replace(',', '.'),
  ...values.flags,
  isPublic: values.isPublic,
});

/** The plan amount in pt-BR format with 2 decimals. */
export const formatPlanAmount = (amount: string): string =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount));
