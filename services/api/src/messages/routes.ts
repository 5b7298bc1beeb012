import {
  contactCardVCard,
  DeleteMessageParams,
  DomainError,
  EditMessageRequest,
  ForwardMessageRequest,
  ListMessagesQuery,
  MAX_FILES_PER_MESSAGE,
  MessageIdParams,
  MessageTicketParams,
  ReactToMessageRequest,
  SendMediaFields,
  SendMessageRequest,
  type StoredMedia,
  type TicketView,
  MessagesPage,
  SendMediaForm,
  TicketMediaLists,
  MessageView,
  SentMessages,
  TicketImages,
} from '@conversa/contracts';
import { deleteMessage, editMessage, forwardMessage, sendMessages, type ForwardContactLookup, type OutgoingMessage } from '@conversa/core';
import { findContact } from '@conversa/projections/contacts/queries';
import { findMessage, findMessagesById, listImages, listMessagesOfTicket, ticketMedia } from '@conversa/projections/messages/queries';
import { canSeeTicket, findTicket, viewerOf } from '@conversa/projections/tickets/queries';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userActor, type ApiContext } from '../context';
import { parse } from '../http/errors';

/** A ticket of the caller's company (else 404) that the caller may see (else 403). */
async function visibleTicket(ctx: ApiContext, request: FastifyRequest, ticketId: number): Promise<TicketView> {
  const ticket = await findTicket(ctx.db, request.principal.companyId, ticketId);
  if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
  if (!canSeeTicket(viewerOf(request.principal), ticket)) throw new DomainError('ERR_NO_PERMISSION');
  return ticket;
}

/** A message of the caller's company whose ticket the caller may see. */
async function visibleMessage(ctx: ApiContext, request: FastifyRequest, messageId: string): Promise<{ message: MessageView; ticket: TicketView }> {
  const found = await findMessage(ctx.db, request.principal.companyId, messageId);
  if (!found) throw new DomainError('ERR_NO_MESSAGE_FOUND');
  return { message: found, ticket: await visibleTicket(ctx, request, found.ticketId) };
}

/** Only open (or group) tickets talk to the contact; private notes stay inside. */
function assertCanSend(ticket: TicketView, isPrivate: boolean): void {
  if (!isPrivate && ticket.status !== 'open' && ticket.status !== 'group') throw new DomainError('ERR_TICKET_NOT_OPEN');
}

/** The message a reply quotes: one of the same ticket. */
async function quotedIn(ctx: ApiContext, ticket: TicketView, quotedId: string | null | undefined): Promise<string | null> {
  if (!quotedId) return null;
  const quoted = await findMessage(ctx.db, ticket.companyId, quotedId);
  if (!quoted || quoted.ticketId !== ticket.id) throw new DomainError('ERR_NO_MESSAGE_FOUND');
  return quoted.id;
}

/** Queues the messages in order on one ticket as the caller, and answers them as the read model shows them. */
async function queueAll(
  ctx: ApiContext,
  request: FastifyRequest,
  ticket: Pick<TicketView, 'id' | 'contactId' | 'whatsappId' | 'queueId'>,
  outgoing: OutgoingMessage[],
): Promise<MessageView[]> {
  const { principal } = request;
  const ids = await sendMessages(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), userId: principal.userId, ticket, outgoing });
  return answerInOrder(ctx, ids);
}

/** The messages as the read model shows them, in the order given. */
async function answerInOrder(ctx: ApiContext, ids: string[]): Promise<MessageView[]> {
  const views = new Map((await findMessagesById(ctx.db, ids)).map((view) => [view.id, view]));
  return ids.map((id) => views.get(id)).filter((view): view is MessageView => view !== undefined);
}

/** The contact a message is forwarded to. */
function forwardContacts(ctx: ApiContext): ForwardContactLookup {
  return { findContact: async (companyId, contactId) => (await findContact(ctx.db, companyId, contactId)) ?? null };
}

