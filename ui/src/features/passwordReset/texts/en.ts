import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

export const en = {
  'reset.title': 'Reset password',
  'reset.subtitle': 'We will send a code to your WhatsApp.',
  'reset.number': 'WhatsApp number',
  'reset.send': 'Send code',
  'reset.code': 'Verification code',
  'reset.verify': 'Check code',
  'reset.newPassword': 'New password',
  'reset.save': 'Save password',
  'reset.backToLogin': 'Back to login',
  'reset.forgot': 'Forgot your password?',
  'reset.sent': 'Verification code sent!',
  'reset.incorrect': 'Incorrect verification code. Try again.',
  'reset.attemptsExceeded': 'Too many attempts. Redirecting...',
  'reset.invalid': 'Invalid verification code. The password cannot be changed.',
  'reset.verifyFailed': 'Could not check the code.',
  'reset.saveFailed': 'Could not save the password.',
  'reset.saved': 'Password updated!',
  'reset.required': 'Required',
  'reset.passwordRules': 'At least 8 characters, with a lowercase and an uppercase letter.',
} satisfies Translations<typeof ptBR>;
