import type { TicketView as Ticket } from '@conversa/contracts';

/**
 * What the keyboard shortcuts act on, registered by the components that own it: the list shown (its rows in order
 * and a way to scroll one into view: the list is virtual, a row out of view has no element), the ticket open in the
 * conversation pane, and the composer's and resolve menu's openers. Module state as `live.ts`'s ticket in view:
 * one tickets screen exists at a time.
 */
export interface ShownList {
  rows: readonly Ticket[];
  scrollTo(index: number): void;
}

export type ComposerRequest = 'reply' | 'note' | 'quickReply';

interface InboxTargets {
  list: ShownList | null;
  ticket: Ticket | null;
  composer: ((request: ComposerRequest) => void) | null;
  resolveMenu: (() => void) | null;
}

export const inboxTargets: InboxTargets = { list: null, ticket: null, composer: null, resolveMenu: null };

/** Registers one target until the returned function is called (an effect's cleanup), unless another replaced it. */
export function registerTarget<K extends keyof InboxTargets>(key: K, value: InboxTargets[K]): () => void {
  inboxTargets[key] = value;
  return () => {
    if (inboxTargets[key] === value) inboxTargets[key] = null;
  };
}
