import { z } from 'zod';
import { Language, Profile, USER_STATUS_PING_MS } from '../session/api';
import type { Permission } from '../session/permissions';
import type { UserDetails } from './events';
import { QueueSummary } from '../queues/views';
import { UserView } from './views';
import { RecordId, RecordIdParam, safeText } from '../common/bounds';
import { SearchParam } from '../common/inputs';

/** The users calls. Validation messages as the user form shows them. */

const TimeOfDay = safeText().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'Horário inválido (use HH:mm)');
const name = safeText('Required').trim().min(1, 'Required').min(2, 'Too Short!').max(50, 'Too Long!');
const email = safeText('Required').trim().toLowerCase().min(1, 'Required').email('Invalid email').max(200, 'Too Long!');
const password = safeText('Required').min(5, 'Too Short!').max(50, 'Too Long!');

/** Every field of the user dialog except the password and the image, which have their own rules. */
const UserFormFields = z.object({
  name,
  email,
  profile: Profile,
  language: Language,
  queueIds: z
    .array(RecordId)
    .max(200)
    .transform((ids) => [...new Set(ids)]),
  startWork: TimeOfDay,
  endWork: TimeOfDay,
  farewellMessage: safeText().max(2000, 'Too Long!'),
  allTicket: z.enum(['enable', 'disable']),
  allowGroup: z.boolean(),
  defaultMenu: z.enum(['open', 'closed']),
  defaultTheme: z.enum(['light', 'dark']),
  /** The user's default connection (spec's wpp / whatsappId); null: none. */
  whatsappId: RecordId.nullable(),
  showDashboard: z.boolean(),
  allowRealTime: z.boolean(),
  allowConnections: z.boolean(),
  /** WhatsApp number for password resets: digits (a +, spaces or dashes are dropped), 10 to 15 of them, or empty. */
  phone: safeText()
    .max(30)
    .transform((value) => value.replace(/[\s()+-]/g, ''))
    .refine((value) => value === '' || /^\d{10,15}$/.test(value), 'Número inválido'),
});

/** POST /users: name, e-mail and password required; everything else takes the new-user defaults (profile user). */
export const CreateUserRequest = UserFormFields.omit({ name: true, email: true }).partial().extend({ name, email, password }).strict();
export type CreateUserRequest = z.input<typeof CreateUserRequest>;

/** PUT /users/{id}: any subset; a password given replaces the old one. */
export const UpdateUserRequest = UserFormFields.extend({ password }).partial().strict();
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;

/** GET /users: a page of 40 (searchParam, pageNumber or companyId). */
export const ListUsersQuery = z.object({
  searchParam: SearchParam,
  pageNumber: z.coerce.number().int().positive().max(100_000).optional(),
  companyId: RecordIdParam.optional(),
});
export const USERS_PAGE_SIZE = 40;

/** POST /users/{id}/media-upload form fields besides the `profileImage` file. */
export const UserMediaUploadFields = z.object({ userId: RecordIdParam.optional(), typeArch: safeText().max(50).optional() });

/** A user as the users screen and its socket frames carry it (never a password). */
export const UserRecord = UserView.extend({
  /** The user's queues that still exist, named (GET /users, GET /users/{id} and the saves answer them). */
  queues: z.array(QueueSummary),
});
export type UserRecord = z.infer<typeof UserRecord>;

export const UserListResponse = z.object({ users: z.array(UserRecord), count: z.number(), hasMore: z.boolean() });
export type UserListResponse = z.infer<typeof UserListResponse>;

/**
 * Which user fields need which permission to change: the profile and what makes a user
 * count as admin need `user-modal:editProfile`; queues and the ticket-visibility flags need
 * `user-modal:editQueues`. Everything else a user may change on themself, and a user manager on others.
 */
export const guardedUserFields: Record<Permission & `user-modal:${string}`, readonly (keyof UserDetails)[]> = {
  'user-modal:editProfile': ['profile', 'showDashboard', 'allowRealTime', 'allowConnections'],
  'user-modal:editQueues': ['queueIds', 'allTicket', 'allowGroup'],
};

/** No ping for two intervals plus a minute of slack: the browser is gone (status ping every 300000 ms). */
export const USER_OFFLINE_AFTER_MS = 2 * USER_STATUS_PING_MS + 60_000;
