import { defaultUserDetails, type Profile, type UserDetails } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { assertMayChangeUser, assertMayCreateUser, assertMayDeleteUser, canManageUsers, type UserEditor } from './access';

const editor = (profile: Profile, extra: Partial<UserEditor> = {}): UserEditor => ({ userId: 1, profile, super: false, allowConnections: false, ...extra });
const target = (id: number, details: Partial<UserDetails> = {}) => ({ id, ...defaultUserDetails, name: 'Bia', email: 'bia@example.com', ...details });
const code = (run: () => void) => {
  try {
    run();
    return 'allowed';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('who manages users', () => {
  it('admins, supervisors, super users and plain users with allowConnections; not plain users', () => {
    expect(canManageUsers(editor('admin'))).toBe(true);
    expect(canManageUsers(editor('supervisor'))).toBe(true);
    expect(canManageUsers(editor('user', { super: true }))).toBe(true);
    expect(canManageUsers(editor('user', { allowConnections: true }))).toBe(true);
    expect(canManageUsers(editor('user'))).toBe(false);
  });
});

describe('changing a user', () => {
  it('lets anyone change their own name, e-mail, language, theme and farewell message', () => {
    expect(
      code(() =>
        assertMayChangeUser(editor('user'), target(1), { name: 'Ana', email: 'x@y.z', language: 'en', defaultTheme: 'dark', farewellMessage: 'Tchau' }),
      ),
    ).toBe('allowed');
  });

  it('refuses a plain user granting themself queues, all tickets, groups or admin flags', () => {
    expect(code(() => assertMayChangeUser(editor('user'), target(1), { queueIds: [3] }))).toBe('ERR_NO_PERMISSION');
    expect(code(() => assertMayChangeUser(editor('user'), target(1), { allTicket: 'enable' }))).toBe('ERR_NO_PERMISSION');
    expect(code(() => assertMayChangeUser(editor('user'), target(1), { allowGroup: true }))).toBe('ERR_NO_PERMISSION');
    expect(code(() => assertMayChangeUser(editor('user'), target(1), { profile: 'admin' }))).toBe('ERR_NO_PERMISSION');
    expect(code(() => assertMayChangeUser(editor('user'), target(1), { showDashboard: true }))).toBe('ERR_NO_PERMISSION');
  });

  it('accepts a whole form sent back with the guarded fields unchanged', () => {
    expect(
      code(() => assertMayChangeUser(editor('user'), target(1, { queueIds: [3] }), { queueIds: [3], profile: 'user', allTicket: 'disable', name: 'Ana' })),
    ).toBe('allowed');
  });

  it('refuses a plain user changing someone else', () => {
    expect(code(() => assertMayChangeUser(editor('user'), target(2), { name: 'Outra' }))).toBe('ERR_NO_PERMISSION');
  });

  it('lets a supervisor change a user’s other fields, but neither queues (user-modal:editQueues) nor profiles (user-modal:editProfile): spec 1 §6 makes both admin only', () => {
    expect(
      code(() => assertMayChangeUser(editor('supervisor'), target(2), { name: 'Bia Lima', startWork: '08:00', farewellMessage: 'Tchau', whatsappId: 3 })),
    ).toBe('allowed');
    expect(code(() => assertMayChangeUser(editor('supervisor'), target(2), { queueIds: [1, 2] }))).toBe('ERR_NO_PERMISSION');
    expect(code(() => assertMayChangeUser(editor('supervisor'), target(2), { allTicket: 'enable' }))).toBe('ERR_NO_PERMISSION');
    expect(code(() => assertMayChangeUser(editor('supervisor'), target(2), { allowGroup: true }))).toBe('ERR_NO_PERMISSION');
    expect(code(() => assertMayChangeUser(editor('supervisor'), target(2), { profile: 'supervisor' }))).toBe('ERR_NO_PERMISSION');
    expect(code(() => assertMayChangeUser(editor('supervisor'), target(2), { showDashboard: true }))).toBe('ERR_NO_PERMISSION');
  });

  it('lets a supervisor change another supervisor, whose rights are no more than theirs', () => {
    expect(code(() => assertMayChangeUser(editor('supervisor'), target(2, { profile: 'supervisor' }), { name: 'Outro Supervisor' }))).toBe('allowed');
  });

  it('refuses a supervisor touching an admin, and anyone but a super user touching a super user', () => {
    expect(code(() => assertMayChangeUser(editor('supervisor'), target(2, { profile: 'admin' }), { name: 'Novo' }))).toBe('ERR_NO_PERMISSION');
    expect(code(() => assertMayChangeUser(editor('admin'), target(2, { super: true }), { name: 'Novo' }))).toBe('ERR_NO_PERMISSION');
    expect(code(() => assertMayChangeUser(editor('admin', { super: true }), target(2, { super: true }), { name: 'Novo' }))).toBe('allowed');
  });

  it('lets an admin change everything of another user', () => {
    expect(code(() => assertMayChangeUser(editor('admin'), target(2), { profile: 'admin', queueIds: [1], allowConnections: true }))).toBe('allowed');
  });
});

describe('creating a user', () => {
  it('lets a manager create a plain user with the defaults', () => {
    expect(code(() => assertMayCreateUser(editor('supervisor'), { name: 'Caio', email: 'c@x.y', profile: 'user', queueIds: [] }))).toBe('allowed');
    expect(code(() => assertMayCreateUser(editor('user', { allowConnections: true }), { name: 'Caio', email: 'c@x.y', profile: 'user' }))).toBe('allowed');
  });

  it('refuses a profile other than user without user-modal:editProfile, and queues without user-modal:editQueues', () => {
    expect(code(() => assertMayCreateUser(editor('supervisor'), { profile: 'admin' }))).toBe('ERR_NO_PERMISSION');
    expect(code(() => assertMayCreateUser(editor('supervisor'), { queueIds: [2] }))).toBe('ERR_NO_PERMISSION');
    expect(code(() => assertMayCreateUser(editor('user', { allowConnections: true }), { queueIds: [1] }))).toBe('ERR_NO_PERMISSION');
    expect(code(() => assertMayCreateUser(editor('user'), { name: 'Caio' }))).toBe('ERR_NO_PERMISSION');
  });
});

describe('deleting a user', () => {
  it('never deletes oneself', () => {
    expect(code(() => assertMayDeleteUser(editor('admin'), target(1)))).toBe('ERR_USER_DELETE_SELF');
  });

  it('lets an admin delete a user, a supervisor delete a plain user but not an admin', () => {
    expect(code(() => assertMayDeleteUser(editor('admin'), target(2, { profile: 'admin' })))).toBe('allowed');
    expect(code(() => assertMayDeleteUser(editor('supervisor'), target(2)))).toBe('allowed');
    expect(code(() => assertMayDeleteUser(editor('supervisor'), target(2, { profile: 'admin' })))).toBe('ERR_NO_PERMISSION');
    expect(code(() => assertMayDeleteUser(editor('user'), target(2)))).toBe('ERR_NO_PERMISSION');
  });
});
