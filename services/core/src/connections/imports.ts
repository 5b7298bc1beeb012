import { comparePositions, connectionStream, DomainError, type Actor, type Position } from '@conversa/contracts';
import { foldStream } from '../commands/decider';
import type { CommandContext } from '../commands/run';
import { streamRuns } from '../shared/stream-commands';
import { changeTicket } from '../tickets/lifecycle';
import { connection } from './connection';

const onConnection = streamRuns(connection, connectionStream);

/**
 * Closes the tickets a finished history import wrote to (POST /closedimported/:id, or at once when
 * the connection's closedTicketsPostImported is on) and records it, so the button goes away.
 * Tickets an attendant already closed or took elsewhere are left as they are.
 */
export async function closeImportedTickets(
  ctx: CommandContext,
  input: { connectionId: number; companyId: number; actor: Actor; userId: number | null },
): Promise<{ closed: number; position: Position | null }> {
  const { connectionId, companyId, actor } = input;
  const state = foldStream(connection, await ctx.store.readStream(connectionStream(connectionId)));
  if (state.status !== 'active' || state.companyId !== companyId) throw new DomainError('ERR_NO_WAPP_FOUND');
  const closedIds: number[] = [];
  let last: Position | null = null;
  const ticketIds = [...state.import.ticketIds];
  // A few at a time: an import may have opened thousands of tickets.
  for (let index = 0; index < ticketIds.length; index += 8) {
    const results = await Promise.all(
      ticketIds.slice(index, index + 8).map(async (ticketId) => {
        try {
          const result = await changeTicket(ctx, {
            companyId,
            actor,
            ticketId,
            command: { type: 'CloseTicket', userId: input.userId, farewell: false, reason: 'closeAll' },
          });
          return { ticketId, result };
        } catch (error) {
          if (error instanceof DomainError && error.code === 'ERR_NO_TICKET_FOUND') return { ticketId, result: null };
          throw error;
        }
      }),
    );
    for (const { ticketId, result } of results) {
      if (!result || result.events.length === 0) continue;
      closedIds.push(ticketId);
      if (result.position && (!last || comparePositions(result.position, last) > 0)) last = result.position;
    }
  }
  const recorded = await onConnection(ctx, input, connectionId, { type: 'CloseImportedTickets', ticketIds: closedIds });
  if (recorded.position && (!last || comparePositions(recorded.position, last) > 0)) last = recorded.position;
  return { closed: closedIds.length, position: last };
}
