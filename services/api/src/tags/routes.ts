import { contactStream, CreateTagRequest, DomainError, KanbanFilter, ListTagsQuery, SyncContactTagsRequest, tagStream, TAGS_PAGE_SIZE, UpdateTagRequest, RecordIdParam, type TagView } from '@conversa/contracts';
import { contact, tag } from '@conversa/core';
import { findContact } from '@conversa/projections/contacts/queries';
import { existingTagIds, findTag, listTags } from '@conversa/projections/tags/queries';
import { findTicket } from '@conversa/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { execute, userActor, type ApiContext } from '../context';
import { companyScope } from '../http/auth';
import { parse } from '../http/errors';

const IdParam = z.object({ id: RecordIdParam });
const ListAllQuery = z.object({ companyId: RecordIdParam.optional(), kanban: KanbanFilter.optional() });

export async function companyTag(ctx: ApiContext, request: FastifyRequest, id: number): Promise<TagView> {
  const found = await findTag(ctx.db, request.principal.companyId, id);
  if (!found) throw new DomainError('ERR_NO_TAG_FOUND');
  return found;
}

/** The contact whose tags a sync sets: named directly, or as the ticket's contact (a ticket's tags are its contact's). */
async function syncedContactId(ctx: ApiContext, companyId: number, body: SyncContactTagsRequest): Promise<number> {
  let contactId = body.contactId ?? undefined;
  if (body.ticketId != null) {
    const ticket = await findTicket(ctx.db, companyId, body.ticketId);
    if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
    if (contactId !== undefined && contactId !== ticket.contactId) throw new DomainError('ERR_VALIDATION', 'contactId: não é o contato deste ticket');
    contactId = ticket.contactId;
  }
  if (contactId === undefined || !(await findContact(ctx.db, companyId, contactId))) throw new DomainError('ERR_NO_CONTACT_FOUND');
  return contactId;
}

/**
 * Tags. Any user of the company may create, change and
 * delete its tags and set a contact's tags: they are shared labels, like the kanban lanes they make.
 */
export async function tagRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/tags', async (request) => {
    const query = parse(ListTagsQuery, request.query);
    return listTags(ctx.db, request.principal.companyId, { ...query, limit: TAGS_PAGE_SIZE });
  });

  app.get('/tags/list', async (request) => {
    const query = parse(ListAllQuery, request.query);
    const { tags } = await listTags(ctx.db, companyScope(request.principal, query.companyId), { kanban: query.kanban });
    return tags;
  });

  // The kanban board's lanes: every kanban tag (answered as `lista`).
  app.get('/tags/kanban', async (request) => {
    const { tags } = await listTags(ctx.db, request.principal.companyId, { kanban: 1 });
    return { lista: tags };
  });

  app.post('/tags/sync', async (request) => {
    const body = parse(SyncContactTagsRequest, request.body);
    const { principal } = request;
    const contactId = await syncedContactId(ctx, principal.companyId, body);
    const wanted = [...new Set(body.tags.map((t) => t.id))];
    const existing = new Set(await existingTagIds(ctx.db, principal.companyId, wanted));
    const missing = wanted.filter((id) => !existing.has(id));
    if (missing.length > 0) throw new DomainError('ERR_NO_TAG_FOUND', undefined, { tagIds: missing });
    await execute(ctx, {
      decider: contact,
      streamId: contactStream(contactId),
      command: { type: 'SetContactTags', tagIds: wanted },
      companyId: principal.companyId,
      actor: userActor(principal.userId),
    });
    const synced = await findContact(ctx.db, principal.companyId, contactId);
    return { tags: synced?.tags ?? [] };
  });

  app.get('/tags/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    return companyTag(ctx, request, id);
  });

  app.post('/tags', async (request, reply) => {
    const details = parse(CreateTagRequest, request.body);
    const { principal } = request;
    const tagId = await ctx.ids.next('tag');
    await execute(ctx, {
      decider: tag,
      streamId: tagStream(tagId),
      command: { type: 'CreateTag', tagId, details, userId: principal.userId },
      companyId: principal.companyId,
      actor: userActor(principal.userId),
    });
    return reply.status(201).send(await companyTag(ctx, request, tagId));
  });

  app.put('/tags/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    const changes = parse(UpdateTagRequest, request.body);
    await companyTag(ctx, request, id);
    const { principal } = request;
    await execute(ctx, { decider: tag, streamId: tagStream(id), command: { type: 'ChangeTag', changes }, companyId: principal.companyId, actor: userActor(principal.userId) });
    return companyTag(ctx, request, id);
  });

  app.delete('/tags/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    await companyTag(ctx, request, id);
    const { principal } = request;
    await execute(ctx, { decider: tag, streamId: tagStream(id), command: { type: 'DeleteTag' }, companyId: principal.companyId, actor: userActor(principal.userId) });
    return { message: 'Tag deleted' };
  });
}
