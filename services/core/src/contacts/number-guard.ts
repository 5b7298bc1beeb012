import { contactNumberStream, legacyContactNumberStream, type ContactNumberEvent, type RecordedEvent } from '@conversa/contracts';
import { foldStream } from '../commands/decider';
import { runCommand, type CommandContext, type Execution } from '../commands/run';
import { contactNumberGuard, type ContactNumberClaim, type ContactNumberCommand } from './contact';

type GuardContext = Pick<CommandContext, 'store' | 'numberDigest'>;

/** The number's guard stream: named by the number's keyed digest, never by the number. */
export const numberGuardStream = (ctx: Pick<CommandContext, 'numberDigest'>, companyId: number, key: string): string =>
  contactNumberStream(companyId, ctx.numberDigest(companyId, key));

export interface NumberGuard {
  streamId: string;
  /** The digest stream as read (empty while the claim is still on the legacy stream). */
  history: RecordedEvent[];
  claim: ContactNumberClaim;
}

/**
 * The number's claim. Until `conversa lgpd migrate` moves a company's guards, a number claimed
 * before the digest has its claim on the stream named by the number: while the digest stream is
 * empty, the claim is read there, so no second contact is ever made for it. `history`, when the
 * caller has read the digest stream already.
 */
export async function readNumberGuard(ctx: GuardContext, companyId: number, key: string, history?: RecordedEvent[]): Promise<NumberGuard> {
  const streamId = numberGuardStream(ctx, companyId, key);
  const digested = history ?? (await ctx.store.readStream(streamId));
  const events = digested.length > 0 ? digested : await ctx.store.readStream(legacyContactNumberStream(companyId, key));
  return { streamId, history: digested, claim: foldStream(contactNumberGuard, events) };
}

/**
 * Runs a claim or release on the digest stream, deciding on the claim `guard` read. A claim carried
 * over from the legacy stream is the decider's initial state: the guard's state is its last event
 * (claimed by, or free), so what the command appends on the empty digest stream says all of it.
 */
export function runGuardCommand(
  ctx: CommandContext,
  guard: NumberGuard,
  execution: Omit<Execution<ContactNumberClaim, ContactNumberCommand, ContactNumberEvent>, 'decider' | 'streamId' | 'knownHistory'>,
) {
  if (guard.history.length > 0) return runCommand(ctx, { ...execution, decider: contactNumberGuard, streamId: guard.streamId, knownHistory: guard.history });
  const carried = { ...contactNumberGuard, initialState: () => guard.claim };
  // Not through the process's state cache: its fold of the digest stream starts from the free state.
  return runCommand({ ...ctx, states: undefined }, { ...execution, decider: carried, streamId: guard.streamId, knownHistory: [] });
}
