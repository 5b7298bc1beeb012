import {
  canManageUsers,
  defaultUserDetails,
  DomainError,
  guardedUserFields,
  holdsUserPermission,
  mayTouchUser,
  type EditedUser,
  type Permission,
  type UserDetails,
  type UserEditor,
} from '@conversa/contracts';
import { changedFields } from '../commands/changes';

// The rules themselves live in contracts (the users screen shows only what they allow); these enforce them.
export { canManageUsers, type EditedUser, type UserEditor };

/** Throws ERR_NO_PERMISSION unless `editor` may change or delete `target` (contracts/src/users/access.ts). */
export function assertMayTouchUser(editor: UserEditor, target: EditedUser): void {
  if (!mayTouchUser(editor, target)) throw new DomainError('ERR_NO_PERMISSION');
}

function assertGuardedFields(editor: UserEditor, changed: Partial<UserDetails>): void {
  for (const [permission, fields] of Object.entries(guardedUserFields) as [Permission, readonly (keyof UserDetails)[]][]) {
    const touched = fields.filter((field) => changed[field] !== undefined);
    if (touched.length > 0 && !holdsUserPermission(editor, permission)) {
      throw new DomainError('ERR_NO_PERMISSION', `${permission} is needed to change ${touched.join(', ')}`);
    }
  }
}

/**
 * Whether `editor` may make these changes to `target`. Only fields whose value differs
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
