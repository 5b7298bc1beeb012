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
  UpdateContactListItemRequest,
  UpdateContactListRequest,
  CONTACT_IMPORT_MAX_BYTES,
  errorCatalogue,
  type ContactImportRefusalReason,
  type ContactImportStatus,
  type ErrorCode,
} from '@conversa/contracts';
import {
  addContactListItem,
  changeContactListItem,
  createContactList,
  deleteContactList,
  removeContactListItem,
  renameContactList,
  requestContactImport,
} from '@conversa/core';
import { findContactImport } from '@conversa/projections/contactImports/queries';
import { findContactList, findContactListItem, listContactListItems, listContactLists } from '@conversa/projections/contactLists/queries';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { companyScope } from '../http/auth';
import { actingAs, IdParam, recordRoutes } from '../http/records';
import { wholeUpload } from '../http/uploads';
import { checkSpreadsheet, oneImportAtATime, spreadsheetMime } from '../contacts/spreadsheet';

/** How long a list's upload waits for the contact-import worker before answering that it is still queued. */
const LIST_UPLOAD_WAIT_MS = 120_000;
/** The wait reads the import's status this often at first, then less often (up to a second). */
const LIST_UPLOAD_POLL_MS = 100;
/** A refused row's reason as the list screen shows it (the spec's text). */
const LIST_REFUSALS: Partial<Record<ContactImportRefusalReason, string>> = {
  invalidNumber: 'Número inválido',
  formula: 'Fórmula: cole o valor em vez da fórmula',
};

/** The upload's outcome once the worker is done with it (read from its read model), bounded by LIST_UPLOAD_WAIT_MS. */
async function importOutcome(ctx: ApiContext, companyId: number, importId: string): Promise<ContactImportStatus> {
  const until = Date.now() + LIST_UPLOAD_WAIT_MS;
  for (let pause = LIST_UPLOAD_POLL_MS; ; pause = Math.min(1_000, pause * 1.5)) {
    const status = await findContactImport(ctx.db, companyId, importId);
    if (status?.state === 'done') return status;
    if (Date.now() > until) throw new DomainError('ERR_CONTACT_IMPORT_BUSY');
    await setTimeout(pause);
  }
}

/** Keeps the sheet and records its import; only the id outlives this (the bytes are not held while the answer waits). */
async function keepListUpload(ctx: ApiContext, request: FastifyRequest, contactListId: number): Promise<string> {
  const { fileName, data } = await wholeUpload(request);
  const kind = await checkSpreadsheet(fileName, data);
  const { companyId, userId } = request.principal;
  const kept = await ctx.media.save({ companyId, data, declaredMime: spreadsheetMime[kind], originalName: fileName.slice(0, 200) });
  const importId = randomUUID();
  await requestContactImport(ctx, { companyId, actor: userActor(userId), importId, fileName: fileName.slice(0, 200), fileUrl: kept.url, contactListId });
  return importId;
}

/** Companies with a list upload waiting in this process: one at a time each, so waiting answers cannot pile up. */
const waitingUploads = new Set<number>();
const auth = { area: 'contactLists' } as const;

/**
 * Contact lists and their items (the campaigns' audiences). Any user of the company reads and edits
 * them; deleting an item needs contacts-page:deleteContact. Numbers are stored as WhatsApp addresses
 * them (E.164 digits, Brazil by default); the channel's validity answer arrives in the background.
 */
