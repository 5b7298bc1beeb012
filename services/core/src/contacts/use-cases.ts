import { contactStream, type Actor } from '@conversa/contracts';
import { execute, type UseCaseContext } from '../commands/execute';
import { contact, type ContactCommand } from './contact';

/** A command on an existing contact (block, the bot and audio toggles), waited into the read models. */
export async function commandContact(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; contactId: number; command: ContactCommand },
): Promise<void> {
  const { companyId, actor, contactId, command } = input;
  await execute(ctx, { decider: contact, streamId: contactStream(contactId), command, companyId, actor });
}
