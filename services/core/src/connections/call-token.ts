import { connectionStream, SECRET_SETTING_MASK, type ConnectionDetails } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import { foldStream } from '../commands/decider';
import { systemActor } from '../commands/run';
import { isSealed, type SecretBox } from '../secrets/box';
import { streamRuns } from '../shared/stream-commands';
import { connection } from './connection';

const onConnection = streamRuns(connection, connectionStream);

/**
 * A connection's call token (`wavoip`) is a credential: sealed before it is recorded, like the Meta tokens.
 * The mask written back (the dialog saved unchanged) is left out of the changes, so the stored token stays.
 */
export function sealCallToken<Details extends Partial<ConnectionDetails>>(box: SecretBox, details: Details): Details {
  if (details.wavoip === undefined) return details;
  if (details.wavoip === SECRET_SETTING_MASK) {
    const { wavoip: _kept, ...rest } = details;
    return rest as Details;
  }
  return { ...details, wavoip: box.seal(details.wavoip.trim()) };
}

/**
 * A call token an earlier version recorded in clear is recorded again sealed (the log is immutable; the
 * read model then holds it sealed, docs/security.md). Runs at start.
 */
export async function resealCallToken(ctx: UseCaseContext & { secrets: SecretBox }, connectionId: number): Promise<boolean> {
  const state = foldStream(connection, await ctx.store.readStream(connectionStream(connectionId)));
  if (state.status !== 'active' || state.details.wavoip === '' || isSealed(state.details.wavoip)) return false;
  const changes = { wavoip: ctx.secrets.seal(state.details.wavoip) };
  await onConnection(ctx, { companyId: state.companyId, actor: systemActor }, connectionId, { type: 'ChangeConnectionDetails', changes });
  return true;
}
