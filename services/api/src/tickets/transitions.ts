import type { UpdateTicketRequest, TicketView } from '@conversa/contracts';
import type { TicketCommand } from '@conversa/core';

/**
 * PUT /tickets/{id} names the state the browser wants; this reads which ticket
 * transition that is, so the ticket's history records facts (accepted, transferred…), not form echoes.
 */
export function ticketCommandsFor(current: TicketView, body: UpdateTicketRequest, me: { userId: number }): TicketCommand[] {
  const commands: TicketCommand[] = [];
  if (body.useIntegration !== undefined || body.promptId !== undefined || body.amountUsedBotQueues !== undefined) {
    commands.push({
      type: 'SetTicketIntegration',
      useIntegration: body.useIntegration ?? current.useIntegration,
      ...(body.promptId !== undefined ? { promptId: body.promptId } : {}),
      ...(body.amountUsedBotQueues !== undefined ? { amountUsedBotQueues: body.amountUsedBotQueues } : {}),
    });
  }

  const queueId = body.queueId === undefined ? current.queueId : body.queueId;
  switch (body.status) {
    case 'closed':
      if (current.status === 'pending') commands.push({ type: 'CloseTicket', userId: me.userId, farewell: false, reason: 'ignored' });
      else commands.push({ type: 'CloseTicket', userId: me.userId, farewell: body.sendFarewellMessage ?? !body.isFinished, reason: 'resolved' });
      break;
    case 'open':
    case 'group': {
      const userId = body.userId ?? me.userId;
      if (current.status === 'closed') commands.push({ type: 'ReopenTicket', userId, queueId });
      else if (current.status === 'pending' && userId === me.userId && (current.queueId === null || queueId === current.queueId)) {
        commands.push({ type: 'AcceptTicket', userId, queueId });
      } else if ((current.status === 'open' || current.status === 'group') && current.userId !== me.userId && userId === me.userId) {
        // Taking for oneself a ticket someone else already holds is a late accept: the answer names the holder.
        commands.push({ type: 'AcceptTicket', userId, queueId });
      } else commands.push({ type: 'TransferTicket', userId, queueId });
      break;
    }
    case 'pending':
      if (!body.userId && queueId === current.queueId) commands.push({ type: 'ReturnTicketToQueue' });
      else commands.push({ type: 'TransferTicket', userId: body.userId ?? null, queueId });
      break;
    case undefined:
      if (body.userId !== undefined || body.queueId !== undefined) commands.push({ type: 'TransferTicket', userId: body.userId === undefined ? current.userId : body.userId, queueId });
      break;
  }
  return commands;
}
