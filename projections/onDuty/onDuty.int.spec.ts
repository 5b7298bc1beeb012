import { defaultUserDetails, SCHEDULE_DAYS, type RecordedEvent } from '@conversa/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectors } from '../index';
import { usersProjector } from '../users/projector';
import { onDutyProjector } from './projector';
import { findOnDuty, listOnDuty } from './queries';
import { eventRecorder, project, readDatabase } from '../testing';

let db: Kysely<any>;
let close: () => Promise<void>;

const recorded = eventRecorder();
const run = (projector: typeof onDutyProjector, events: RecordedEvent[]) => project(db, projector, events);
const days = SCHEDULE_DAYS.map((day) => ({ ...day, startTime: day.weekdayEn === 'friday' ? '18:00' : '', endTime: day.weekdayEn === 'friday' ? '08:00' : '' }));

beforeAll(async () => {
  ({ db, close } = await readDatabase('onduty', projectors));
  await run(usersProjector, [
    recorded('UserCreated', {
      ...defaultUserDetails,
      name: 'Paula Plantonista',
      email: 'paula@example.com',
      userId: 5,
      companyId: 2,
      passwordHash: 'x'.repeat(30),
    }),
  ]);
});
afterAll(() => close?.());

describe('on-duty read model', () => {
  it('keeps entries with their attendant’s name, applies changes and deletions, and publishes onDuty frames', async () => {
    const created = await run(onDutyProjector, [recorded('OnDutyCreated', { onDutyId: 7, userId: 5, phone: '5511955554444', interval: 1, days })]);
    expect(created).toEqual([
      {
        companyId: 2,
        entity: 'onDuty',
        data: { action: 'create', onDuty: expect.objectContaining({ id: 7, userName: 'Paula Plantonista', phone: '5511955554444' }) },
      },
    ]);
    const changed = await run(onDutyProjector, [
      recorded('OnDutyChanged', {
        onDutyId: 7,
        changes: {
          interval: 3,
          days: days
            .map((day) => ({ ...day, startTime: '', endTime: '' }))
            .map((day, index) => (index === 0 ? { ...day, startTime: '08:00', endTime: '09:00' } : day)),
        },
      }),
    ]);
    expect(changed[0]!.data).toMatchObject({ action: 'update', onDuty: { interval: 3 } });
    expect((await findOnDuty(db, 2, 7))?.days[0]).toMatchObject({ weekdayEn: 'monday', startTime: '08:00', endTime: '09:00' });
    // Another company's reads never see it; a replay of the creation changes nothing.
    expect(await findOnDuty(db, 3, 7)).toBeUndefined();
    await run(onDutyProjector, [recorded('OnDutyCreated', { onDutyId: 7, userId: 5, phone: '5511000000000', interval: 1, days })]);
    expect((await findOnDuty(db, 2, 7))?.phone).toBe('5511955554444');
    const deleted = await run(onDutyProjector, [recorded('OnDutyDeleted', { onDutyId: 7 })]);
    expect(deleted).toEqual([{ companyId: 2, entity: 'onDuty', data: { action: 'delete', onDutyId: 7 } }]);
    expect(await listOnDuty(db, 2)).toEqual([]);
  });
});
