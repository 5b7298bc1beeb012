import {
  BlockContactRequest,
  ContactErasedAnswer,
  EraseContactRequest,
  Channel,
  MASK_CHAR,
  maskContact,
  CreateContactRequest,
  DomainError,
  ListContactsQuery,
  UpdateContactRequest,
  RecordIdParam,
  safeText,
  ContactPage,
  ContactSummary,
  DeletedAnswer,
  ContactTags,
  ContactView,
  ContactProfile,
} from '@conversa/contracts';
import { changeContact, commandContact, createContact, deleteContact, eraseContact, findOrCreateContact, type ContactCommand } from '@conversa/core';
import { contactErasure, findContact, listContacts, listContactSummaries } from '@conversa/projections/contacts/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { companyScope } from '../http/auth';
import { answersContacts } from '../http/number-privacy';
import { contactSpreadsheetRoutes } from './spreadsheet-routes';
import { contactDataExportRoutes } from './data-export-routes';

const IdParam = z.object({ id: RecordIdParam });
const ContactIdParam = z.object({ contactId: RecordIdParam });
const NumberParam = z.object({ number: safeText().trim().min(1).max(100) });
const ProfileQuery = z.object({ channel: Channel.default('whatsapp') });

/** A live contact of the caller's company; another company's id is simply not found. */
async function companyContact(ctx: ApiContext, request: FastifyRequest, id: number): Promise<ContactView> {
  const found = await findContact(ctx.db, request.principal.companyId, id);
  if (!found) throw new DomainError('ERR_NO_CONTACT_FOUND');
  return found;
}

/** Runs a command on an existing contact and answers with the contact as the read model now shows it. */
async function onContact(ctx: ApiContext, request: FastifyRequest, id: number, command: ContactCommand): Promise<ContactView> {
  await companyContact(ctx, request, id);
  const { principal } = request;
  await commandContact(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), contactId: id, command });
  return companyContact(ctx, request, id);
}

