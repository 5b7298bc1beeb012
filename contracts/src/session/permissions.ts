import type { Profile } from './api';

/**
 * Spec 1 §6 names these permissions but not who holds them; Conversa decides:
 * admins hold all, supervisors may see all tickets and edit users' queues, plain users none.
 */
export const permissions = {
  'tickets-manager:showall': ['admin', 'supervisor'],
  'ticket-options:deleteTicket': ['admin'],
  'contacts-page:deleteContact': ['admin'],
  'user-modal:editProfile': ['admin'],
  'user-modal:editQueues': ['admin', 'supervisor'],
} as const satisfies Record<string, readonly Profile[]>;

export type Permission = keyof typeof permissions;

export const can = (profile: Profile, permission: Permission): boolean =>
  (permissions[permission] as readonly Profile[]).includes(profile);
