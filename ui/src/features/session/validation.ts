import type { MessageKey } from '../../i18n';

export type FieldErrors<F extends string> = Partial<Record<F, MessageKey>>;

/** Spec 1 §5: the login form's basic email pattern and 6-character password minimum. */
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin(values: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (!BASIC_EMAIL.test(values.email.trim())) errors.email = 'login.invalidEmail';
  if (values.password.length < 6) errors.password = 'login.passwordTooShort';
  return errors;
}

/** Spec 1 §5 / spec 2 §5 user form: name 2–50, email valid and required, password 5–50 when given. */
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