/** Contacts. Every user of the company works with its contacts; deleting takes contacts-page:deleteContact. */
export async function contactRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  // Its own scope: the upload's multipart limits are the spreadsheet's, and its answers are not contacts.
  await app.register(async (scope) => contactSpreadsheetRoutes(scope, ctx));
  // Its own scope too: the export is the data subject's, numbers unmasked, and a zip, not contacts.
  await app.register(async (scope) => contactDataExportRoutes(scope, ctx));
  answersContacts(app);
  app.get('/contacts', { config: { contract: { query: ListContactsQuery, response: ContactPage } } }, async (request) => {
    const query = request.query;
    return listContacts(ctx.db, request.principal.companyId, { ...query, searchNumbers: !request.principal.numbersHidden });
  });

  app.get(
    '/contacts/list',
    { config: { contract: { query: z.object({ companyId: RecordIdParam.optional() }), response: z.array(ContactSummary), errors: ['ERR_NO_PERMISSION'] } } },
    async (request) => {
      const query = request.query;
      return listContactSummaries(ctx.db, companyScope(request.principal, query.companyId));
    },
  );

  // The contact for a number (from a shared vCard, a typed number…), created when the company has none.
  app.get(
    '/contacts/profile/:number',
    {
      config: {
        contract: {
          summary: 'The contact for a number (from a shared vCard, a typed number…), created when the company has none.',
          params: NumberParam,
          query: ProfileQuery,
          response: ContactProfile,
          errors: ['ERR_INVALID_PHONE_NUMBER'],
        },
      },
    },
    async (request) => {
      const { number } = request.params;
      const { channel } = request.query;
      const { principal } = request;
      const found = await findOrCreateContact(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        number,
        name: number,
        channel,
        isGroup: false,
      });
      await ctx.waitForProjections(found.position);
      const view = await companyContact(ctx, request, found.contactId);
      const profile: ContactProfile = { contactId: view.id, urlPicture: view.urlPicture };
      return profile;
    },
  );

  app.post(
    '/contacts',
    {
      config: {
        contract: {
          body: CreateContactRequest,
          status: 201,
          response: ContactView,
          errors: ['ERR_DUPLICATED_CONTACT', 'ERR_INVALID_PHONE_NUMBER', 'ERR_NO_CONTACT_FOUND'],
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { principal } = request;
      const created = await createContact(ctx, {
        ...body,
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        isGroup: false,
        profilePicUrl: null,
      });
      await ctx.waitForProjections(created.position);
      return reply.status(201).send(await companyContact(ctx, request, created.contactId));
    },
  );

  app.get('/contacts/:id', { config: { contract: { params: IdParam, response: ContactView, errors: ['ERR_NO_CONTACT_FOUND'] } } }, async (request) => {
    const { id } = request.params;
    return companyContact(ctx, request, id);
  });

  app.put(
    '/contacts/:id',
    {
      config: {
        contract: {
          params: IdParam,
          body: UpdateContactRequest,
          response: ContactView,
          errors: ['ERR_NO_CONTACT_FOUND', 'ERR_DUPLICATED_CONTACT', 'ERR_INVALID_PHONE_NUMBER'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { companyId: _companyId, ...changes } = request.body;
      const current = await companyContact(ctx, request, id);
      // A user shown the number masked (LGPD hide-number) sends back what they were shown: unchanged.
      if (changes.number?.includes(MASK_CHAR)) delete changes.number;
      if (changes.name !== undefined && changes.name !== current.name && changes.name === maskContact(current).name) delete changes.name;
      const { principal } = request;
      const changed = await changeContact(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), contactId: id, changes });
      await ctx.waitForProjections(changed.position);
      return companyContact(ctx, request, id);
    },
  );

  app.delete(
    '/contacts/:id',
    {
      config: { auth: { permission: 'contacts-page:deleteContact' }, contract: { params: IdParam, response: DeletedAnswer, errors: ['ERR_NO_CONTACT_FOUND'] } },
    },
    async (request) => {
      const { id } = request.params;
      await companyContact(ctx, request, id);
      const { principal } = request;
      const deleted = await deleteContact(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), contactId: id });
      await ctx.waitForProjections(deleted.position);
      return { message: 'Contact deleted' };
    },
  );

  // LGPD erasure for good (docs/lgpd.md): a deleted contact may be erased too; the read models are scrubbed before the answer.
  app.post(
    '/contacts/:id/erase',
    {
      config: {
        auth: { area: 'contactErasure' },
        contract: {
          summary: "Erase a contact's personal data for good (LGPD art. 18 IV, VI): name, number, e-mail, message contents and media; tickets and figures stay",
          params: IdParam,
          body: EraseContactRequest,
          response: ContactErasedAnswer,
          errors: ['ERR_NO_CONTACT_FOUND', 'ERR_CONTACT_ERASED'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { reason } = request.body;
      const { principal } = request;
      const found = await contactErasure(ctx.db, principal.companyId, id);
      if (!found) throw new DomainError('ERR_NO_CONTACT_FOUND');
      const erased = await eraseContact(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        contactId: id,
        erasedBy: principal.userId,
        reason,
      });
      await ctx.waitForProjections(erased.position);
      return { contactId: id, erasedAt: erased.erasedAt };
    },
  );

  app.put(
    '/contacts/block/:id',
    { config: { contract: { params: IdParam, body: BlockContactRequest, response: ContactView, errors: ['ERR_NO_CONTACT_FOUND'] } } },
    async (request) => {
      const { id } = request.params;
      const { active } = request.body;
      return onContact(ctx, request, id, { type: 'SetContactActive', active });
    },
  );

  // Both toggles answer with the whole contact, whose disableBot / acceptAudioMessage is the new value.
  app.put(
    '/contacts/toggleDisableBot/:id',
    {
      config: {
        contract: {
          summary: 'Both toggles answer with the whole contact, whose disableBot / acceptAudioMessage is the new value.',
          params: IdParam,
          response: ContactView,
          errors: ['ERR_NO_CONTACT_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      return onContact(ctx, request, id, { type: 'ToggleContactBot' });
    },
  );

  app.put(
    '/contacts/toggleAcceptAudio/:id',
    { config: { contract: { params: IdParam, response: ContactView, errors: ['ERR_NO_CONTACT_FOUND'] } } },
    async (request) => {
      const { id } = request.params;
      return onContact(ctx, request, id, { type: 'ToggleContactAudio' });
    },
  );

  app.get(
    '/contactTags/:contactId',
    { config: { contract: { params: ContactIdParam, response: ContactTags, errors: ['ERR_NO_CONTACT_FOUND'] } } },
    async (request) => {
      const { contactId } = request.params;
      const { tags } = await companyContact(ctx, request, contactId);
      return { tags };
    },
  );
}
