import { SignupRequest } from '@conversa/contracts';
import type { MessageKey } from '../../i18n';
import type { FieldErrors } from '../../shared/validation';

export interface SignupValues {
  name: string;
  companyName: string;
  email: string;
  phone: string;
  document: string;
  password: string;
  planId: string;
  termo: boolean;
  companyId?: string | undefined;
}
export type SignupField = Exclude<keyof SignupValues, 'companyId'>;

/** The contract's Portuguese messages mapped to their translated keys. */
const contractMessageKeys: Record<string, MessageKey> = {
  'Muito curto!': 'signup.validation.tooShort',
  'Muito longo!': 'signup.validation.tooLong',
  'E-mail inválido': 'signup.validation.emailInvalid',
  'A senha deve ter uma letra minúscula': 'signup.validation.passwordLowercase',
  'A senha deve ter uma letra maiúscula': 'signup.validation.passwordUppercase',
  'O telefone deve ter 11 dígitos': 'signup.validation.phone',
  'CPF/CNPJ inválido': 'signup.validation.document',
  'Você deve aceitar os termos para continuar.': 'signup.validation.terms',
};

/** Required-field messages the contract leaves to the UI. */
const requiredKeys: Partial<Record<SignupField, MessageKey>> = {
  name: 'signup.validation.nameRequired',
  companyName: 'signup.validation.companyNameRequired',
  email: 'signup.validation.emailRequired',
  password: 'signup.validation.passwordRequired',
  planId: 'signup.validation.plan',
};

/** Validates with the contract's SignupRequest; returns the parsed request only when every field passes. */
export function validateSignup(values: SignupValues): { errors: FieldErrors<SignupField>; request?: SignupRequest } {
  const errors: FieldErrors<SignupField> = {};
  for (const [field, key] of Object.entries(requiredKeys) as [SignupField, MessageKey][]) {
    const value = values[field];
    if (typeof value === 'string' && value.trim() === '') errors[field] = key;
  }
  const parsed = SignupRequest.safeParse({
    ...values,
    planId: values.planId === '' ? undefined : values.planId,
    companyId: values.companyId ? values.companyId : undefined,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SignupField | undefined;
      if (!field || errors[field]) continue;
      errors[field] = field === 'planId' ? 'signup.validation.plan' : (contractMessageKeys[issue.message] ?? 'signup.validation.invalid');
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { errors, request: parsed.data };
}
