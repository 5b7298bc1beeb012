import { BASIC_EMAIL, type FieldErrors } from '../../shared/validation';

/** The login form: the basic email pattern and a 6-character password minimum. */
export function validateLogin(values: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (!BASIC_EMAIL.test(values.email.trim())) errors.email = 'login.invalidEmail';
  if (values.password.length < 6) errors.password = 'login.passwordTooShort';
  return errors;
}