export async function messageRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(multipart, {
    // One byte over the store's limit reaches the store, which refuses it with ERR_MEDIA_TOO_LARGE.
    limits: { fileSize: ctx.media.maxBytes + 1, files: MAX_FILES_PER_MESSAGE, fields: 50, fieldSize: 70_000, parts: 60 },
  });

  app.get(
    '/messages/:ticketId',
    {
      config: {
        contract: { params: MessageTicketParams, query: ListMessagesQuery, response: MessagesPage, errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION'] },
      },
    },
    async (request) => {
      const { ticketId } = request.params;
      const { pageNumber, cursor, selectedQueues } = request.query;
      // selectedQueues narrows what a ticket the caller may see shows, for every profile that sends it,
      // admins included (as Whaticket does); an empty selection, like none, lists every message.
      const queueIds = selectedQueues && selectedQueues.length > 0 ? selectedQueues : undefined;
      // The page and the ticket's visibility are read in one statement (the company scopes both); the page is only
      // returned once the check passes.
      // The answer is the spec's: the messages and hasMore, with their count (pages by pageNumber) and the
      // cursor of the older page (the ticket itself is GET /tickets/:id).
      const { ticket, page } = await listMessagesOfTicket(ctx.db, request.principal.companyId, ticketId, pageNumber, { queueIds, cursor });
      if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
      if (!canSeeTicket(viewerOf(request.principal), ticket)) throw new DomainError('ERR_NO_PERMISSION');
      return page;
    },
  );

  app.post(
    '/messages/:ticketId',
    {
      config: {
        contract: {
          params: MessageTicketParams,
          body: SendMessageRequest,
          multipart: SendMediaForm,
          response: SentMessages,
          errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION', 'ERR_TICKET_NOT_OPEN', 'ERR_NO_MESSAGE_FOUND', 'ERR_MULTIPART_INVALID', 'ERR_MEDIA_TOO_LARGE'],
        },
      },
    },
    async (request) => {
      const { ticketId } = request.params;
      const ticket = await visibleTicket(ctx, request, ticketId);
      const messages = request.isMultipart() ? await sendFiles(ctx, request, ticket) : await sendJson(ctx, request, ticket, request.body);
      const sent: SentMessages = { messages };
      return sent;
    },
  );

  app.post(
    '/messages/edit/:messageId',
    {
      config: {
        contract: {
          params: MessageIdParams,
          body: EditMessageRequest,
          response: MessageView,
          errors: [
            'ERR_NO_MESSAGE_FOUND',
            'ERR_NO_TICKET_FOUND',
            'ERR_NO_PERMISSION',
            'ERR_MESSAGE_DELETED',
            'ERR_MESSAGE_EDIT_EXPIRED',
            'ERR_TICKET_NOT_OPEN',
          ],
        },
      },
    },
    async (request) => {
      const { messageId } = request.params;
      const { body } = request.body;
      await visibleMessage(ctx, request, messageId);
      const { principal } = request;
      await editMessage(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), userId: principal.userId, messageId, body });
      return findMessage(ctx.db, principal.companyId, messageId);
    },
  );

  app.delete(
    '/messages/:id',
    {
      config: {
        contract: { params: DeleteMessageParams, response: MessageView, errors: ['ERR_NO_MESSAGE_FOUND', 'ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION'] },
      },
    },
    async (request) => {
      const { id } = request.params;
      await visibleMessage(ctx, request, id);
      const { principal } = request;
      await deleteMessage(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), messageId: id });
      return findMessage(ctx.db, principal.companyId, id);
    },
  );

  app.get(
    '/messages/listimages/:ticketId',
    { config: { contract: { params: MessageTicketParams, response: TicketImages, errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION'] } } },
    async (request) => {
      const { ticketId } = request.params;
      const ticket = await visibleTicket(ctx, request, ticketId);
      const images = await listImages(ctx.db, request.principal.companyId, ticket.id);
      const answer: TicketImages = { images: images.map(({ mediaUrl, pageNumber, body }) => ({ mediaUrl, pageNumber, body })) };
      return answer;
    },
  );

  app.get(
    '/messages/getmedia/:ticketId',
    { config: { contract: { params: MessageTicketParams, response: TicketMediaLists, errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION'] } } },
    async (request) => {
      const { ticketId } = request.params;
      const ticket = await visibleTicket(ctx, request, ticketId);
      return ticketMedia(ctx.db, request.principal.companyId, ticket.id);
    },
  );

  app.post(
    '/message/forward',
    {
      config: {
        contract: {
          body: ForwardMessageRequest,
          response: MessageView,
          errors: ['ERR_NO_MESSAGE_FOUND', 'ERR_NO_TICKET_FOUND', 'ERR_NO_CONTACT_FOUND', 'ERR_NO_PERMISSION'],
        },
      },
    },
    async (request) => {
      const body = request.body;
      const { principal } = request;
      const { message: source, ticket: sourceTicket } = await visibleMessage(ctx, request, body.messageId);
      const forwardedId = await forwardMessage(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        user: { id: principal.userId, name: principal.user.name },
        source,
        sourceQueueId: sourceTicket.queueId,
        contactId: body.contactId,
        signMessage: body.signMessage,
        contacts: forwardContacts(ctx),
      });
      const [forwarded] = await answerInOrder(ctx, [forwardedId]);
      return forwarded;
    },
  );

  app.post(
    '/react/messages',
    {
      config: {
        contract: {
          body: ReactToMessageRequest,
          response: MessageView,
          errors: ['ERR_NO_MESSAGE_FOUND', 'ERR_NO_TICKET_FOUND', 'ERR_MESSAGE_DELETED', 'ERR_TICKET_NOT_OPEN', 'ERR_NO_PERMISSION'],
        },
      },
    },
    async (request) => {
      const body = request.body;
      const { message: target, ticket } = await visibleMessage(ctx, request, body.id);
      if (body.ticketId !== undefined && body.ticketId !== ticket.id) throw new DomainError('ERR_NO_MESSAGE_FOUND');
      if (target.isDeleted) throw new DomainError('ERR_MESSAGE_DELETED');
      assertCanSend(ticket, false);
      const [reaction] = await queueAll(ctx, request, ticket, [{ body: body.text, mediaType: 'reactionMessage', quotedMessageId: target.id }]);
      return reaction;
    },
  );
}

async function sendJson(ctx: ApiContext, request: FastifyRequest, ticket: TicketView, body: SendMessageRequest): Promise<MessageView[]> {
  assertCanSend(ticket, body.isPrivate);
  const quotedMessageId = await quotedIn(ctx, ticket, body.quotedMsgId ?? body.quotedMsg?.id);
  const common = { isPrivate: body.isPrivate, quotedMessageId };
  if (body.vCard != null) {
    const card = typeof body.vCard === 'string' ? body.vCard : contactCardVCard(body.vCard.name, body.vCard.number);
    return queueAll(ctx, request, ticket, [{ ...common, body: card, mediaType: 'contactMessage' }]);
  }
  if (body.location != null) return queueAll(ctx, request, ticket, [{ ...common, body: body.body, location: body.location }]);
  if (body.mediaUrl != null) {
    // A file already stored for this company (a quick message's attachment): never another company's.
    const media = await ctx.media.describe(request.principal.companyId, body.mediaUrl);
    if (!media) throw new DomainError('ERR_VALIDATION', 'mediaUrl: no such file');
    return queueAll(ctx, request, ticket, [{ ...common, body: body.body, media }]);
  }
  return queueAll(ctx, request, ticket, [{ ...common, body: body.body }]);
}

/**
 * Multipart: every file in `medias` goes through the media store as it streams in (sniffed, size
 * checked, stored under a generated name) and becomes one message. If anything is refused, the
 * files already stored for this request are removed again: nothing is left half-written.
 */
async function sendFiles(ctx: ApiContext, request: FastifyRequest, ticket: TicketView): Promise<MessageView[]> {
  const companyId = request.principal.companyId;
  const stored: StoredMedia[] = [];
  let outgoing: OutgoingMessage[];
  try {
    const fields: Record<string, string | string[]> = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'medias' && part.fieldname !== 'medias[]') throw new DomainError('ERR_VALIDATION', `Unexpected file field ${part.fieldname}`);
        stored.push(await ctx.media.save({ companyId, data: part.file, declaredMime: part.mimetype, originalName: part.filename }));
      } else {
        const name = part.fieldname.replace(/\[\]$/, '');
        const value = String(part.value);
        const earlier = fields[name];
        fields[name] = earlier === undefined ? value : [...[earlier].flat(), value];
      }
    }
    const body = parse(SendMediaFields, fields);
    if (stored.length === 0) throw new DomainError('ERR_VALIDATION', 'medias: no file');
    assertCanSend(ticket, body.isPrivate);
    const quotedMessageId = await quotedIn(ctx, ticket, body.quotedMsgId);
    const captions = Array.isArray(body.body) ? body.body : stored.map(() => body.body as string);
    outgoing = stored.map((media, index) => ({
      body: captions[index] ?? '',
      media: body.mediaTitle ? { ...media, name: body.mediaTitle } : media,
      isPrivate: body.isPrivate,
      quotedMessageId,
    }));
  } catch (error) {
    await Promise.all(stored.map((media) => ctx.media.remove(companyId, media.url)));
    throw error;
  }
  return queueAll(ctx, request, ticket, outgoing);
}
