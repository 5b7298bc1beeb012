import { z } from 'zod';
import { PageNumberParam, RecordId, RecordIdParam, safeText } from '../common/bounds';
import { CONTACT_LIST_NAME_MAX, CONTACT_LIST_NAME_MIN, LIST_ITEM_NAME_MAX, LIST_ITEM_NAME_MIN, LIST_ITEM_NUMBER_MAX, LIST_ITEM_NUMBER_MIN } from './events';

/** The dialogs' words: 'Too Short!', 'Too Long!', 'Required', 'Invalid email'. */
const bounded = (min: number, max: number) =>
  safeText({ error: 'Required' })
    .trim()
    .superRefine((value, ctx) => {
      if (value.length === 0) ctx.addIssue({ code: 'custom', message: 'Required' });
      else if (value.length < min) ctx.addIssue({ code: 'custom', message: 'Too Short!' });
      else if (value.length > max) ctx.addIssue({ code: 'custom', message: 'Too Long!' });
    });

export const ContactListName = bounded(CONTACT_LIST_NAME_MIN, CONTACT_LIST_NAME_MAX);
export const CreateContactListRequest = z.object({ name: ContactListName });
export type CreateContactListRequest = z.infer<typeof CreateContactListRequest>;
export const UpdateContactListRequest = CreateContactListRequest;
export type UpdateContactListRequest = CreateContactListRequest;

const itemEmail = safeText()
  .trim()
  .max(255)
  .refine((value) => value === '' || z.email().safeParse(value).success, { message: 'Invalid email' });
export const ListItemFields = z.object({
  name: bounded(LIST_ITEM_NAME_MIN, LIST_ITEM_NAME_MAX),
  number: bounded(LIST_ITEM_NUMBER_MIN, LIST_ITEM_NUMBER_MAX),
  email: itemEmail.default(''),
});
/** POST /contact-list-items. */
export const CreateContactListItemRequest = ListItemFields.extend({ contactListId: RecordId });
export type CreateContactListItemRequest = z.infer<typeof CreateContactListItemRequest>;
/** PUT /contact-list-items/{id}: the fields given change. */
export const UpdateContactListItemRequest = z.object({
  name: ListItemFields.shape.name.optional(),
  number: ListItemFields.shape.number.optional(),
  email: itemEmail.optional(),
});
export type UpdateContactListItemRequest = z.infer<typeof UpdateContactListItemRequest>;

const search = safeText().max(200).optional();
const pageNumber = PageNumberParam;
/** GET /contact-lists. */
export const ListContactListsQuery = z.object({ searchParam: search, pageNumber });
export type ListContactListsQuery = z.infer<typeof ListContactListsQuery>;
/** GET /contact-lists/list. */
export const AllContactListsQuery = z.object({ companyId: RecordIdParam.optional() });
/** GET /contact-list-items. */
export const ListContactListItemsQuery = z.object({ searchParam: search, pageNumber, contactListId: RecordIdParam });
export type ListContactListItemsQuery = z.infer<typeof ListContactListItemsQuery>;

export const CONTACT_LISTS_PAGE_SIZE = 20;
export const CONTACT_LIST_ITEMS_PAGE_SIZE = 40;
