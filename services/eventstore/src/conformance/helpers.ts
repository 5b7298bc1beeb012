import { randomUUID } from 'node:crypto';
import { comparePositions, type EventToAppend, type RecordedEvent } from '@conversa/contracts';
import { expect } from 'vitest';
import { WrongExpectedVersionError } from '../port';
import { noted } from './events';

/** A prefix no other test uses, so tests can share one store and filter $all down to their own events. */
export const uniquePrefix = (): string => `conf${randomUUID().replaceAll('-', '').slice(0, 12)}-`;

export const notedBatch = (from: number, count: number): EventToAppend[] => Array.from({ length: count }, (_, index) => noted(from + index));

export const ns = (events: readonly RecordedEvent[]): unknown[] => events.map((event) => (event.data as { n?: unknown }).n);
export const ids = (events: readonly { id: string }[]): string[] => events.map((event) => event.id);

export async function expectWrongVersion(promise: Promise<unknown>, actual: number): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersionError);
  expect((error as WrongExpectedVersionError).actual).toBe(actual);
}

export function expectStrictlyIncreasing(events: readonly RecordedEvent[]): void {
  for (let index = 1; index < events.length; index++) {
    const order = comparePositions(events[index - 1]!.position, events[index]!.position);
    if (order >= 0) throw new Error(`$all order broken at ${index}: ${events[index - 1]!.id} is not before ${events[index]!.id}`);
  }
}
