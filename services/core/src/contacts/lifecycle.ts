import {
  contactStream,
  DomainError,
  isProductEvent,
  type Actor,
  type Channel,
  type ContactDetails,
  type ContactExtraInfo,
  type Position,
} from '@conversa/contracts';
import { foldStream } from '../commands/decider';
import { runCommand, type CommandContext } from '../commands/run';
import type { IdAllocator } from '../ids';
import { contact, type Contact, type ContactChanges } from './contact';
import { readNumberGuard, runGuardCommand } from './number-guard';
import { contactNumber, recordedNumberKey } from './number';

/**
 * A number claimed this long ago whose contact was never written belongs to a creator that
 * crashed between the two appends: the next creator may take the number over.
 */
export const ABANDONED_NUMBER_CLAIM_MS = 60_000;
/** Claim rounds before giving up: each round that does not return saw another writer make progress. */
const MAX_CLAIM_ROUNDS = 10;

export interface NewContact {
  companyId: number;
  actor: Actor;
  /** As typed or as the channel gave it; normalised here (invalid → ERR_INVALID_PHONE_NUMBER). */
  number: string;
  name: string;
  channel: Channel;
  isGroup: boolean;
  email?: string;
  profilePicUrl?: string | null;
  extraInfo?: ContactExtraInfo[];
  disableBot?: boolean;
  acceptAudioMessage?: boolean;
  /** See ContactNumberOptions.verifiedByChannel: set by channel gateways for numbers that wrote to us. */
  verifiedByChannel?: boolean;
}

export interface WrittenContact {
  contactId: number;
  /** Where the last event this call wrote landed (null when it wrote none): what read-your-writes waits for. */
  position: Position | null;
}

type Context = CommandContext & { ids: IdAllocator };
type Meta = { companyId: number; actor: Actor };

/** POST /contacts: a new contact; a number that already belongs to one → ERR_DUPLICATED_CONTACT (with its contactId). */
export async function createContact(ctx: Context, input: NewContact): Promise<WrittenContact> {
  const { number, key } = contactNumber(input.number, input);
  const details = detailsOf(input, number);
  const claim = await claimNumber(ctx, input, key, () => ctx.ids.next('contact'));
  if (!claim.won) throw new DomainError('ERR_DUPLICATED_CONTACT', undefined, { contactId: claim.ownerId });
  const { contactId } = claim;
  let position: Position | null;
  try {
    position = await writeCreation(ctx, input, contactId, details, 'creator');
  } catch (error) {
    await releaseNumber(ctx, input, key, contactId);
    throw error;
  }
  return { contactId, position };
}

export type FindOrCreateContactInput = Omit<NewContact, 'email' | 'extraInfo' | 'disableBot' | 'acceptAudioMessage'>;

/**
 * The contact that has this number in the company, created when there is none (inbound messages,
 * GET /contacts/profile/{number}). Race-safe: the number's guard stream decides, and a loser answers
 * with the winner's contactId, finishing the winner's creation if it is still in flight so the
 * contact exists when this returns.
 */
export async function findOrCreateContact(
  ctx: Context,
  input: FindOrCreateContactInput,
): Promise<{ contactId: number; created: boolean; position: Position | null }> {
  const { number, key } = contactNumber(input.number, input);
  const details = detailsOf(input, number);
  const claim = await claimNumber(ctx, input, key, () => ctx.ids.next('contact'));
  if (claim.won) {
    try {
      return { contactId: claim.contactId, created: true, position: await writeCreation(ctx, input, claim.contactId, details, 'creator') };
    } catch (error) {
      await releaseNumber(ctx, input, key, claim.contactId);
      throw error;
    }
  }
  if (claim.owner === 'active') return { contactId: claim.ownerId, created: false, position: claim.position };
  return { contactId: claim.ownerId, created: false, position: await writeCreation(ctx, input, claim.ownerId, details, 'helper') };
}

/** PUT /contacts/{id}: a new number moves the contact's claim (taken → ERR_DUPLICATED_CONTACT). */
export async function changeContact(ctx: Context, input: Meta & { contactId: number; changes: ContactChanges }): Promise<WrittenContact> {
  const current = await loadContact(ctx, input.contactId);
  if (current.status !== 'active') throw new DomainError('ERR_NO_CONTACT_FOUND');
  const changes = { ...input.changes };
  let moved: { from: string; to: string } | undefined;
  if (changes.number !== undefined) {
    const next = contactNumber(changes.number, current);
    changes.number = next.number;
    const from = recordedNumberKey(current.details.number, current);
    if (next.key !== from) {
      const claim = await claimNumber(ctx, input, next.key, async () => input.contactId);
      if (!claim.won) throw new DomainError('ERR_DUPLICATED_CONTACT', undefined, { contactId: claim.ownerId });
      moved = { from, to: next.key };
    }
  }
  let position: Position | null;
  try {
    ({ position } = await runCommand(ctx, {
      decider: contact,
      streamId: contactStream(input.contactId),
      command: { type: 'ChangeContactDetails', changes },
      ...meta(input),
    }));
  } catch (error) {
    if (moved) await releaseNumber(ctx, input, moved.to, input.contactId);
    throw error;
  }
  if (moved) await releaseNumber(ctx, input, moved.from, input.contactId);
  return { contactId: input.contactId, position };
}

