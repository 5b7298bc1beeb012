import { POSITION_STEP_MAX, QUEUE_CAPACITY_MAX, SLA_TARGET_MAX_MINUTES } from '@conversa/contracts/assignment/events';
import type { QueueWorkView, SetQueueWorkRequest } from '@conversa/contracts';
import type { MessageKey } from '../../i18n';

/** The queue work dialog's values: numbers as typed, blank for "no limit" or "no target". */
export interface QueueWorkFormValues {
  autoAssign: boolean;
  positionStep: string;
  priorityTagIds: number[];
  firstResponseMinutes: string;
  resolutionMinutes: string;
  /** By user id; blank: no limit. */
  capacities: Record<number, string>;
}

export type QueueWorkFormErrors = Partial<Record<'positionStep' | 'firstResponseMinutes' | 'resolutionMinutes', MessageKey>> & {
  capacities?: Record<number, MessageKey>;
};

const text = (value: number | null) => (value === null ? '' : String(value));

export function queueWorkFormOf(view: QueueWorkView): QueueWorkFormValues {
  return {
    autoAssign: view.autoAssign,
    positionStep: String(view.positionStep),
    priorityTagIds: [...view.priorityTagIds],
    firstResponseMinutes: text(view.firstResponseMinutes),
    resolutionMinutes: text(view.resolutionMinutes),
    capacities: Object.fromEntries(view.capacities.map((entry) => [entry.userId, String(entry.capacity)])),
  };
}

/** A whole number within bounds, or null for blank; undefined when it is not one. */
function wholeNumber(value: string, min: number, max: number): number | null | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const number = Number(trimmed);
  return number >= min && number <= max ? number : undefined;
}

export function validateQueueWorkForm(values: QueueWorkFormValues): QueueWorkFormErrors {
  const errors: QueueWorkFormErrors = {};
  const step = wholeNumber(values.positionStep, 1, POSITION_STEP_MAX);
  if (step === undefined || step === null) errors.positionStep = 'queues.work.invalidStep';
  if (wholeNumber(values.firstResponseMinutes, 1, SLA_TARGET_MAX_MINUTES) === undefined) errors.firstResponseMinutes = 'queues.work.invalidMinutes';
  if (wholeNumber(values.resolutionMinutes, 1, SLA_TARGET_MAX_MINUTES) === undefined) errors.resolutionMinutes = 'queues.work.invalidMinutes';
  for (const [userId, capacity] of Object.entries(values.capacities)) {
    if (wholeNumber(capacity, 1, QUEUE_CAPACITY_MAX) === undefined)
      errors.capacities = { ...errors.capacities, [Number(userId)]: 'queues.work.invalidCapacity' };
  }
  return errors;
}

export const hasWorkErrors = (errors: QueueWorkFormErrors) => Object.keys(errors).length > 0;

/** The request of valid values (validateQueueWorkForm found nothing). */
export function queueWorkRequestOf(values: QueueWorkFormValues): SetQueueWorkRequest {
  return {
    autoAssign: values.autoAssign,
    positionStep: Number(values.positionStep.trim()),
    priorityTagIds: values.priorityTagIds,
    firstResponseMinutes: wholeNumber(values.firstResponseMinutes, 1, SLA_TARGET_MAX_MINUTES) ?? null,
    resolutionMinutes: wholeNumber(values.resolutionMinutes, 1, SLA_TARGET_MAX_MINUTES) ?? null,
    capacities: Object.entries(values.capacities)
      .filter(([, capacity]) => capacity.trim() !== '')
      .map(([userId, capacity]) => ({ userId: Number(userId), capacity: Number(capacity.trim()) })),
  };
}
