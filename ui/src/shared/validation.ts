import type { MessageKey } from '../i18n';

/** A form's errors: the message key of each invalid field. */
export type FieldErrors<F extends string> = Partial<Record<F, MessageKey>>;

/** The forms' basic email pattern (login, profile, users). */
export const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;

/** What `fieldErrorsOf` needs of a zod schema (its `safeParse`), so this module does not tie callers to one zod build. */
export interface ParsesFields {
  safeParse(values: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/**
 * A zod schema's verdict as field errors: each issue's message is the field's message key, the first
 * issue of a field wins (a schema lists its checks in the order the form shows them).
 */
export function fieldErrorsOf<F extends string>(schema: ParsesFields, values: unknown): FieldErrors<F> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as F | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message as MessageKey;
  }
  return errors;
}

/** The user form's rules, shared by one's own profile and the users screen: name 2–50, email valid and required, password 5–50 when given. */
export function validateProfile(values: { name: string; email: string; password: string }): FieldErrors<'name' | 'email' | 'password'> {
  const errors: FieldErrors<'name' | 'email' | 'password'> = {};
  const name = values.name.trim();
  if (!name) errors.name = 'profile.required';
  else if (name.length < 2) errors.name = 'profile.tooShort';
  else if (name.length > 50) errors.name = 'profile.tooLong';
  const email = values.email.trim();
  if (!email) errors.email = 'profile.required';
  else if (!BASIC_EMAIL.test(email)) errors.email = 'profile.invalidEmail';
  if (values.password) {
    if (values.password.length < 5) errors.password = 'profile.tooShort';
    else if (values.password.length > 50) errors.password = 'profile.tooLong';
  }
  return errors;
}
