import { helpStream, type Actor } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import { streamCommands } from '../shared/stream-commands';
import type { IdAllocator } from '../ids';
import { help, type HelpCommand } from './help';

const onHelp = streamCommands(help, helpStream);

/** What the help use cases need of their process: commands awaited into the read models, and ids. */
export interface HelpUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
}

type HelpDetails = Extract<HelpCommand, { type: 'CreateHelp' }>['details'];
type HelpChanges = Extract<HelpCommand, { type: 'ChangeHelp' }>['changes'];

/** Help entries are platform-wide; their events are recorded under the super user's company, as plans are. */
export async function createHelp(ctx: HelpUseCaseContext, input: { companyId: number; actor: Actor; details: HelpDetails }): Promise<number> {
  const helpId = await ctx.ids.next('help');
  await onHelp(ctx, input, helpId, { type: 'CreateHelp', helpId, details: input.details });
  return helpId;
}

export async function changeHelp(ctx: UseCaseContext, input: { companyId: number; actor: Actor; id: number; changes: HelpChanges }): Promise<void> {
  await onHelp(ctx, input, input.id, { type: 'ChangeHelp', changes: input.changes });
}

export async function deleteHelp(ctx: UseCaseContext, input: { companyId: number; actor: Actor; id: number }): Promise<void> {
  await onHelp(ctx, input, input.id, { type: 'DeleteHelp' });
}
