import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { RecordId, safeText } from '../common/bounds';
import { NumberDigestText } from '../contacts/events';

const id = RecordId;

/** A contact list's name: 2 to 50 characters. */
export const CONTACT_LIST_NAME_MIN = 2;
export const CONTACT_LIST_NAME_MAX = 50;
/** An item: name 2–50, number 8–50 (digits once normalised). */
export const LIST_ITEM_NAME_MIN = 2;
export const LIST_ITEM_NAME_MAX = 50;
export const LIST_ITEM_NUMBER_MIN = 8;
export const LIST_ITEM_NUMBER_MAX = 50;
/** Items per ContactListItemsAdded event: a spreadsheet of 100,000 rows is 200 events in one append. */
export const LIST_ITEMS_PER_EVENT = 500;

export const ListItemDetails = z.object({
  name: safeText().max(LIST_ITEM_NAME_MAX),
  number: safeText().max(LIST_ITEM_NUMBER_MAX),
  email: safeText().max(255),
});
export type ListItemDetails = z.infer<typeof ListItemDetails>;
export const ListItem = ListItemDetails.extend({ itemId: id });
export type ListItem = z.infer<typeof ListItem>;

export const ContactListCreated = defineEvent('ContactListCreated', z.object({ contactListId: id, name: safeText().max(CONTACT_LIST_NAME_MAX) }));
export const ContactListRenamed = defineEvent('ContactListRenamed', z.object({ contactListId: id, name: safeText().max(CONTACT_LIST_NAME_MAX) }));
export const ContactListDeleted = defineEvent('ContactListDeleted', z.object({ contactListId: id }));
/** Items added by hand (one) or from a spreadsheet (up to LIST_ITEMS_PER_EVENT per event). */
export const ContactListItemsAdded = defineEvent(
  'ContactListItemsAdded',
  // `digest`: the number's (NumberDigestText), what an erasure of the number finds the item by.
  z.object({
    contactListId: id,
    items: z
      .array(ListItem.extend({ digest: NumberDigestText.optional() }))
      .min(1)
      .max(LIST_ITEMS_PER_EVENT),
  }),
);
export const ContactListItemChanged = defineEvent(
  'ContactListItemChanged',
  z.object({ contactListId: id, itemId: id, changes: ListItemDetails.partial(), digest: NumberDigestText.optional() }),
);
export const ContactListItemRemoved = defineEvent('ContactListItemRemoved', z.object({ contactListId: id, itemId: id }));
/** The channel's answer whether each number has WhatsApp (the background validity check). */
export const ContactListItemsValidated = defineEvent(
  'ContactListItemsValidated',
  z.object({
    contactListId: id,
    results: z
      .array(z.object({ itemId: id, number: safeText().max(LIST_ITEM_NUMBER_MAX), valid: z.boolean() }))
      .min(1)
      .max(LIST_ITEMS_PER_EVENT),
  }),
);

export const contactListEvents = [
  ContactListCreated,
  ContactListRenamed,
  ContactListDeleted,
  ContactListItemsAdded,
  ContactListItemChanged,
  ContactListItemRemoved,
  ContactListItemsValidated,
];

export type ContactListEvent = EventUnion<typeof contactListEvents>;

export const contactListStream = (contactListId: number) => `contactlist-${contactListId}`;
