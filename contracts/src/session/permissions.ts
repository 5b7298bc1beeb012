import type { Profile } from './api';

/**
 * The original names these permissions and lists as admin only: show all tickets, delete ticket and contact, and
 * "edit profile and queues in the user dialog". Conversa decides for the supervisor profile the spec leaves open:
 * supervisors may see all tickets (they supervise attendants) but, like plain users, may neither set a user's
 * profile nor their queues; they manage the users list otherwise (contracts/src/users/access.ts).
 */
export const permissions = {
  'tickets-manager:showall': ['admin', 'supervisor'],
  'ticket-options:deleteTicket': ['admin'],
  'contacts-page:deleteContact': ['admin'],
  'user-modal:editProfile': ['admin'],
  'user-modal:editQueues': ['admin'],
} as const satisfies Record<string, readonly Profile[]>;

export type Permission = keyof typeof permissions;

export const can = (profile: Profile, permission: Permission): boolean => (permissions[permission] as readonly Profile[]).includes(profile);
