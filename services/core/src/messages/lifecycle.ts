import {
  contactNumberStream,
  contactStream,
  messageStream,
  normaliseDeep,
  ticketSlotStream,
  ticketStream,
  type Actor,
  type Channel,
  type MediaType,
  type Position,
  type StoredMedia,
  type TemplateMessage,
} from '@conversa/contracts';
import { readStreams } from '@conversa/eventstore';
import { v7 as uuidv7 } from 'uuid';
import { foldStream } from '../commands/decider';
import { withPrefetchedStreams } from '../commands/prefetch';
import { contactNumber } from '../contacts/number';
import { runCommand, type CommandContext } from '../commands/run';
import { findOrCreateContact } from '../contacts/lifecycle';
import { noteDecisionReads, onRemembered, rememberConversation, rememberedConversation, type Conversation } from './conversations';
import type { IdAllocator } from '../ids';
import { openTicket } from '../tickets/lifecycle';
import { inboundMessageId, message, type Message } from './message';

export interface MessageLocation {
  latitude: number;
  longitude: number;
  name: string | null;
}

/** The spec's media type of a stored file: documents of any kind are `application`. */
export function mediaTypeOf(mime: string): MediaType {
  const family = mime.split('/')[0];
  return family === 'image' || family === 'video' || family === 'audio' ? family : 'application';
}

export async function loadMessage(ctx: CommandContext, messageId: string): Promise<Message> {
  return foldStream(message, await ctx.store.readStream(messageStream(messageId)));
}

export interface QueueOutboundMessageInput {
  companyId: number;
  actor: Actor;
  /** The ticket as the caller has it now: its queue is recorded on the message (whose part of the conversation it is). */
  ticket: { id: number; contactId: number; whatsappId: number | null; queueId: number | null };
  /** The attendant writing; null for what the system writes (greeting, farewell). */
  userId: number | null;
  body: string;
  /** Defaults from the content: the file's type, `locationMessage`, or `chat`. */
  mediaType?: MediaType;
  media?: StoredMedia | null;
  location?: MessageLocation | null;
  quotedMessageId?: string | null;
  isPrivate?: boolean;
  isForwarded?: boolean;
  /** A Cloud API template to send instead of free text (the body is its filled-in text). */
  template?: TemplateMessage | null;
  /**
   * The idempotency key of the caller (e.g. derived from a scheduled message's id): queueing the same id
   * again records nothing. Defaults to a new time-ordered uuid.
   */
  messageId?: string;
}

/**
 * Records an outbound message (an attendant's reply, a private note, the greeting, a scheduled
 * message). The sender reactor sends it unless it is private; ticket rules (is it open?) are the caller's.
 */
export async function queueOutboundMessage(ctx: CommandContext, input: QueueOutboundMessageInput): Promise<{ messageId: string; position: Position | null }> {
  const messageId = input.messageId ?? uuidv7();
  const media = input.media ?? null;
  const location = input.location ?? null;
  const result = await runCommand(ctx, {
    decider: message,
    streamId: messageStream(messageId),
    command: {
      type: 'QueueMessage',
      message: {
        messageId,
        ticketId: input.ticket.id,
        contactId: input.ticket.contactId,
        whatsappId: input.ticket.whatsappId,
        queueId: input.ticket.queueId,
        body: input.body,
        mediaType: input.mediaType ?? (media ? mediaTypeOf(media.mime) : location ? 'locationMessage' : 'chat'),
        media,
        location,
        quotedMessageId: input.quotedMessageId ?? null,
        userId: input.userId,
        isPrivate: input.isPrivate ?? false,
        isForwarded: input.isForwarded ?? false,
        ...(input.template ? { template: input.template } : {}),
      },
    },
    companyId: input.companyId,
    actor: input.actor,
    // A message id made here names a stream nobody wrote yet.
    knownHistory: input.messageId ? undefined : [],
  });
  return { messageId, position: result.position };
}

export interface ReceiveMessageInput {
  companyId: number;
  /** The connection it arrived on (null for channels without one, e.g. the sandbox). */
  whatsappId: number | null;
  channel: Channel;
  /** Who wrote, as the channel names them: the contact is found by number or created. */
  contact: { number: string; name: string; isGroup: boolean; profilePicUrl?: string | null };
  /** The provider's message id: the idempotency key of inbound messages. */
  providerId: string;
  body: string;
  mediaType: MediaType;
  media?: StoredMedia | null;
  location?: MessageLocation | null;
  /** The provider id of the message this one replies to (or reacts to). */
  quotedProviderId?: string | null;
  /** In group tickets, who in the group wrote it. */
  participant?: { name: string; number: string } | null;
  receivedAt: string | Date;
  /** 'group': a group conversation kept out of the queues (the connection's groupAsTicket disabled) opens as a group ticket. */
  ticketStatus?: 'group';
}

