import { z } from 'zod';
import { PageNumberParam, RecordId, RecordIdParam, safeText } from '../common/bounds';
import { formText, SearchParam } from '../common/inputs';
import { CONTACT_LIST_NAME_MAX, CONTACT_LIST_NAME_MIN, LIST_ITEM_NAME_MAX, LIST_ITEM_NAME_MIN, LIST_ITEM_NUMBER_MAX, LIST_ITEM_NUMBER_MIN } from './events';

export const ContactListName = formText(CONTACT_LIST_NAME_MIN, CONTACT_LIST_NAME_MAX);
export const CreateContactListRequest = z.object({ name: ContactListName });
export type CreateContactListRequest = z.infer<typeof CreateContactListRequest>;
export const UpdateContactListRequest = CreateContactListRequest;
export type UpdateContactListRequest = CreateContactListRequest;

const itemEmail = safeText()
  .trim()
  .max(255)
  .refine((value) => value === '' || z.email().safeParse(value).success, { message: 'Invalid email' });
export const ListItemFields = z.object({
  name: formText(LIST_ITEM_NAME_MIN, LIST_ITEM_NAME_MAX),
  number: formText(LIST_ITEM_NUMBER_MIN, LIST_ITEM_NUMBER_MAX),
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

const pageNumber = PageNumberParam;
/** GET /contact-lists. */
export const ListContactListsQuery = z.object({ searchParam: SearchParam, pageNumber });
export type ListContactListsQuery = z.infer<typeof ListContactListsQuery>;
/** GET /contact-lists/list. */
export const AllContactListsQuery = z.object({ companyId: RecordIdParam.optional() });
/** GET /contact-list-items. */
export const ListContactListItemsQuery = z.object({ searchParam: SearchParam, pageNumber, contactListId: RecordIdParam });
export type ListContactListItemsQuery = z.infer<typeof ListContactListItemsQuery>;

export const CONTACT_LISTS_PAGE_SIZE = 20;
export const CONTACT_LIST_ITEMS_PAGE_SIZE = 40;
