import {
  AllContactListsQuery,
  ContactListItemPage,
  ContactListItemView,
  ContactListPage,
  ContactListView,
  CreateContactListItemRequest,
  CreateContactListRequest,
  DomainError,
  ListContactListItemsQuery,
  ListContactListsQuery,
  ListUploadResult,
  RecordIdParam,
  UpdateContactListItemRequest,
  UpdateContactListRequest,
  CONTACT_IMPORT_MAX_BYTES,
} from '@conversa/contracts';
import {
  addContactListItem,
  changeContactListItem,
  createContactList,
  deleteContactList,
  removeContactListItem,
  renameContactList,
  uploadContactListItems,
} from '@conversa/core';
import { findContactList, findContactListItem, listContactListItems, listContactLists } from '@conversa/projections/contactLists/queries';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { companyScope } from '../http/auth';
import { parse } from '../http/errors';
import { readContactRows } from '../contacts/spreadsheet';

const IdParam = z.object({ id: RecordIdParam });
const Deleted = z.object({ message: z.string() });
const auth = { area: 'contactLists' } as const;
const who = (request: FastifyRequest) => ({ companyId: request.principal.companyId, actor: userActor(request.principal.userId) });

async function companyList(ctx: ApiContext, request: FastifyRequest, id: number): Promise<ContactListView> {
  const found = await findContactList(ctx.db, request.principal.companyId, id);
  if (!found) throw new DomainError('ERR_NO_CONTACT_LIST_FOUND');
  return found;
}
async function companyItem(ctx: ApiContext, request: FastifyRequest, id: number): Promise<ContactListItemView> {
  const found = await findContactListItem(ctx.db, request.principal.companyId, id);
  if (!found) throw new DomainError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
  return found;
}

/** The spreadsheet of POST /contact-lists/{id}/upload (one file, field "file"). */
async function uploadedSheet(request: FastifyRequest): Promise<{ fileName: string; data: Buffer }> {
  if (!request.isMultipart()) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
  let file: { fileName: string; data: Buffer } | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || file) throw new DomainError('ERR_VALIDATION', 'Send one file, in the field "file"');
    try {
      file = { fileName: part.filename, data: await part.toBuffer() };
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('ERR_MEDIA_TOO_LARGE');
      throw error;
    }
  }
  if (!file) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
  return file;
}

/**
 * Contact lists and their items (the campaigns' audiences). Any user of the company reads and edits
 * them; deleting an item needs contacts-page:deleteContact. Numbers are stored as WhatsApp addresses
 * them (E.164 digits, Brazil by default); the channel's validity answer arrives in the background.
 */