export interface ReceivedMessage {
  messageId: string;
  ticketId: number;
  contactId: number;
  /** The provider delivered this message before: nothing was written now. */
  duplicate: boolean;
  /** Where the message landed (null for a duplicate): what read-your-writes waits for. */
  position: Position | null;
}

export type ReceiveMessageContext = CommandContext & {
  ids: IdAllocator;
  /**
   * Finds the message a provider id names when it is one of ours (outbound messages get their
   * provider id only once sent, so only the read model knows it). Without it, only quoted inbound
   * messages are linked.
   */
  messageIdByProviderId?: (companyId: number, whatsappId: number | null, providerId: string) => Promise<string | undefined>;
};

/**
 * The inbound path (docs/ARCHITECTURE.md "The shape"): a contact wrote on a channel. Finds or creates the
 * contact, finds the contact's open or pending ticket on that connection or opens one, and records
 * MessageReceived. Idempotent on the provider's id: the same message delivered again is a no-op.
 * A conversation seen a moment ago is decided on what its last message read (conversations.ts):
 * the message's append then checks that nothing moved, in one round trip instead of two.
 */
export async function receiveMessage(context: ReceiveMessageContext, given: ReceiveMessageInput): Promise<ReceivedMessage> {
  // Whatever channel it came from, a contact's text that Postgres cannot hold is mended, not refused.
  const input = normaliseDeep(given);
  const { companyId, whatsappId, channel } = input;
  const messageId = inboundMessageId(companyId, whatsappId, input.providerId);
  const ownStream = messageStream(messageId);
  const hintKey = `${companyId}|${whatsappId ?? 0}|${channel}|${input.contact.isGroup}|${input.contact.number}`;
  const seen = rememberedConversation(context.store, hintKey);
  if (seen?.decidedOn && context.store.checksReads) {
    const received = await onRemembered(context.store, ownStream, seen.decidedOn, (store) => receiveWith({ ...context, store }, input, messageId));
    if (received) {
      // Its streams are as they were: only the message's own was written. Kept as the newest.
      rememberConversation(context.store, hintKey, seen);
      return received;
    }
  }
  const prefetched = withPrefetchedStreams(context, await readAhead(context, input, messageId, seen));
  const noted = noteDecisionReads(prefetched.store, ownStream);
  const received = await receiveWith({ ...prefetched, store: noted.store }, input, messageId);
  if (!received.duplicate)
    rememberConversation(context.store, hintKey, { contactId: received.contactId, ticketId: received.ticketId, decidedOn: noted.decidedOn() });
  return received;
}

async function receiveWith(ctx: ReceiveMessageContext, input: ReceiveMessageInput, messageId: string): Promise<ReceivedMessage> {
  const { companyId } = input;
  const history = await ctx.store.readStream(messageStream(messageId));
  const earlier = foldStream(message, history);
  if (earlier.status !== 'none') return { messageId, ticketId: earlier.ticketId, contactId: earlier.contactId, duplicate: true, position: null };

  const place = await placeInConversation(ctx, input, (contactId) => ({ kind: 'contact', id: contactId }));
  const { ticketId, contactId, actor } = place;
  const result = await runCommand(ctx, {
    decider: message,
    streamId: messageStream(messageId),
    command: {
      type: 'ReceiveMessage',
      message: {
        ...channelMessage(input, messageId, place),
        providerId: input.providerId,
        participant: input.participant ?? null,
        receivedAt: new Date(input.receivedAt).toISOString(),
      },
    },
    companyId,
    actor,
    knownHistory: history,
  });
  // Two deliveries of one message racing past the first check: the loser's command recorded nothing.
  if (result.events.length === 0 && result.state.status !== 'none') {
    return { messageId, ticketId: result.state.ticketId, contactId: result.state.contactId, duplicate: true, position: null };
  }
  return { messageId, ticketId, contactId, duplicate: false, position: result.position };
}

/**
 * The connection's own account wrote outside Conversa (from the phone, the page inbox): the contact
 * and ticket are found or opened as for a received message, then one append of MessageQueued +
 * MessageSent records it as already sent (the sender never sends it). Idempotent on the provider's id,
 * whose derived message id it shares with inbound messages.
 */
