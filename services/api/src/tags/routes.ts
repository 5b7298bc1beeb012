import {
  CreateTagRequest,
  DomainError,
  KanbanFilter,
  ListTagsQuery,
  SyncContactTagsRequest,
  TAGS_PAGE_SIZE,
  UpdateTagRequest,
  RecordIdParam,
  TagView,
  ContactTags,
} from '@conversa/contracts';
import { changeTag, createTag, deleteTag, syncContactTags, type TagSyncLookup } from '@conversa/core';
import { findContact } from '@conversa/projections/contacts/queries';
import { existingTagIds, findTag, listTags } from '@conversa/projections/tags/queries';
import { findTicket } from '@conversa/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { companyScope } from '../http/auth';
import { actingAs, recordRoutes } from '../http/records';

const ListAllQuery = z.object({ companyId: RecordIdParam.optional(), kanban: KanbanFilter.optional() });

export async function companyTag(ctx: ApiContext, request: FastifyRequest, id: number): Promise<TagView> {
  const found = await findTag(ctx.db, request.principal.companyId, id);
  if (!found) throw new DomainError('ERR_NO_TAG_FOUND');
  return found;
}

/** The read models a contact's tag sync is checked against. */
function tagSyncLookup(ctx: ApiContext): TagSyncLookup {
  return {
    ticketContactId: async (companyId, ticketId) => (await findTicket(ctx.db, companyId, ticketId))?.contactId ?? null,
    contactExists: async (companyId, contactId) => Boolean(await findContact(ctx.db, companyId, contactId)),
    existingTagIds: (companyId, tagIds) => existingTagIds(ctx.db, companyId, tagIds),
  };
}

/**
 * Tags. Any user of the company may create, change and
 * delete its tags and set a contact's tags: they are shared labels, like the kanban lanes they make.
 */
export async function tagRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/tags/list', { config: { contract: { query: ListAllQuery, response: z.array(TagView), errors: ['ERR_NO_PERMISSION'] } } }, async (request) => {
    const query = request.query;
    const { tags } = await listTags(ctx.db, companyScope(request.principal, query.companyId), { kanban: query.kanban });
    return tags;
  });

  // The kanban board's lanes: every kanban tag (answered as `lista`).
  app.get(
    '/tags/kanban',
    { config: { contract: { summary: "The kanban board's lanes: every kanban tag (answered as `lista`).", response: z.object({ lista: z.array(TagView) }) } } },
    async (request) => {
      const { tags } = await listTags(ctx.db, request.principal.companyId, { kanban: 1 });
      return { lista: tags };
    },
  );

  app.post(
    '/tags/sync',
    {
      config: {
        contract: {
          body: SyncContactTagsRequest,
          response: ContactTags,
          errors: ['ERR_NO_CONTACT_FOUND', 'ERR_NO_TICKET_FOUND', 'ERR_NO_TAG_FOUND', 'ERR_NO_PERMISSION'],
        },
      },
    },
    async (request) => {
      const body = request.body;
      const { principal } = request;
      const contactId = await syncContactTags(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        contactId: body.contactId,
        ticketId: body.ticketId,
        tagIds: body.tags.map((t) => t.id),
        lookup: tagSyncLookup(ctx),
      });
      const synced = await findContact(ctx.db, principal.companyId, contactId);
      return { tags: synced?.tags ?? [] };
    },
  );

  recordRoutes(app, {
    path: '/tags',
    view: TagView,
    notFound: 'ERR_NO_TAG_FOUND',
    find: (request, id) => findTag(ctx.db, request.principal.companyId, id),
    list: {
      query: ListTagsQuery,
      response: z.object({ tags: z.array(TagView), hasMore: z.boolean() }),
      run: (query, request) => listTags(ctx.db, request.principal.companyId, { ...query, limit: TAGS_PAGE_SIZE }),
    },
    get: {},
    create: { body: CreateTagRequest, run: (details, request) => createTag(ctx, { ...actingAs(request), userId: request.principal.userId, details }) },
    change: { body: UpdateTagRequest, run: ({ id, changes }, request) => changeTag(ctx, { ...actingAs(request), id, changes }) },
    delete: { run: ({ id }, request) => deleteTag(ctx, { ...actingAs(request), id }) },
  });
}
