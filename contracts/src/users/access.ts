import type { Profile } from '../session/api';
import { can, type Permission } from '../session/permissions';
import { inAudience, roleTable } from '../session/roles';

/**
 * Who may manage which users. Pure predicates, shared by the server (which enforces them,
 * services/core/src/users/access.ts) and the users screen (which shows only what they allow).
 */

/** Who is changing users: the signed-in user's role and flags. */
export interface UserEditor {
  userId: number;
  profile: Profile;
  super: boolean;
  /** A plain user with allowConnections is treated as admin for the administration section, users included. */
  allowConnections: boolean;
}

/** The user being changed, as far as the rules look at it. */
export interface EditedUser {
  id: number;
  profile: Profile;
  super: boolean;
}

/** A super user holds every permission; others hold what their profile holds (contracts/src/session/permissions.ts). */
export const holdsUserPermission = (editor: Pick<UserEditor, 'profile' | 'super'>, permission: Permission): boolean =>
  editor.super || can(editor.profile, permission);

/** The users screen (list, create, edit others, delete): the role table's users row (admins, supervisors, allowConnections). */
export const canManageUsers = (editor: Pick<UserEditor, 'profile' | 'super' | 'allowConnections'>): boolean =>
  inAudience({ ...editor, showDashboard: false, allowRealTime: false }, roleTable.users.write);

/**
 * Whether `editor` may change or delete `target` at all (oneself always, for one's own details). Someone who may
 * not set profiles may not touch a user who holds more rights than they could give: a supervisor cannot change an
 * admin's e-mail or password (and so sign in as them). Only a super user touches another super user.
 */
export function mayTouchUser(editor: UserEditor, target: EditedUser): boolean {
  if (target.id === editor.userId) return true;
  if (!canManageUsers(editor)) return false;
  if (target.super && !editor.super) return false;
  if (target.profile === 'admin' && !holdsUserPermission(editor, 'user-modal:editProfile')) return false;
  return true;
}