export async function recordSentElsewhere(ctx: ReceiveMessageContext, input: ReceiveMessageInput): Promise<ReceivedMessage> {
  const { companyId, whatsappId } = input;
  const messageId = inboundMessageId(companyId, whatsappId, input.providerId);
  const earlier = await loadMessage(ctx, messageId);
  if (earlier.status !== 'none') return { messageId, ticketId: earlier.ticketId, contactId: earlier.contactId, duplicate: true, position: null };
  // The channel wrote it, not the contact: the ticket and the message are the channel's doing.
  const place = await placeInConversation(ctx, input, (_contactId, channelActor) => channelActor);
  const { ticketId, contactId, actor } = place;
  const result = await runCommand(ctx, {
    decider: message,
    streamId: messageStream(messageId),
    command: {
      type: 'RecordSentElsewhere',
      providerId: input.providerId,
      sentAt: new Date(input.receivedAt).toISOString(),
      message: {
        ...channelMessage(input, messageId, place),
        userId: null,
        isPrivate: false,
        isForwarded: false,
      },
    },
    companyId,
    actor,
  });
  if (result.events.length === 0) return { messageId, ticketId, contactId, duplicate: true, position: null };
  return { messageId, ticketId, contactId, duplicate: false, position: result.position };
}

/**
 * Where a channel's message lands: the contact found by number or created (by the channel), the
 * contact's open or pending ticket on the connection or a new one (by `actorOf`), and the message
 * it quotes. Shared by received messages and messages sent elsewhere.
 */
async function placeInConversation(ctx: ReceiveMessageContext, input: ReceiveMessageInput, actorOf: (contactId: number, channelActor: Actor) => Actor) {
  const { companyId, whatsappId, channel } = input;
  const channelActor: Actor = { kind: 'channel', id: whatsappId ?? channel };
  const { contactId } = await findOrCreateContact(ctx, {
    companyId,
    actor: channelActor,
    number: input.contact.number,
    name: input.contact.name,
    channel,
    isGroup: input.contact.isGroup,
    profilePicUrl: input.contact.profilePicUrl ?? null,
    verifiedByChannel: true,
  });
  const actor = actorOf(contactId, channelActor);
  const { ticketId, queueId } = await openTicket(ctx, {
    companyId,
    actor,
    contactId,
    whatsappId,
    channel,
    isGroup: input.contact.isGroup,
    reuseOpen: true,
    ...(input.ticketStatus === 'group' ? { status: 'open' as const } : {}),
  });
  const quotedMessageId = input.quotedProviderId ? await quotedMessageIdOf(ctx, companyId, whatsappId, input.quotedProviderId) : null;
  return { contactId, ticketId, queueId, quotedMessageId, actor };
}

type Place = Awaited<ReturnType<typeof placeInConversation>>;

/** What a channel's message records wherever it landed: its place in the conversation and what it carries. */
const channelMessage = (input: ReceiveMessageInput, messageId: string, place: Place) => ({
  messageId,
  ticketId: place.ticketId,
  contactId: place.contactId,
  whatsappId: input.whatsappId,
  // The queue the ticket is in as openTicket found it (no extra read): the contact's message is that queue's part.
  queueId: place.queueId,
  body: input.body,
  mediaType: input.mediaType,
  media: input.media ?? null,
  location: input.location ?? null,
  quotedMessageId: place.quotedMessageId,
});

/**
 * Reads in one round trip every stream the inbound path is about to read one after the other: the
 * message, the number's guard and, for a conversation seen before, its contact, slot and ticket.
 * A remembered conversation is only a guess: what the streams say decides, and a wrong guess
 * costs the reads it would have cost anyway.
 */
async function readAhead(ctx: ReceiveMessageContext, input: ReceiveMessageInput, messageId: string, seen: Conversation | undefined) {
  const streams = [messageStream(messageId)];
  try {
    const { key } = contactNumber(input.contact.number, { channel: input.channel, isGroup: input.contact.isGroup, verifiedByChannel: true });
    streams.push(contactNumberStream(input.companyId, key));
  } catch {
    // An invalid number: findOrCreateContact refuses it with its own error.
  }
  if (seen) {
    streams.push(contactStream(seen.contactId), ticketSlotStream(input.companyId, seen.contactId, input.whatsappId), ticketStream(seen.ticketId));
  }
  return readStreams(ctx.store, streams);
}

async function quotedMessageIdOf(ctx: ReceiveMessageContext, companyId: number, whatsappId: number | null, providerId: string): Promise<string | null> {
  const inbound = inboundMessageId(companyId, whatsappId, providerId);
  if ((await loadMessage(ctx, inbound)).status !== 'none') return inbound;
  return (await ctx.messageIdByProviderId?.(companyId, whatsappId, providerId)) ?? null;
}
