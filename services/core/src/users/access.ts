import { can, defaultUserDetails, DomainError, guardedUserFields, type Permission, type Profile, type UserDetails } from '@conversa/contracts';
import { changedFields } from '../commands/changes';

/** Who is changing users: the signed-in user's role and flags. */
export interface UserEditor {
  userId: number;
  profile: Profile;
  super: boolean;
  /** A plain user with allowConnections is treated as admin for the administration section (spec 2 §6), users included. */
  allowConnections: boolean;
}

/** The user being changed, as far as the rules look at it. */
export interface EditedUser {
  id: number;
  profile: Profile;
  super: boolean;
}

const holds = (editor: UserEditor, permission: Permission) => editor.super || can(editor.profile, permission);

/** The users screen (list, create, edit others, delete): admins, supervisors, super users and plain users treated as admin. */
export const canManageUsers = (editor: UserEditor): boolean =>
  editor.super || editor.profile === 'admin' || editor.profile === 'supervisor' || editor.allowConnections;

/**
 * Someone who may not set profiles may not touch a user who holds more rights than they could give:
 * a supervisor cannot change an admin's e-mail or password (and so sign in as them). Only a super user
 * changes another super user.
 */
export function assertMayTouchUser(editor: UserEditor, target: EditedUser): void {
  if (target.id === editor.userId) return;
  if (!canManageUsers(editor)) throw new DomainError('ERR_NO_PERMISSION');
  if (target.super && !editor.super) throw new DomainError('ERR_NO_PERMISSION');
  if (target.profile === 'admin' && !holds(editor, 'user-modal:editProfile')) throw new DomainError('ERR_NO_PERMISSION');
}

function assertGuardedFields(editor: UserEditor, changed: Partial<UserDetails>): void {
  for (const [permission, fields] of Object.entries(guardedUserFields) as [Permission, readonly (keyof UserDetails)[]][]) {
    const touched = fields.filter((field) => changed[field] !== undefined);
    if (touched.length > 0 && !holds(editor, permission)) {
      throw new DomainError('ERR_NO_PERMISSION', `${permission} is needed to change ${touched.join(', ')}`);
    }
  }
}

/**
 * Whether `editor` may make these changes to `target` (spec 2 §6). Only fields whose value differs
 * count, so a form sent back whole with an unchanged profile or queue list is not refused.
 */
export function assertMayChangeUser(editor: UserEditor, target: EditedUser & UserDetails, proposed: Partial<UserDetails>): void {
  assertMayTouchUser(editor, target);
  assertGuardedFields(editor, changedFields(target, proposed));
}

/** Whether `editor` may create a user with these details; guarded fields may only differ from the defaults with their permission. */
export function assertMayCreateUser(editor: UserEditor, details: Partial<UserDetails>): void {
  if (!canManageUsers(editor)) throw new DomainError('ERR_NO_PERMISSION');
  assertGuardedFields(editor, changedFields(defaultUserDetails as Partial<UserDetails>, details));
}

export function assertMayDeleteUser(editor: UserEditor, target: EditedUser): void {
  if (target.id === editor.userId) throw new DomainError('ERR_USER_DELETE_SELF');
  assertMayTouchUser(editor, target);
}