export async function contactListRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(multipart, { limits: { fileSize: CONTACT_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1_000, parts: 6 } });

  app.get('/contact-lists/list', { config: { auth, contract: { summary: 'Every contact list of the company', query: AllContactListsQuery, response: z.array(ContactListView) } } }, async (request) => {
    const query = parse(AllContactListsQuery, request.query);
    return (await listContactLists(ctx.db, companyScope(request.principal, query.companyId))).records;
  });

  for (const url of ['/contact-lists', '/contact-lists/']) {
    app.get(url, { config: { auth, contract: { summary: 'A page of contact lists', query: ListContactListsQuery, response: ContactListPage } } }, async (request) => {
      const query = parse(ListContactListsQuery, request.query);
      return listContactLists(ctx.db, request.principal.companyId, query);
    });
  }

  app.get('/contact-lists/:id', { config: { auth, contract: { summary: 'One contact list', params: IdParam, response: ContactListView, errors: ['ERR_NO_CONTACT_LIST_FOUND'] } } }, async (request) => {
    const { id } = parse(IdParam, request.params);
    return companyList(ctx, request, id);
  });

  app.post('/contact-lists', { config: { auth, contract: { summary: 'Create a contact list', body: CreateContactListRequest, response: ContactListView, status: 201 } } }, async (request, reply) => {
    const { name } = parse(CreateContactListRequest, request.body);
    const id = await createContactList(ctx, { ...who(request), name });
    return reply.status(201).send(await companyList(ctx, request, id));
  });

  app.put('/contact-lists/:id', { config: { auth, contract: { summary: 'Rename a contact list', params: IdParam, body: UpdateContactListRequest, response: ContactListView, errors: ['ERR_NO_CONTACT_LIST_FOUND'] } } }, async (request) => {
    const { id } = parse(IdParam, request.params);
    const { name } = parse(UpdateContactListRequest, request.body);
    await companyList(ctx, request, id);
    await renameContactList(ctx, { ...who(request), id, name });
    return companyList(ctx, request, id);
  });

  app.delete('/contact-lists/:id', { config: { auth, contract: { summary: 'Delete a contact list and its items', params: IdParam, response: Deleted, errors: ['ERR_NO_CONTACT_LIST_FOUND'] } } }, async (request) => {
    const { id } = parse(IdParam, request.params);
    await companyList(ctx, request, id);
    await deleteContactList(ctx, { ...who(request), id });
    return { message: 'Contact list deleted' };
  });

  // The whole sheet is read and checked first, then every good row is added in one append: a broken file adds nothing.
  app.post(
    '/contact-lists/:id/upload',
    { config: { auth, contract: { summary: 'Import a spreadsheet (.xlsx or .csv) into a contact list', params: IdParam, response: ListUploadResult, multipart: true, errors: ['ERR_NO_CONTACT_LIST_FOUND', 'ERR_CONTACT_IMPORT_FILE_INVALID', 'ERR_MEDIA_TYPE_NOT_ALLOWED', 'ERR_MEDIA_TOO_LARGE'] } } },
    async (request) => {
      const { id } = parse(IdParam, request.params);
      await companyList(ctx, request, id);
      const { fileName, data } = await uploadedSheet(request);
      const rows = await readContactRows(fileName, data);
      const result = await uploadContactListItems(ctx, { ...who(request), contactListId: id, rows });
      return { added: result.added, refused: result.rows.filter((row) => !row.ok).length, rows: result.rows };
    },
  );

  app.get('/contact-list-items', { config: { auth, contract: { summary: 'A page of a list\'s items', query: ListContactListItemsQuery, response: ContactListItemPage, errors: ['ERR_NO_CONTACT_LIST_FOUND'] } } }, async (request) => {
    const query = parse(ListContactListItemsQuery, request.query);
    await companyList(ctx, request, query.contactListId);
    return listContactListItems(ctx.db, request.principal.companyId, query);
  });

  app.get('/contact-list-items/:id', { config: { auth, contactAnswer: true, contract: { summary: 'One list item', params: IdParam, response: ContactListItemView, errors: ['ERR_NO_CONTACT_LIST_ITEM_FOUND'] } } }, async (request) => {
    const { id } = parse(IdParam, request.params);
    return companyItem(ctx, request, id);
  });

  app.post(
    '/contact-list-items',
    { config: { auth, contactAnswer: true, contract: { summary: 'Add a number to a list', body: CreateContactListItemRequest, response: ContactListItemView, status: 201, errors: ['ERR_NO_CONTACT_LIST_FOUND', 'ERR_INVALID_PHONE_NUMBER'] } } },
    async (request, reply) => {
      const { contactListId, ...details } = parse(CreateContactListItemRequest, request.body);
      await companyList(ctx, request, contactListId);
      const itemId = await addContactListItem(ctx, { ...who(request), contactListId, details });
      return reply.status(201).send(await companyItem(ctx, request, itemId));
    },
  );

  app.put(
    '/contact-list-items/:id',
    { config: { auth, contactAnswer: true, contract: { summary: 'Change a list item', params: IdParam, body: UpdateContactListItemRequest, response: ContactListItemView, errors: ['ERR_NO_CONTACT_LIST_ITEM_FOUND', 'ERR_INVALID_PHONE_NUMBER'] } } },
    async (request) => {
      const { id } = parse(IdParam, request.params);
      const changes = parse(UpdateContactListItemRequest, request.body);
      const item = await companyItem(ctx, request, id);
      await changeContactListItem(ctx, { ...who(request), contactListId: item.contactListId, itemId: id, changes });
      return companyItem(ctx, request, id);
    },
  );

  app.delete(
    '/contact-list-items/:id',
    { config: { auth, contract: { summary: 'Remove a number from its list', params: IdParam, response: Deleted, errors: ['ERR_NO_CONTACT_LIST_ITEM_FOUND'] } } },
    async (request) => {
      const { id } = parse(IdParam, request.params);
      const item = await companyItem(ctx, request, id);
      await removeContactListItem(ctx, { ...who(request), contactListId: item.contactListId, itemId: id });
      return { message: 'Contact deleted' };
    },
  );
}
