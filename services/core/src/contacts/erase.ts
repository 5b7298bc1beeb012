import { contactStream, type Actor, type ContactEvent, type Position } from '@conversa/contracts';
import { fold } from '../commands/decider';
import { runCommand, type CommandContext } from '../commands/run';
import { contact } from './contact';
import { releaseNumber } from './lifecycle';
import { recordedNumberKey } from './number';

export interface EraseContactInput {
  companyId: number;
  actor: Actor;
  contactId: number;
  /** The admin who asked (ContactErased.erasedBy). */
  erasedBy: number;
  reason: string;
}

/**
 * POST /contacts/{id}/erase (LGPD art. 18 IV, VI): records ContactErased, on which the read models scrub the
 * contact and the media reactor deletes its files; a live contact's number is freed, so a new message from it
 * makes a new, unnamed contact rather than reviving the erased one.
 */
export async function eraseContact(ctx: CommandContext, input: EraseContactInput): Promise<{ position: Position | null; erasedAt: string }> {
  const history = await ctx.store.readStream(contactStream(input.contactId));
  const before = fold(contact, history as unknown as ContactEvent[]);
  // The number is known only before the erasure: its digest goes in the event (the guard's stream id carries it already).
  const key = before.status === 'active' || before.status === 'deleted' ? recordedNumberKey(before.details.number, before) : null;
  const numberDigest = key === null ? undefined : ctx.numberDigest(input.companyId, key);
  const result = await runCommand(ctx, {
    decider: contact,
    streamId: contactStream(input.contactId),
    command: { type: 'EraseContact', erasedBy: input.erasedBy, reason: input.reason, ...(numberDigest ? { numberDigest } : {}) },
    companyId: input.companyId,
    actor: input.actor,
    knownHistory: history,
  });
  // A deleted contact's number was released when it was deleted.
  if (before.status === 'active') await releaseNumber(ctx, input, recordedNumberKey(before.details.number, before), input.contactId);
  const erased = result.events.find((event) => event.type === 'ContactErased')!.data as { erasedAt: string };
  return { position: result.position, erasedAt: erased.erasedAt };
}
