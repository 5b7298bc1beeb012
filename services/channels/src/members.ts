import type pg from 'pg';

/**
 * The channels processes as members of one group, so each connection is tried by one of them
 * instead of by all (docs/scaling.md "Channels"). A member is a session advisory lock
 * (MEMBER_LOCK_CLASS, slot) held on the session manager's lease connection: it lives exactly as long
 * as that connection, so a dead process leaves the group when Postgres ends its session, the same
 * moment its connections' leases are freed.
 */
export const MEMBER_LOCK_CLASS = 20_261;
/** Slots a group can have; far above the processes one database serves. */
export const MAX_MEMBERS = 1024;

// Two-key advisory locks show in pg_locks as (classid, objid) with objsubid 2.
const HELD_SLOTS = `
  select objid::int as slot from pg_locks
  where locktype = 'advisory' and granted and objsubid = 2 and classid = ${MEMBER_LOCK_CLASS}
    and database = (select oid from pg_database where datname = current_database())
  order by 1`;

/** The slots of the live members (this one's included), ascending. */
export async function liveMembers(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ slot: number }>(HELD_SLOTS);
  return rows.map((row) => row.slot);
}

/** Takes the lowest free slot on `client` (a session lock, released with the connection). */
export async function joinMembers(client: pg.Client): Promise<number> {
  for (let round = 0; round < 5; round++) {
    const held = new Set(await liveMembers(client));
    for (let slot = 0; slot < MAX_MEMBERS; slot++) {
      if (held.has(slot)) continue;
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [MEMBER_LOCK_CLASS, slot]);
      if (rows[0]?.locked) return slot;
      // Taken meanwhile by another process joining: read the slots again.
      break;
    }
  }
  throw new Error('sessions: could not take a member slot');
}

/** A 32-bit mix of two integers (murmur3's finaliser): the rendezvous weight of a connection on a member. */
function weight(connectionId: number, slot: number): number {
  let h = Math.imul(connectionId ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(slot + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The member a connection belongs to: the one of highest weight (rendezvous hashing). Every member
 * computes the same answer from the same slots; when a member leaves, only its connections move,
 * spread over the others, and a member that joins takes about 1/n of everyone's.
 */
export function assignedMember(connectionId: number, members: readonly number[]): number | undefined {
  let best: number | undefined;
  let bestWeight = -1;
  for (const slot of members) {
    const w = weight(connectionId, slot);
    if (w > bestWeight || (w === bestWeight && slot < best!)) {
      best = slot;
      bestWeight = w;
    }
  }
  return best;
}
