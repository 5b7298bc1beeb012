import { defaultUserDetails, type RecordedEvent } from '@conversa/contracts';
import { type Kysely, sql } from 'kysely';
import type { ReadDatabase } from '../database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companiesProjector } from '../companies/projector';
import { companySettingsOf } from '../companies/queries';
import { usersProjector } from './projector';
import { credentialsByEmail, findUser, listUsers } from './queries';
import { eventRecorder, readDatabase } from '../testing';

let db: Kysely<ReadDatabase>;
let close: () => Promise<void>;

const recorded = eventRecorder();

const apply = (projector: typeof usersProjector, events: RecordedEvent[]) => db.transaction().execute((trx) => projector.handle(trx, events));

beforeAll(async () => {
  ({ db, close } = await readDatabase('users', [usersProjector, companiesProjector]));
});
afterAll(() => close?.());

describe('users projection', () => {
  it('creates, changes and deletes users, keeping credentials out of the read schema', async () => {
    const created = recorded('UserCreated', { userId: 5, companyId: 2, passwordHash: 'x'.repeat(40), ...defaultUserDetails, name: 'Bia', email: 'bia@x.com' });
    const changes = await apply(usersProjector, [created, recorded('UserDetailsChanged', { userId: 5, changes: { name: 'Beatriz', queueIds: [3, 4] } })]);
    expect(changes).toEqual([
      { companyId: 2, entity: 'user', data: { action: 'create', user: expect.objectContaining({ id: 5, name: 'Beatriz', queueIds: [3, 4] }) } },
      // Queues decide what the user's sockets see: the edges reload them.
      { companyId: 2, entity: 'user-access', data: { userId: 5, change: 'rescoped' } },
    ]);
    expect(await credentialsByEmail(db, 'BIA@x.com')).toMatchObject({ userId: 5, companyId: 2 });
    const { rows } = await sql<{
      column_name: string;
    }>`select column_name from information_schema.columns where table_schema = 'read' and table_name = 'users'`.execute(db);
    expect(rows.map((r) => r.column_name)).not.toContain('password_hash');

    await apply(usersProjector, [recorded('UserDeleted', { userId: 5 })]);
    expect(await findUser(db, 5)).toBeNull();
    expect(await credentialsByEmail(db, 'bia@x.com')).toBeNull();
  });

  it('is idempotent on replay of the same creation', async () => {
    const created = recorded('UserCreated', {
      userId: 6,
      companyId: 2,
      passwordHash: 'y'.repeat(40),
      ...defaultUserDetails,
      name: 'Caio',
      email: 'caio@x.com',
    });
    await apply(usersProjector, [created]);
    await apply(usersProjector, [created]);
    expect((await listUsers(db, 2)).users.filter((u) => u.id === 6)).toHaveLength(1);
  });

  it("publishes a login as the company's auth frame with the new session", async () => {
    const changes = await apply(usersProjector, [
      recorded('SessionStarted', { sessionId: 's-1', userId: 6, companyId: 2, tokenHash: 'h', ip: '::1', userAgent: 'x', at: '2026-05-01T12:00:00.000Z' }),
    ]);
    expect(changes).toEqual([{ companyId: 2, entity: 'auth', data: { action: 'update', user: { id: 6 }, sessionId: 's-1' } }]);
    expect((await findUser(db, 6))?.lastLogin).toBe('2026-05-01T12:00:00.000Z');
  });
});

describe('companies projection', () => {
  it('materialises every setting with its default, then the changes', async () => {
    const details = {
      name: 'Acme',
      email: 'a@a.com',
      phone: '',
      document: '',
      paymentMethod: '',
      addressStreet: '',
      addressState: '',
      addressCity: '',
      recurrence: 'MENSAL',
      status: true,
    };
    await apply(companiesProjector, [
      recorded('CompanyRegistered', { companyId: 2, planId: 1, dueDate: '2027-02-28', via: 'signup', ...details }),
      recorded('CompanySettingChanged', { companyId: 2, key: 'userRating', value: 'enabled' }),
    ]);
    const settings = await companySettingsOf(db, 2);
    expect(settings.userRating).toBe('enabled');
    expect(settings.scheduleType).toBe('disabled');
    const { rows } = await sql<{ count: string }>`select count(*) from read.company_settings where company_id = 2`.execute(db);
    expect(Number(rows[0]!.count)).toBe(Object.keys(settings).length);
  });
});
