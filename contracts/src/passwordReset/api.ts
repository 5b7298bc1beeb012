import { z } from 'zod';
import { safeText } from '../common/bounds';
import { SignupRequest } from '../session/api';

/** The spec's messages of the reset screen (and of the API's refusals). */
export const RESET_MESSAGES = {
  sent: 'Código de verificação enviado com sucesso!',
  incorrect: 'Código de verificação incorreto. Tente novamente.',
  attemptsExceeded: 'Tentativas excedidas. Redirecionando...',
  invalid: 'Código de verificação inválido. A senha não pode ser alterada.',
  verifyFailed: 'Erro ao verificar código.',
  saveFailed: 'Erro ao salvar senha.',
  saved: 'Senha atualizada com sucesso!',
} as const;

/**
 * A WhatsApp number as typed: digits after dropping +, spaces, dashes and parentheses; 10 or 11 digits are a
 * Brazilian number without the country code (55 is added), up to 15 with it.
 */
export const ResetNumber = safeText({ error: 'Obrigatório' })
  .max(30)
  .transform((value) => value.replace(/[\s()+.-]/g, ''))
  .refine((value) => /^\d{10,15}$/.test(value), 'Número inválido')
  .transform(normaliseResetNumber);

/** The number a phone is matched and reached under: digits, with Brazil's 55 when given without a country code. */
export function normaliseResetNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 || digits.length === 11 ? `55${digits}` : digits;
}

/** POST /api/enviar-email: the number (as `wpp`, the spec's name, or `number`). */
export const RequestResetBody = z.union([
  z.object({ wpp: ResetNumber }).transform(({ wpp }) => wpp),
  z.object({ number: ResetNumber }).transform(({ number }) => number),
]);

/** The answer: an opaque id of this reset, the same shape whether or not the number is a user's. */
export const RequestResetAnswer = z.object({ resetId: z.uuid(), message: z.string() });

/** GET /api/verificar-code/{number}?code=&resetId=. */
export const VerifyResetParams = z.object({ number: ResetNumber });
export const VerifyResetQuery = z.object({ code: safeText().regex(/^\d{6}$/, 'Código inválido'), resetId: z.uuid() });

/** PUT /api/atualizar-senha: the verified reset (the spec's `userId`, here the reset's id) and the new password (the signup rules). */
export const UpdateResetPasswordBody = z.object({
  resetId: z.uuid(),
  newPassword: SignupRequest.shape.password,
});
