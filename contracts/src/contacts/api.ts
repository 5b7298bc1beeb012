import { z } from 'zod';
import { Channel } from '../tickets/events';
import { ContactExtraInfo } from './events';
import { RecordIdParam, safeText } from '../common/bounds';
import { formText, searchedPageQuery } from '../common/inputs';

/** Empty, or a valid address ('Invalid email'). */
const optionalEmail = safeText()
  .trim()
  .toLowerCase()
  .max(200, 'Invalid email')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Invalid email');

/** `id` is what the view numbered the field; fields are replaced as a whole list. */
const ExtraInfoInput = ContactExtraInfo.extend({ id: z.number().int().optional() }).transform(({ name, value }) => ({ name, value }));

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);
/** Ids are Postgres integers: anything larger cannot name a record. */
const positiveInt = RecordIdParam;

/** POST /contacts. The number is normalised by the server (invalid → ERR_INVALID_PHONE_NUMBER). */
export const CreateContactRequest = z.object({
  name: formText(2, 50),
  number: formText(8, 50),
  email: optionalEmail.default(''),
  extraInfo: z.array(ExtraInfoInput).max(100).default([]),
  channel: Channel.default('whatsapp'),
  disableBot: z.boolean().optional(),
  acceptAudioMessage: z.boolean().optional(),
  /** The contact form sends it; the company is always the caller's. */
  companyId: positiveInt.optional(),
});
export type CreateContactRequest = z.infer<typeof CreateContactRequest>;
/** What a client may send to POST /contacts (the defaults filled in by the server). */
export type CreateContactBody = z.input<typeof CreateContactRequest>;

/** PUT /contacts/{id}: the fields given change, the others stay. */
export const UpdateContactRequest = z.object({
  name: formText(2, 50).optional(),
  number: formText(8, 50).optional(),
  email: optionalEmail.optional(),
  extraInfo: z.array(ExtraInfoInput).max(100).optional(),
  disableBot: z.boolean().optional(),
  acceptAudioMessage: z.boolean().optional(),
  companyId: positiveInt.optional(),
});
export type UpdateContactRequest = z.infer<typeof UpdateContactRequest>;
/** What a client may send to PUT /contacts/{id}. */
export type UpdateContactBody = z.input<typeof UpdateContactRequest>;

/** GET /contacts. */
export const ListContactsQuery = searchedPageQuery({ channel: Channel.optional(), isGroup: flag.optional() });
export type ListContactsQuery = z.infer<typeof ListContactsQuery>;
/** What a client may put in GET /contacts' query. */
export type ListContactsParams = z.input<typeof ListContactsQuery>;

/** PUT /contacts/block/{id}: active false blocks, true unblocks. */
export const BlockContactRequest = z.object({ active: flag });

/**
 * POST /tags/sync: the contact's tags become exactly `tags`. A ticket's tags are its contact's, so
 * a ticket alone names the contact; given both, they must agree.
 */
export const SyncContactTagsRequest = z
  .object({
    contactId: positiveInt.nullish(),
    ticketId: positiveInt.nullish(),
    tags: z.array(z.object({ id: positiveInt }).loose()).max(500),
  })
  .refine((body) => body.contactId != null || body.ticketId != null, { message: 'Required', path: ['contactId'] });
export type SyncContactTagsRequest = z.infer<typeof SyncContactTagsRequest>;

/** POST /contacts/{id}/erase (LGPD erasure, admins): why, kept in the log with who and when. */
export const EraseContactRequest = z.object({ reason: safeText().trim().min(3).max(500) });
export type EraseContactRequest = z.infer<typeof EraseContactRequest>;

/** Contacts listed per page by GET /contacts. */
export const CONTACTS_PAGE_SIZE = 20;
