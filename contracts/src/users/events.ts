import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { Language, Profile } from '../session/api';
import { Count32, RecordId, realDateTime, safeText } from '../common/bounds';

const HHmm = safeText().regex(/^\d{2}:\d{2}$/);

export const UserDetails = z.object({
  name: safeText().trim().min(2).max(50),
  email: safeText().trim().toLowerCase().max(200),
  profile: Profile,
  super: z.boolean(),
  language: Language,
  startWork: HHmm,
  endWork: HHmm,
  farewellMessage: safeText().max(2000),
  allTicket: z.enum(['enable', 'disable']),
  allowGroup: z.boolean(),
  defaultMenu: z.enum(['open', 'closed']),
  defaultTheme: z.enum(['light', 'dark']),
  whatsappId: RecordId.nullable(),
  queueIds: z.array(RecordId),
  showDashboard: z.boolean(),
  allowRealTime: z.boolean(),
  allowConnections: z.boolean(),
  profileImage: safeText().nullable(),
  /** WhatsApp number (digits) a password reset code is sent to; absent on users recorded before it existed. */
  phone: safeText().max(30).optional(),
});
export type UserDetails = z.infer<typeof UserDetails>;

export const UserCreated = defineEvent('UserCreated', UserDetails.extend({ userId: RecordId, companyId: RecordId, passwordHash: safeText().min(20) }));
export const UserDetailsChanged = defineEvent('UserDetailsChanged', z.object({ userId: RecordId, changes: UserDetails.partial() }));
export const UserPasswordChanged = defineEvent('UserPasswordChanged', z.object({ userId: RecordId, passwordHash: safeText().min(20) }));
export const UserDeleted = defineEvent('UserDeleted', z.object({ userId: RecordId }));

/** Guard stream `useremail-<email>`: its expected revision makes an e-mail belong to one user at a time. */
export const UserEmailClaimed = defineEvent('UserEmailClaimed', z.object({ email: safeText(), userId: RecordId }));
export const UserEmailReleased = defineEvent('UserEmailReleased', z.object({ email: safeText(), userId: RecordId }));

/**
 * Presence stream `userpresence-<id>`: only the transitions are facts. The pings in between (every
 * USER_STATUS_PING_MS) are heartbeats kept in a table, not events (see projections/users/presence.ts).
 */
export const UserWentOnline = defineEvent('UserWentOnline', z.object({ userId: RecordId }));
/**
 * Why the user went offline: their browser's pings stopped (the sweeper), they logged out, or their last
 * socket closed. Events recorded before the reason existed carry none; they were all 'pings-stopped'.
 */
export const UserOfflineReason = z.enum(['pings-stopped', 'logout', 'sockets-closed']);
export type UserOfflineReason = z.infer<typeof UserOfflineReason>;
export const UserWentOffline = defineEvent('UserWentOffline', z.object({ userId: RecordId, lastSeenAt: realDateTime(), reason: UserOfflineReason.optional() }));

/** Guard stream `userseats-<companyId>`: its expected revision makes the plan's user limit hold under concurrent creations. */
export const UserSeatTaken = defineEvent('UserSeatTaken', z.object({ companyId: RecordId, userId: RecordId, limit: Count32 }));
export const UserSeatFreed = defineEvent('UserSeatFreed', z.object({ companyId: RecordId, userId: RecordId }));

const userStreamEvents = [UserCreated, UserDetailsChanged, UserPasswordChanged, UserDeleted];
const userEmailEvents = [UserEmailClaimed, UserEmailReleased];
const userPresenceEvents = [UserWentOnline, UserWentOffline];
const userSeatEvents = [UserSeatTaken, UserSeatFreed];
export const userEvents = [...userStreamEvents, ...userEmailEvents, ...userPresenceEvents, ...userSeatEvents];
export type UserEvent = EventUnion<typeof userStreamEvents>;
export type UserEmailEvent = EventUnion<typeof userEmailEvents>;
export type UserPresenceEvent = EventUnion<typeof userPresenceEvents>;
export type UserSeatEvent = EventUnion<typeof userSeatEvents>;

/** Defaults for a new user (work time 00:00–23:59; new users are profile user). */
export const defaultUserDetails: Omit<UserDetails, 'name' | 'email'> = {
  profile: 'user',
  super: false,
  language: 'pt-BR',
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  allTicket: 'disable',
  allowGroup: false,
  defaultMenu: 'open',
  defaultTheme: 'light',
  whatsappId: null,
  queueIds: [],
  showDashboard: false,
  allowRealTime: false,
  allowConnections: false,
  profileImage: null,
};
