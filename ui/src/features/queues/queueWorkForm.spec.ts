import { describe, expect, it } from 'vitest';
import { queueWorkFormOf, queueWorkRequestOf, validateQueueWorkForm } from './queueWorkForm';

const view = {
  queueId: 3,
  autoAssign: true,
  positionStep: 3,
  priorityTagIds: [4],
  capacities: [{ userId: 7, capacity: 5 }],
  firstResponseMinutes: 15,
  resolutionMinutes: null,
};

describe('queue work form', () => {
  it('round-trips the settings, blank meaning no target and no limit', () => {
    const values = queueWorkFormOf(view);
    expect(values).toMatchObject({ positionStep: '3', firstResponseMinutes: '15', resolutionMinutes: '', capacities: { 7: '5' } });
    expect(queueWorkRequestOf({ ...values, capacities: { 7: '5', 8: '' } })).toEqual({
      ...view,
      queueId: undefined,
      capacities: [{ userId: 7, capacity: 5 }],
    } as never);
  });

  it('refuses steps, targets and capacities that are not whole numbers in bounds', () => {
    const values = queueWorkFormOf(view);
    expect(validateQueueWorkForm(values)).toEqual({});
    expect(validateQueueWorkForm({ ...values, positionStep: '', firstResponseMinutes: '1.5', resolutionMinutes: '0', capacities: { 7: '1000' } })).toEqual({
      positionStep: 'queues.work.invalidStep',
      firstResponseMinutes: 'queues.work.invalidMinutes',
      resolutionMinutes: 'queues.work.invalidMinutes',
      capacities: { 7: 'queues.work.invalidCapacity' },
    });
  });
});
