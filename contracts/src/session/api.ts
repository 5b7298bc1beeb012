import { z } from 'zod';
import { CompanySettingsSchema, PlanSchema } from '../companies/settings';
import { RecordIdParam, safeText } from '../common/bounds';

/** The session calls. */

export const Profile = z.enum(['admin', 'supervisor', 'user']);
export type Profile = z.infer<typeof Profile>;
export const Language = z.enum(['pt-BR', 'en', 'es', 'tr']);
export type Language = z.infer<typeof Language>;

export const LoginRequest = z.object({
  email: safeText().trim().email().max(200),
  password: safeText().min(1).max(200),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const QueueRef = z.object({ id: z.number().int(), name: safeText(), color: safeText() });

export const SessionUser = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: safeText(),
  email: safeText(),
  profile: Profile,
  super: z.boolean(),
  language: Language,
  profileImage: safeText().nullable(),
  startWork: safeText(),
  endWork: safeText(),
  farewellMessage: safeText(),
  /** WhatsApp number for password resets ('' when none). */
  phone: safeText().optional(),
  allTicket: z.enum(['enable', 'disable']),
  allowGroup: z.boolean(),
  defaultMenu: z.enum(['open', 'closed']),
  defaultTheme: z.enum(['light', 'dark']),
  whatsappId: z.number().int().nullable(),
  queues: z.array(QueueRef),
  showDashboard: z.boolean(),
  allowRealTime: z.boolean(),
  allowConnections: z.boolean(),
  online: z.boolean(),
  company: z.object({
    id: z.number().int(),
    name: safeText(),
    /** ISO date (YYYY-MM-DD). Company 1 is 2999-12-31 and never expires. */
    dueDate: safeText(),
    plan: PlanSchema,
    companieSettings: CompanySettingsSchema.omit({ asaas: true }),
  }),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** Answer of POST /auth/login and POST /auth/refresh_token. The refresh token travels in an httpOnly cookie `jrt`. */
export const SessionResponse = z.object({
  token: safeText(),
  publicToken: safeText(),
  user: SessionUser,
  /** The Meta app the browser's Facebook login uses (its id only, never the secret); null when the server has none. */
  metaAppId: safeText().nullable().optional(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;

/** Answer of POST /auth/signup: the new company and its first user. */
export const SignupResponse = z.object({ companyId: z.number(), userId: z.number() });
export type SignupResponse = z.infer<typeof SignupResponse>;

/** Valid CPF (11 digits) or CNPJ (14 digits), by their check digits. */
export function isValidCpfCnpj(raw: string): boolean {
  const digits = raw.replace(/\D/g, '');
  if (digits.length === 11) return isValidCpf(digits);
  if (digits.length === 14) return isValidCnpj(digits);
  return false;
}

function isValidCpf(cpf: string): boolean {
  if (/^(\d)\1{10}$/.test(cpf)) return false;
  const digit = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(cpf[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return digit(9) === Number(cpf[9]) && digit(10) === Number(cpf[10]);
}

function isValidCnpj(cnpj: string): boolean {
  if (/^(\d)\1{13}$/.test(cnpj)) return false;
  const digit = (length: number) => {
    const weights = length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(cnpj[i]) * weights[i]!;
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return digit(12) === Number(cnpj[12]) && digit(13) === Number(cnpj[13]);
}

/** The signup rules; messages in Portuguese as the original writes them. */
export const SignupRequest = z.object({
  name: safeText().trim().min(2, 'Muito curto!').max(50, 'Muito longo!'),
  companyName: safeText().trim().min(2, 'Muito curto!').max(50, 'Muito longo!'),
  email: safeText().trim().email('E-mail inválido').max(200),
  password: safeText()
    .min(8, 'Muito curto!')
    .max(100, 'Muito longo!')
    .regex(/[a-z]/, 'A senha deve ter uma letra minúscula')
    .regex(/[A-Z]/, 'A senha deve ter uma letra maiúscula'),
  phone: safeText().regex(/^\d{11}$/, 'O telefone deve ter 11 dígitos'),
  document: safeText().refine(isValidCpfCnpj, 'CPF/CNPJ inválido'),
  planId: RecordIdParam,
  termo: z.literal(true, 'Você deve aceitar os termos para continuar.'),
  companyId: RecordIdParam.optional(),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

/** Password strength bar of the signup form: 33 for length, 33 for a lowercase, 34 for an uppercase letter. */
export const passwordStrength = (password: string): number =>
  (password.length >= 8 ? 33 : 0) + (/[a-z]/.test(password) ? 33 : 0) + (/[A-Z]/.test(password) ? 34 : 0);

/** The socket ping. */
export const SOCKET_PING_MS = 18_000;
export const USER_STATUS_PING_MS = 300_000;
export const SUBSCRIPTION_WARNING_DAYS = 5;
