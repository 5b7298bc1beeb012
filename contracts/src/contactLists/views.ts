import { z } from 'zod';
import { companyRecord, timestamps } from '../common/views';

export const ContactListView = z.object({
  ...companyRecord,
  name: z.string(),
  contactsCount: z.number(),
  /** Items the channel has answered for, and how many of those have WhatsApp (the background check's progress). */
  checkedCount: z.number(),
  validCount: z.number(),
  ...timestamps,
});
export type ContactListView = z.infer<typeof ContactListView>;

export const ContactListItemView = z.object({
  ...companyRecord,
  contactListId: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  /** null until the channel has answered. */
  isWhatsappValid: z.boolean().nullable(),
  /** The contact answered an opt-out word: no campaign reaches the number. */
  optedOut: z.boolean(),
  ...timestamps,
});
export type ContactListItemView = z.infer<typeof ContactListItemView>;

export const ContactListPage = z.object({ records: z.array(ContactListView), count: z.number(), hasMore: z.boolean() });
export type ContactListPage = z.infer<typeof ContactListPage>;
export const ContactListItemPage = z.object({ contacts: z.array(ContactListItemView), count: z.number(), hasMore: z.boolean() });
export type ContactListItemPage = z.infer<typeof ContactListItemPage>;

/** A refused spreadsheet row: its row number as the sheet numbers it (the header is row 1) and why. */
export const ListUploadRow = z.object({ row: z.number(), number: z.string(), ok: z.boolean(), error: z.string().nullable() });
/** POST /contact-lists/{id}/upload: rows added, rows refused, and the refused rows (the first CONTACT_IMPORT_REFUSALS_KEPT). */
export const ListUploadResult = z.object({ added: z.number(), refused: z.number(), rows: z.array(ListUploadRow) });
export type ListUploadResult = z.infer<typeof ListUploadResult>;

/** Frames `contactList` and `contactListItem`. */
export type ContactListFrame = { action: 'create' | 'update'; record: ContactListView } | { action: 'delete'; id: number };
export type ContactListItemFrame =
  | { action: 'create' | 'update'; record: ContactListItemView }
  | { action: 'delete'; id: number; contactListId: number }
  | { action: 'reload'; contactListId: number };
