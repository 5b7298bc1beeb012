import type { Bus, BusSubscription } from '@conversa/bus';
import { streams, USER_ACCESS_ENTITY, UserAccessChange } from '@conversa/contracts';
import { foldStream, session } from '@conversa/core';
import type { EventStore } from '@conversa/eventstore';
import { sessionStatus } from '@conversa/projections/sessions/queries';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';
import { ACCESS_TOKEN_TTL_S } from '../http/tokens';

/**
 * How long an answer "active" is trusted without asking the read model again. The bus announcement
 * drops it at once; this bound only matters when an announcement is lost (the bus is at-most-once).
 */
export const ACTIVE_SESSION_CACHE_MS = 5_000;
// A revocation is final: kept until every access token the session could have issued has expired.
const REVOKED_SESSION_CACHE_MS = ACCESS_TOKEN_TTL_S * 1000;
// Past this many entries, expired ones are swept on the next write.
const SWEEP_ABOVE = 10_000;

/** Whether an access token's session may still act, checked on every request and socket (cached per process). */
export interface SessionGuard {
  /** `fresh` skips the cache (refresh, socket re-checks). */
  isActive(sessionId: string, options?: { fresh?: boolean }): Promise<boolean>;
  /** A change of access this process made or heard of: what it cached for the user is dropped or marked revoked. */
  apply(change: UserAccessChange): void;
  /** Drops every cached "active" (announcements may have been lost, e.g. while the bus was down). */
  forgetActive(): void;
  /** Hears the announcements of every process (company.*.user-access). */
  listen(bus: Bus): Promise<BusSubscription>;
}

interface Entry {
  active: boolean;
  userId: number;
  until: number;
}

/**
 * `fallback` answers for a session the read model has not seen yet (its login still projecting):
 * the session's own stream, which is the truth for logout, theft and expiry.
 */
export function createSessionGuard(deps: { db: Kysely<ReadDatabase>; fallback(sessionId: string): Promise<boolean>; now?: () => number }): SessionGuard {
  const now = deps.now ?? Date.now;
  const cache = new Map<string, Entry>();
  // Bumped by every change heard: a read that began before it must not cache what it read.
  let epoch = 0;

  const remember = (sessionId: string, entry: Entry) => {
    if (cache.size > SWEEP_ABOVE) {
      const at = now();
      for (const [id, cached] of cache) if (cached.until <= at) cache.delete(id);
    }
    cache.set(sessionId, entry);
  };

  const guard: SessionGuard = {
    async isActive(sessionId, options = {}) {
      const cached = cache.get(sessionId);
      if (cached && cached.until > now() && (!options.fresh || !cached.active)) return cached.active;
      const startedAt = epoch;
      const status = await sessionStatus(deps.db, sessionId);
      if (!status) return deps.fallback(sessionId);
      if (startedAt === epoch) remember(sessionId, { ...status, until: now() + (status.active ? ACTIVE_SESSION_CACHE_MS : REVOKED_SESSION_CACHE_MS) });
      return status.active;
    },
    apply(change) {
      epoch++;
      if (change.change !== 'revoked') return;
      if (change.sessionId !== undefined) {
        const userId = cache.get(change.sessionId)?.userId ?? change.userId;
        remember(change.sessionId, { active: false, userId, until: now() + REVOKED_SESSION_CACHE_MS });
        return;
      }
      // Every session of the user: the read model already says which (the announcement follows its commit).
      for (const [id, cached] of cache) if (cached.userId === change.userId && cached.active) cache.delete(id);
    },
    forgetActive() {
      epoch++;
      for (const [id, cached] of cache) if (cached.active) cache.delete(id);
    },
    async listen(bus) {
      return bus.subscribe(`company.*.${USER_ACCESS_ENTITY}`, (message) => {
        const change = UserAccessChange.safeParse(message.data);
        if (change.success) guard.apply(change.data);
      });
    },
  };
  return guard;
}

/** The session's own stream folded: active unless logged out, stolen or expired. */
export async function sessionActiveInStream(store: EventStore, sessionId: string): Promise<boolean> {
  const events = await store.readStream(streams.session(sessionId));
  const state = foldStream(session, events);
  return state.status === 'active';
}
