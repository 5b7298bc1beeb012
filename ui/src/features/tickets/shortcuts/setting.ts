import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../../app/storage';

/**
 * Whether the inbox shortcuts are on, per user (keyed by her id) in this browser, like the volume and theme: a
 * preference of the hands at this keyboard. On unless she turned them off.
 */
const keyOf = (userId: number) => `shortcuts:${userId}`;
const listeners = new Set<() => void>();

export const shortcutsEnabled = (userId: number): boolean => readStorage(keyOf(userId)) !== 'off';

export function setShortcutsEnabled(userId: number, enabled: boolean): void {
  writeStorage(keyOf(userId), enabled ? 'on' : 'off');
  for (const listener of listeners) listener();
}

export function useShortcutsEnabled(userId: number): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shortcutsEnabled(userId),
  );
}
