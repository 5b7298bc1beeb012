import { z } from 'zod';
import { Language, Profile } from '../session/api';
import { companyRecord, timestamps } from '../common/views';

/** A user as the API shows it (never the password hash). */
export const UserView = z
  .object({
    ...companyRecord,
    name: z.string(),
    email: z.string(),
    profile: Profile,
    super: z.boolean(),
    language: Language,
    profileImage: z.string().nullable(),
    startWork: z.string(),
    endWork: z.string(),
    farewellMessage: z.string(),
    allTicket: z.enum(['enable', 'disable']),
    allowGroup: z.boolean(),
    defaultMenu: z.enum(['open', 'closed']),
    defaultTheme: z.enum(['light', 'dark']),
    whatsappId: z.number().nullable(),
    queueIds: z.array(z.number()),
    showDashboard: z.boolean(),
    allowRealTime: z.boolean(),
    allowConnections: z.boolean(),
    /** WhatsApp number for password resets (digits), '' when none. */
    phone: z.string(),
    /** Pinging from a browser. */
    online: z.boolean(),
    ...timestamps,
    lastLogin: z.string().nullable(),
  })
  .meta({ id: 'UserView' });
export type UserView = z.infer<typeof UserView>;

/** `user` frame body (projections/users/projector.ts): the user as it now stands (without queue names), or the id of the one deleted. */
export type UserFrame = { action: 'create' | 'update'; user: UserView; userId?: never } | { action: 'delete'; userId: number; user?: never };

/** One line of GET /users/list: enough to pick a user. */
export const UserOption = z.object({ id: z.number(), name: z.string() });
export type UserOption = z.infer<typeof UserOption>;
