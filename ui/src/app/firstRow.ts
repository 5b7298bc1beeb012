import { useEffect, useState } from 'react';

/**
 * "The first row is on screen": what the tickets list says once it has painted its first rows (or its empty or
 * error state). Extras that no first row needs (the inbox's shortcuts, the push entry, the top bar's status
 * select) load after it, so they never travel ahead of the row on a slow network (docs/ui-bundle.md).
 */
let shown = false;
let told = false;
const listeners = new Set<() => void>();

export function markFirstRow(): void {
  if (shown) return;
  shown = true;
  // After the frame that shows the row is painted: nothing asked for now may travel ahead of it.
  requestAnimationFrame(() =>
    setTimeout(() => {
      told = true;
      for (const listener of [...listeners]) listener();
    }, 0),
  );
}

/** Elsewhere than the tickets screen nothing waits for it; there, at most `fallbackMs` (a list that never settles). */
export const FIRST_ROW_FALLBACK_MS = 5_000;

/** True once the first row is on screen, or at once off the tickets screen. */
export function useAfterFirstRow(): boolean {
  const [after, setAfter] = useState(() => told || !window.location.pathname.startsWith('/tickets'));
  useEffect(() => {
    if (after) return;
    const done = () => setAfter(true);
    if (told) return done();
    listeners.add(done);
    const timer = setTimeout(done, FIRST_ROW_FALLBACK_MS);
    return () => {
      listeners.delete(done);
      clearTimeout(timer);
    };
  }, [after]);
  return after;
}
