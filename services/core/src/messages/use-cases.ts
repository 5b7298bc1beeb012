import { DomainError, messageStream, type Actor, type Channel, type MessageView, type Position } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import { streamCommands } from '../shared/stream-commands';
import type { IdAllocator } from '../ids';
import { openTicket } from '../tickets/lifecycle';
import { queueOutboundMessage, type QueueOutboundMessageInput } from './lifecycle';
import { message } from './message';

const onMessage = streamCommands(message, messageStream);

/** What the message use cases need of their process: commands awaited into the read models, and ids (a forward may open a ticket). */
export interface MessageUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
}

/** One message an attendant writes: what it carries, the ticket and the writer being the use case's input. */
export type OutgoingMessage = Omit<QueueOutboundMessageInput, 'companyId' | 'actor' | 'ticket' | 'userId'>;

/** Edits a message's text (its writer, within the edit window). */
export async function editMessage(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; userId: number; messageId: string; body: string },
): Promise<void> {
  await onMessage(ctx, input, input.messageId, { type: 'EditMessage', userId: input.userId, body: input.body });
}

/** An attendant deletes a message (for everyone). */
export async function deleteMessage(ctx: UseCaseContext, input: { companyId: number; actor: Actor; messageId: string }): Promise<void> {
  await onMessage(ctx, input, input.messageId, { type: 'DeleteMessage', by: 'user' });
}

/**
 * Queues the messages in order on one ticket as the attendant and waits (bounded) until the read
 * models show them. Answers their ids, in order.
 */
export async function sendMessages(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; userId: number; ticket: QueueOutboundMessageInput['ticket']; outgoing: OutgoingMessage[] },
): Promise<string[]> {
  const { ticket } = input;
  const ids: string[] = [];
  let last: Position | null = null;
  for (const item of input.outgoing) {
    const { messageId, position } = await queueOutboundMessage(ctx, {
      ...item,
      companyId: input.companyId,
      actor: input.actor,
      ticket: { id: ticket.id, contactId: ticket.contactId, whatsappId: ticket.whatsappId, queueId: ticket.queueId },
      userId: input.userId,
    });
    ids.push(messageId);
    last = position ?? last;
  }
  await ctx.waitForProjections(last);
  return ids;
}

/** The contact a message is forwarded to. */
export interface ForwardContactLookup {
  /** The company's contact; null when it has none with that id. */
  findContact(companyId: number, contactId: number): Promise<{ id: number; channel: Channel; isGroup: boolean } | null>;
}

type ForwardedSource = Pick<
  MessageView,
  'isDeleted' | 'isPrivate' | 'whatsappId' | 'body' | 'mediaType' | 'mediaUrl' | 'mediaName' | 'mediaMime' | 'mediaSize' | 'location'
>;

/**
 * Forwards a message the attendant can see to a contact, on the source's connection: the contact's
 * open ticket there, or a new open one in the source ticket's queue. Signed with the attendant's name
 * when asked. Answers the forwarded message's id.
 */
export async function forwardMessage(
  ctx: MessageUseCaseContext,
  input: {
    companyId: number;
    actor: Actor;
    user: { id: number; name: string };
    source: ForwardedSource;
    sourceQueueId: number | null;
    contactId: number;
    signMessage?: boolean;
    contacts: ForwardContactLookup;
  },
): Promise<string> {
  const { companyId, actor, user, source } = input;
  if (source.isDeleted) throw new DomainError('ERR_MESSAGE_DELETED');
  // A private note is for the team; forwarding would hand it to a contact.
  if (source.isPrivate) throw new DomainError('ERR_NO_PERMISSION', 'Private notes cannot be forwarded');
  const contact = await input.contacts.findContact(companyId, input.contactId);
  if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
  const opened = await openTicket(ctx, {
    companyId,
    actor,
    contactId: contact.id,
    whatsappId: source.whatsappId,
    channel: contact.channel,
    isGroup: contact.isGroup,
    userId: user.id,
    queueId: input.sourceQueueId,
    status: 'open',
    reuseOpen: true,
  });
  await ctx.waitForProjections(opened.position);
  const signed = input.signMessage ? `*${user.name}*:\n${source.body}` : source.body;
  const [forwarded] = await sendMessages(ctx, {
    companyId,
    actor,
    userId: user.id,
    ticket: { id: opened.ticketId, contactId: contact.id, whatsappId: source.whatsappId, queueId: opened.queueId },
    outgoing: [
      {
        body: signed,
        mediaType: source.mediaType,
        media: source.mediaUrl
          ? { url: source.mediaUrl, name: source.mediaName ?? '', mime: source.mediaMime ?? 'application/octet-stream', size: source.mediaSize ?? 0 }
          : null,
        location: source.location,
        isForwarded: true,
      },
    ],
  });
  return forwarded!;
}