export async function contactListRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(multipart, { limits: { fileSize: CONTACT_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1_000, parts: 6 } });

  app.get(
    '/contact-lists/list',
    {
      config: {
        auth,
        contract: {
          summary: 'Every contact list of the company',
          query: AllContactListsQuery,
          response: z.array(ContactListView),
          errors: ['ERR_NO_PERMISSION'],
        },
      },
    },
    async (request) => {
      const query = request.query;
      return (await listContactLists(ctx.db, companyScope(request.principal, query.companyId))).records;
    },
  );

  const companyList = recordRoutes(app, {
    path: '/contact-lists',
    view: ContactListView,
    notFound: 'ERR_NO_CONTACT_LIST_FOUND',
    find: (request, id) => findContactList(ctx.db, request.principal.companyId, id),
    auth,
    list: {
      summary: 'A page of contact lists',
      query: ListContactListsQuery,
      response: ContactListPage,
      slash: true,
      run: (query, request) => listContactLists(ctx.db, request.principal.companyId, query),
    },
    get: { summary: 'One contact list' },
    create: {
      summary: 'Create a contact list',
      body: CreateContactListRequest,
      run: ({ name }, request) => createContactList(ctx, { ...actingAs(request), name }),
    },
    change: {
      summary: 'Rename a contact list',
      body: UpdateContactListRequest,
      run: ({ id, changes: { name } }, request) => renameContactList(ctx, { ...actingAs(request), id, name }),
    },
    delete: {
      summary: 'Delete a contact list and its items',
      async run({ id }, request) {
        await deleteContactList(ctx, { ...actingAs(request), id });
        return { message: 'Contact list deleted' };
      },
    },
  });

  // The sheet is kept and read by the contact-import worker (off the request, one parse at a time, the
  // archive judged before: a bomb is refused here at once); the answer waits, bounded, for its outcome.
  app.post(
    '/contact-lists/:id/upload',
    {
      config: {
        auth,
        contract: {
          summary: 'Import a spreadsheet (.xlsx, .xls or .csv) into a contact list: read by the contact-import worker; answers once its rows are in',
          params: IdParam,
          response: ListUploadResult,
          multipart: true,
          errors: [
            'ERR_NO_CONTACT_LIST_FOUND',
            'ERR_CONTACT_IMPORT_FILE_INVALID',
            'ERR_SPREADSHEET_TOO_LARGE_UNPACKED',
            'ERR_MEDIA_TYPE_NOT_ALLOWED',
            'ERR_MEDIA_TOO_LARGE',
            'ERR_CONTACT_IMPORT_BUSY',
            'ERR_CONTACT_IMPORT_IN_PROGRESS',
          ],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await companyList(request, id);
      const { companyId } = request.principal;
      if (waitingUploads.has(companyId)) throw new DomainError('ERR_CONTACT_IMPORT_IN_PROGRESS');
      waitingUploads.add(companyId);
      let status: ContactImportStatus;
      try {
        await oneImportAtATime(ctx, companyId);
        status = await importOutcome(ctx, companyId, await keepListUpload(ctx, request, id));
      } finally {
        waitingUploads.delete(companyId);
      }
      if (status.error) throw new DomainError(status.error in errorCatalogue ? (status.error as ErrorCode) : 'ERR_CONTACT_IMPORT_FILE_INVALID');
      const rows = status.refusals.map((refusal) => ({
        row: refusal.row,
        number: refusal.number,
        ok: false,
        error: LIST_REFUSALS[refusal.reason ?? 'invalidNumber'] ?? LIST_REFUSALS.invalidNumber!,
      }));
      return { added: status.created, refused: status.refused, rows };
    },
  );

  app.get(
    '/contact-list-items',
    {
      config: {
        auth,
        contract: {
          summary: "A page of a list's items",
          query: ListContactListItemsQuery,
          response: ContactListItemPage,
          errors: ['ERR_NO_CONTACT_LIST_FOUND'],
        },
      },
    },
    async (request) => {
      const query = request.query;
      await companyList(request, query.contactListId);
      return listContactListItems(ctx.db, request.principal.companyId, query);
    },
  );

  recordRoutes(app, {
    path: '/contact-list-items',
    view: ContactListItemView,
    notFound: 'ERR_NO_CONTACT_LIST_ITEM_FOUND',
    find: (request, id) => findContactListItem(ctx.db, request.principal.companyId, id),
    auth,
    config: { contactAnswer: true },
    get: { summary: 'One list item' },
    create: {
      summary: 'Add a number to a list',
      body: CreateContactListItemRequest,
      errors: ['ERR_NO_CONTACT_LIST_FOUND', 'ERR_INVALID_PHONE_NUMBER'],
      async run({ contactListId, ...details }, request) {
        await companyList(request, contactListId);
        return addContactListItem(ctx, { ...actingAs(request), contactListId, details });
      },
    },
    change: {
      summary: 'Change a list item',
      body: UpdateContactListItemRequest,
      errors: ['ERR_INVALID_PHONE_NUMBER'],
      run: ({ id, changes, current }, request) =>
        changeContactListItem(ctx, { ...actingAs(request), contactListId: current.contactListId, itemId: id, changes }),
    },
    delete: {
      summary: 'Remove a number from its list',
      async run({ id, current }, request) {
        await removeContactListItem(ctx, { ...actingAs(request), contactListId: current.contactListId, itemId: id });
        return { message: 'Contact deleted' };
      },
    },
  });
}
