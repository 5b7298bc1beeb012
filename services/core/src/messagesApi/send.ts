import { DomainError, streams, type Actor, type Channel, type Position, type StoredMedia } from '@conversa/contracts';
import { v5 as uuidv5 } from 'uuid';
import { foldStream } from '../commands/decider';
import type { CommandContext } from '../commands/run';
import { runCommand } from '../commands/run';
import { findOrCreateContact } from '../contacts/lifecycle';
import type { IdAllocator } from '../ids';
import { queueOutboundMessage } from '../messages/lifecycle';
import { openTicket } from '../tickets/lifecycle';
import { apiIdempotency } from './idempotency';

const API_MESSAGE_NAMESPACE = '7d4c1e9a-2b6f-4a83-9e05-1f8b3c6d2a71';
/** What the API writes when no attendant is named: the system, as the external API. */
export const MESSAGES_API_ACTOR: Actor = { kind: 'system', id: 'messages-api' };

export interface ApiSendInput {
  companyId: number;
  connection: { id: number; channel: Channel };
  number: string;
  /** One text message, or one message per file (its caption the body). */
  outgoing: Array<{ body: string; media?: StoredMedia }>;
  /** The attendant writing (already checked to be of the company), with the name a signature shows. */
  user: { id: number; name: string } | null;
  queueId: number | null;
  sendSignature: boolean;
  /** The Idempotency-Key's hash and the request's: the same key sends once. */
  idempotency?: { keyHash: string; requestHash: string };
}

export interface ApiSendResult {
  contactId: number;
  ticketId: number;
  messageIds: string[];
  /** An earlier request with the same key did the work: this is its result. */
  replayed: boolean;
  position: Position | null;
}

/**
 * The external messages API: the contact found by number or created, its open or pending ticket on the
 * connection found or a new one (in `queueId`, held by the attendant when one is named) as an inbound
 * conversation would, then the messages queued as the attendant's or the system's for the sender
 * reactor to send through that connection. With an Idempotency-Key the message ids derive from the key,
 * so a retry racing the first request queues the same messages, and the key's guard stream keeps the result.
 */
export async function sendThroughApi(ctx: CommandContext & { ids: IdAllocator }, input: ApiSendInput): Promise<ApiSendResult> {
  const { companyId, connection, idempotency } = input;
  const guardStream = idempotency && streams.apiIdempotency(companyId, idempotency.keyHash);
  if (guardStream && idempotency) {
    const earlier = foldStream(apiIdempotency, await ctx.store.readStream(guardStream));
    if (earlier.status === 'recorded') {
      if (earlier.result.requestHash !== idempotency.requestHash) throw new DomainError('ERR_IDEMPOTENCY_KEY_REUSED');
      return { ...earlier.result, replayed: true, position: null };
    }
  }
  const actor: Actor = input.user ? { kind: 'user', id: input.user.id } : MESSAGES_API_ACTOR;
  const { contactId } = await findOrCreateContact(ctx, {
    companyId,
    actor,
    number: input.number,
    name: input.number,
    channel: connection.channel,
    isGroup: false,
  });
  const opened = await openTicket(ctx, {
    companyId,
    actor,
    contactId,
    whatsappId: connection.id,
    channel: connection.channel,
    isGroup: false,
    queueId: input.queueId,
    userId: input.user?.id ?? null,
    status: input.user ? 'open' : 'pending',
    reuseOpen: true,
  });
  const sign = (body: string) => (input.sendSignature && input.user && body ? `*${input.user.name}*:\n${body}` : body);
  const messageIds: string[] = [];
  let position: Position | null = opened.position;
  for (const [index, item] of input.outgoing.entries()) {
    const queued = await queueOutboundMessage(ctx, {
      companyId,
      actor,
      ticket: { id: opened.ticketId, contactId, whatsappId: connection.id, queueId: opened.queueId },
      userId: input.user?.id ?? null,
      body: sign(item.body),
      media: item.media ?? null,
      ...(idempotency ? { messageId: uuidv5(`${companyId}:${idempotency.keyHash}:${index}`, API_MESSAGE_NAMESPACE) } : {}),
    });
    messageIds.push(queued.messageId);
    position = queued.position ?? position;
  }
  if (guardStream && idempotency) {
    // A retry that raced this request recorded the same result (same ids): the decider records it once.
    const recorded = await runCommand(ctx, {
      decider: apiIdempotency,
      streamId: guardStream,
      command: {
        type: 'RecordApiSend',
        result: { connectionId: connection.id, requestHash: idempotency.requestHash, contactId, ticketId: opened.ticketId, messageIds },
      },
      companyId,
      actor,
    });
    position = recorded.position ?? position;
  }
  // Answered once recorded: the sender reactor delivers on the channel, as for an attendant's reply.
  return { contactId, ticketId: opened.ticketId, messageIds, replayed: false, position };
}
