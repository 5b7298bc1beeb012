import { describe, expect, it } from 'vitest';
import type { UserListResponse, UserRecord } from '@conversa/contracts';
import { applyUserChange } from './api';
import { emptyUserForm, maskTime, userFormOf, userFormRightsOf, userRequestOf, validateUserForm } from './userForm';

const record = (id: number, name: string, extra: Partial<UserRecord> = {}): UserRecord => ({
  id,
  companyId: 2,
  name,
  email: `${name.toLowerCase().replace(/\s/g, '')}@acme.test`,
  profile: 'user',
  super: false,
  language: 'pt-BR',
  profileImage: null,
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  phone: '',
  allTicket: 'disable',
  allowGroup: false,
  defaultMenu: 'open',
  defaultTheme: 'light',
  whatsappId: null,
  queueIds: [],
  queues: [],
  showDashboard: false,
  allowRealTime: false,
  allowConnections: false,
  online: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastLogin: null,
  ...extra,
});

describe('user form validation (spec 2 §5)', () => {
  const valid = { ...emptyUserForm(), name: 'Caio Lima', email: 'caio@acme.test', password: 'Segredo1' };

  it('accepts a complete new user', () => {
    expect(validateUserForm(valid, { creating: true })).toEqual({});
  });

  it('names the spec messages: Required, Too Short!, Too Long!, Invalid email', () => {
    expect(validateUserForm({ ...valid, name: ' ' }, { creating: true })).toEqual({ name: 'profile.required' });
    expect(validateUserForm({ ...valid, name: 'C' }, { creating: true })).toEqual({ name: 'profile.tooShort' });
    expect(validateUserForm({ ...valid, name: 'C'.repeat(51) }, { creating: true })).toEqual({ name: 'profile.tooLong' });
    expect(validateUserForm({ ...valid, email: 'caio' }, { creating: true })).toEqual({ email: 'profile.invalidEmail' });
    expect(validateUserForm({ ...valid, password: '1234' }, { creating: true })).toEqual({ password: 'profile.tooShort' });
  });

  it('requires a password for a new user only', () => {
    expect(validateUserForm({ ...valid, password: '' }, { creating: true })).toEqual({ password: 'profile.required' });
    expect(validateUserForm({ ...valid, password: '' }, { creating: false })).toEqual({});
  });

  it('wants work times in HH:mm', () => {
    expect(validateUserForm({ ...valid, startWork: '8:00', endWork: '24:00' }, { creating: true })).toEqual({
      startWork: 'users.validation.time',
      endWork: 'users.validation.time',
    });
  });
});

describe('what the dialog sends', () => {
  const values = {
    ...userFormOf(record(3, 'Bia', { queueIds: [1], profile: 'supervisor' })),
    queueIds: [1, 2],
    profile: 'admin' as const,
    allTicket: 'enable' as const,
    allowConnections: true,
    name: ' Bia Souza ',
  };

  it('sends everything for an admin, and keeps the old password when left blank', () => {
    const body = userRequestOf(values, userFormRightsOf({ profile: 'admin', super: false }), { creating: false });
    expect(body).toMatchObject({ name: 'Bia Souza', profile: 'admin', queueIds: [1, 2], allTicket: 'enable', allowConnections: true });
    expect(body).not.toHaveProperty('password');
  });

  it('leaves out the profile fields without user-modal:editProfile, and the queue fields without user-modal:editQueues', () => {
    const queuesOnly = userRequestOf(values, { editProfile: false, editQueues: true }, { creating: false });
    expect(queuesOnly).toMatchObject({ queueIds: [1, 2], allTicket: 'enable' });
    expect(queuesOnly).not.toHaveProperty('profile');
    expect(queuesOnly).not.toHaveProperty('allowConnections');
    const plain = userRequestOf(values, userFormRightsOf({ profile: 'user', super: false }), { creating: true });
    expect(Object.keys(plain).sort()).toEqual([
      'defaultMenu',
      'defaultTheme',
      'email',
      'endWork',
      'farewellMessage',
      'name',
      'password',
      'phone',
      'startWork',
      'whatsappId',
    ]);
  });

  it('gives a super user every right, an admin both, a supervisor and a plain user neither (spec 1 §6: admin only)', () => {
    expect(userFormRightsOf({ profile: 'user', super: true })).toEqual({ editProfile: true, editQueues: true });
    expect(userFormRightsOf({ profile: 'admin', super: false })).toEqual({ editProfile: true, editQueues: true });
    expect(userFormRightsOf({ profile: 'supervisor', super: false })).toEqual({ editProfile: false, editQueues: false });
    expect(userFormRightsOf({ profile: 'user', super: false })).toEqual({ editProfile: false, editQueues: false });
  });

  it('masks times', () => {
    expect(maskTime('0830')).toBe('08:30');
    expect(maskTime('8')).toBe('8');
    expect(maskTime('12:345')).toBe('12:34');
  });
});

describe('the loaded list after a frame or a save', () => {
  const list = (users: UserRecord[], hasMore = false): UserListResponse => ({ users, count: users.length + (hasMore ? 10 : 0), hasMore });

  it('replaces a changed user in place, keeping the queues it had', () => {
    const before = list([record(1, 'Ana', { queues: [{ id: 1, name: 'Vendas', color: '#000' }] }), record(2, 'Bia')]);
    const after = applyUserChange(before, { action: 'update', user: { ...record(1, 'Ana Souza'), queues: undefined } }, '');
    expect(after.users.map((u) => u.name)).toEqual(['Ana Souza', 'Bia']);
    expect(after.users[0]!.queues).toEqual([{ id: 1, name: 'Vendas', color: '#000' }]);
  });

  it('inserts a new user in name order, or only counts it when it belongs to a page not loaded yet', () => {
    const before = list([record(1, 'Ana'), record(2, 'Caio')]);
    expect(applyUserChange(before, { action: 'create', user: record(3, 'Bia') }, '').users.map((u) => u.name)).toEqual(['Ana', 'Bia', 'Caio']);
    const partial = list([record(1, 'Ana'), record(2, 'Caio')], true);
    const after = applyUserChange(partial, { action: 'create', user: record(3, 'Zeca') }, '');
    expect(after.users.map((u) => u.name)).toEqual(['Ana', 'Caio']);
    expect(after.count).toBe(partial.count + 1);
  });

  it('drops a deleted user, and one that no longer matches the search', () => {
    const before = list([record(1, 'Ana'), record(2, 'Bia')]);
    expect(applyUserChange(before, { action: 'delete', userId: 1 }, '').users.map((u) => u.id)).toEqual([2]);
    expect(applyUserChange(before, { action: 'update', user: record(2, 'Carla') }, 'bi').users.map((u) => u.id)).toEqual([1]);
    expect(applyUserChange(before, { action: 'create', user: record(9, 'Zuleica') }, 'bi')).toBe(before);
  });
});
