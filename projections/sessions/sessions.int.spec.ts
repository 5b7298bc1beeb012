import type { RecordedEvent } from '@conversa/contracts';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsProjector } from './projector';
import { sessionStatus } from './queries';
import { eventRecorder, readDatabase } from '../testing';

let db: Kysely<ReadDatabase>;
let close: () => Promise<void>;

const recorded = eventRecorder();
const started = (sessionId: string, userId: number) =>
  recorded('SessionStarted', { sessionId, userId, companyId: 2, tokenHash: 'h', ip: '127.0.0.1', userAgent: 'test', at: '2026-05-01T12:00:00.000Z' });
const apply = (events: RecordedEvent[]) => db.transaction().execute((trx) => sessionsProjector.handle(trx, events));
const ids = ['a', 'b', 'c', 'd', 'e'].map((c) => `${c.repeat(8)}-0000-4000-8000-000000000000`);

beforeAll(async () => {
  ({ db, close } = await readDatabase('sessions', [sessionsProjector]));
});
afterAll(() => close?.());

describe('sessions projection', () => {
  it('ends a logged-out session, and every session a password change follows, but not one started after it', async () => {
    const [first, second, other, later] = ids as [string, string, string, string];
    const changes = await apply([
      started(first, 7),
      started(second, 7),
      started(other, 8),
      recorded('SessionRevoked', { sessionId: first, reason: 'logout' }),
      recorded('UserPasswordChanged', { userId: 7, passwordHash: 'x'.repeat(40) }),
      started(later, 7),
    ]);
    expect(changes).toEqual([
      { companyId: 2, entity: 'user-access', data: { userId: 7, sessionId: first, change: 'revoked' } },
      { companyId: 2, entity: 'user-access', data: { userId: 7, sessionId: second, change: 'revoked' } },
    ]);
    expect(await Promise.all([first, second, other, later].map((id) => sessionStatus(db, id)))).toEqual([
      { active: false, userId: 7 },
      { active: false, userId: 7 },
      { active: true, userId: 8 },
      { active: true, userId: 7 },
    ]);
    expect(await sessionStatus(db, ids[4]!)).toBeNull();
  });

  it("ends every session of a deleted user and announces it for all of the user's sockets", async () => {
    const changes = await apply([recorded('UserDeleted', { userId: 8 })]);
    expect(changes).toEqual([{ companyId: 2, entity: 'user-access', data: { userId: 8, change: 'revoked' } }]);
    expect(await sessionStatus(db, ids[2]!)).toEqual({ active: false, userId: 8 });
  });

  it("ends the sessions of a deleted company's users", async () => {
    const [one, two] = [ids[4]!, `ffffffff-0000-4000-8000-000000000000`];
    const changes = await apply([
      recorded(
        'SessionStarted',
        { sessionId: one, userId: 20, companyId: 9, tokenHash: 'h', ip: '127.0.0.1', userAgent: 't', at: '2026-05-01T12:00:00.000Z' },
        9,
      ),
      started(two, 21),
      recorded('CompanyDeleted', { companyId: 9 }, 9),
    ]);
    expect(changes).toEqual([{ companyId: 9, entity: 'user-access', data: { userId: 20, sessionId: one, change: 'revoked' } }]);
    expect(await sessionStatus(db, one)).toEqual({ active: false, userId: 20 });
    expect(await sessionStatus(db, two)).toEqual({ active: true, userId: 21 });
  });
});