/** DELETE /contacts/{id}: the contact goes, and its number is free for a new one. */
export async function deleteContact(ctx: Context, input: Meta & { contactId: number }): Promise<WrittenContact> {
  const result = await runCommand(ctx, { decider: contact, streamId: contactStream(input.contactId), command: { type: 'DeleteContact' }, ...meta(input) });
  const deleted = result.state;
  // A crash right here leaves the claim with a deleted contact: claimNumber takes such claims over.
  if (deleted.status === 'active' || deleted.status === 'deleted')
    await releaseNumber(ctx, input, recordedNumberKey(deleted.details.number, deleted), input.contactId);
  return { contactId: input.contactId, position: result.position };
}

async function loadContact(ctx: CommandContext, contactId: number): Promise<Contact> {
  return foldStream(contact, await ctx.store.readStream(contactStream(contactId)));
}

const meta = (input: Meta) => ({ companyId: input.companyId, actor: input.actor });

function detailsOf(input: Pick<NewContact, 'name' | 'email' | 'profilePicUrl' | 'extraInfo'>, number: string): ContactDetails {
  // A channel may push an empty name: the number is what an attendant would see anyway.
  const name = input.name.trim() === '' ? number : input.name.trim().slice(0, 200);
  return { name, number, email: input.email ?? '', profilePicUrl: input.profilePicUrl ?? null, extraInfo: input.extraInfo ?? [] };
}

/**
 * Writes ContactCreated under a command id derived from the contact id, so the creator and anyone
 * finishing its creation append the same event once. When a helper's data landed first, the
 * creator (`as: 'creator'`) applies its own details on top, so its answer shows what it asked for.
 */
async function writeCreation(
  ctx: CommandContext,
  input: NewContact,
  contactId: number,
  details: ContactDetails,
  as: 'creator' | 'helper',
): Promise<Position | null> {
  const result = await runCommand(ctx, {
    decider: contact,
    streamId: contactStream(contactId),
    command: {
      type: 'CreateContact',
      contactId,
      details,
      channel: input.channel,
      isGroup: input.isGroup,
      disableBot: input.disableBot,
      acceptAudioMessage: input.acceptAudioMessage,
    },
    commandId: `create-contact-${contactId}`,
    ...meta(input),
  });
  const stored = result.events.find((event) => isProductEvent(event, 'ContactCreated'))?.data;
  const differs =
    stored && (Object.keys(details) as (keyof ContactDetails)[]).some((field) => JSON.stringify(stored[field]) !== JSON.stringify(details[field]));
  if (!differs || as === 'helper') return result.position;
  const changed = await runCommand(ctx, {
    decider: contact,
    streamId: contactStream(contactId),
    command: { type: 'ChangeContactDetails', changes: details },
    ...meta(input),
  });
  return changed.position ?? result.position;
}

/** A live owner comes with where its stream ends, so a caller can wait until the read model shows it. */
type Claim =
  { won: true; contactId: number } | { won: false; ownerId: number; owner: 'active'; position: Position } | { won: false; ownerId: number; owner: 'inFlight' };

/**
 * Claims the number's guard stream for a contact. A claim held by a deleted contact, or by a
 * creation abandoned long ago, is released and claimed again; a live owner is reported.
 * `contactIdToClaim` is asked only when there is a claim to make (no id is spent on a known number).
 */
async function claimNumber(ctx: CommandContext, input: Meta, key: string, contactIdToClaim: () => Promise<number>): Promise<Claim> {
  let contactId: number | undefined;
  for (let round = 0; round < MAX_CLAIM_ROUNDS; round++) {
    const read = await readNumberGuard(ctx, input.companyId, key);
    const guard = read.claim;
    if (guard.ownerId !== null && guard.ownerId !== contactId) {
      const history = await ctx.store.readStream(contactStream(guard.ownerId));
      const owner = foldStream(contact, history);
      if (owner.status === 'active') return { won: false, ownerId: guard.ownerId, owner: 'active', position: history[history.length - 1]!.position };
      const abandoned = owner.status === 'none' && ctx.now().getTime() - Date.parse(guard.claimedAt ?? '') > ABANDONED_NUMBER_CLAIM_MS;
      if (owner.status === 'none' && !abandoned) return { won: false, ownerId: guard.ownerId, owner: 'inFlight' };
      await releaseNumber(ctx, input, key, guard.ownerId);
      continue;
    }
    contactId ??= await contactIdToClaim();
    try {
      await runGuardCommand(ctx, read, { command: { type: 'ClaimContactNumber', key, contactId }, ...meta(input) });
      return { won: true, contactId };
    } catch (error) {
      // Someone claimed it between our look and our append: look again at who.
      if (!(error instanceof DomainError) || error.code !== 'ERR_DUPLICATED_CONTACT') throw error;
    }
  }
  throw new DomainError('ERR_CONCURRENCY_RETRIES_EXHAUSTED');
}

/** Frees the number for a new contact, when this contact holds it (deletion, LGPD erasure). */
export async function releaseNumber(ctx: CommandContext, input: Meta, key: string, contactId: number): Promise<void> {
  await runGuardCommand(ctx, await readNumberGuard(ctx, input.companyId, key), { command: { type: 'ReleaseContactNumber', key, contactId }, ...meta(input) });
}
