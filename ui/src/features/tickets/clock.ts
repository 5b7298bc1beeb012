import { useMemo, useSyncExternalStore } from 'react';

/**
 * One shared minute clock for every row's time and last-contact badge: a single timer however many rows
 * are on screen, ticking on the minute so "5 min" turns into "6 min" when it should.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setTimeout> | null = null;

const schedule = () => {
  timer = setTimeout(
    () => {
      now = Date.now();
      for (const listener of [...listeners]) listener();
      schedule();
    },
    60_000 - (Date.now() % 60_000) + 50,
  );
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    schedule();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearTimeout(timer);
      timer = null;
    }
  };
};

export function useMinuteClock(): Date {
  const value = useSyncExternalStore(subscribe, () => now);
  return useMemo(() => new Date(value), [value]);
}
