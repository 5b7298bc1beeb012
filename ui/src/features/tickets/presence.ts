import type { PresenceFrame as ContactPresenceFrame } from '@conversa/contracts';
import { useSyncExternalStore } from 'react';

/**
 * Live presence of contacts in tickets (typing or recording), from `company-<id>-presence`
 * frames `{ ticketId, presence }` where presence is a channel's word: 'composing' or 'recording' show, any
 * other ('paused', 'available', 'unavailable') clears. A presence the channel never clears fades after
 * PRESENCE_TTL_MS, as a phone stops sending "typing" without saying so.
 */
export type Presence = 'composing' | 'recording';

export const PRESENCE_TTL_MS = 15_000;

/** A `presence` frame (PresenceFrame in contracts), read defensively; the older `{ ticket: { id, presence } }` form is still understood. */
export type PresenceFrame = Partial<Pick<ContactPresenceFrame, 'ticketId' | 'presence'>> & { ticket?: { id?: number; presence?: string } };

const current = new Map<number, Presence>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of [...listeners]) listener();
};

export function applyPresenceFrame(frame: PresenceFrame | null | undefined): void {
  const ticketId = frame?.ticketId ?? frame?.ticket?.id;
  const presence = frame?.presence ?? frame?.ticket?.presence;
  if (typeof ticketId !== 'number') return;
  clearTimeout(timers.get(ticketId));
  timers.delete(ticketId);
  if (presence === 'composing' || presence === 'recording') {
    current.set(ticketId, presence);
    timers.set(
      ticketId,
      setTimeout(() => {
        current.delete(ticketId);
        timers.delete(ticketId);
        notify();
      }, PRESENCE_TTL_MS),
    );
  } else if (!current.delete(ticketId)) return;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePresence(ticketId: number): Presence | undefined {
  return useSyncExternalStore(subscribe, () => current.get(ticketId));
}
