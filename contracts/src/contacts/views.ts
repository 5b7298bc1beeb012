import { z } from 'zod';
import { Channel } from '../tickets/events';
import { companyRecord, timestamps } from '../common/views';

export const ContactTag = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type ContactTag = z.infer<typeof ContactTag>;

/** A contact as the API and the `contact` frames show it. */
export const ContactView = z
  .object({
    ...companyRecord,
    name: z.string(),
    number: z.string(),
    email: z.string(),
    profilePicUrl: z.string().nullable(),
    /** The same picture under the name the ticket screens read. */
    urlPicture: z.string().nullable(),
    /** false: blocked. */
    active: z.boolean(),
    disableBot: z.boolean(),
    acceptAudioMessage: z.boolean(),
    channel: Channel,
    isGroup: z.boolean(),
    /** Numbered from 1 in their order; the form sends the whole list back. */
    extraInfo: z.array(z.object({ id: z.number(), name: z.string(), value: z.string() })),
    lgpdAcceptedAt: z.string().nullable(),
    tags: z.array(ContactTag),
    ...timestamps,
  })
  .meta({ id: 'ContactView' });
export type ContactView = z.infer<typeof ContactView>;

/** One line of GET /contacts/list: enough to pick a contact. */
export const ContactSummary = ContactView.pick({ id: true, name: true, number: true, email: true, profilePicUrl: true, channel: true, isGroup: true });
export type ContactSummary = z.infer<typeof ContactSummary>;

/** `contact` frame body (projections/contacts/projector.ts): the contact as it now stands, or the id of the one deleted. */
export type ContactFrame = { action: 'create' | 'update'; contact: ContactView; contactId?: never } | { action: 'delete'; contactId: number; contact?: never };

/** One answer of GET /contacts (`listContacts`): no count, since counting a company's million contacts cost more than the page. */
export const ContactPage = z.object({ contacts: z.array(ContactView), hasMore: z.boolean() });
export type ContactPage = z.infer<typeof ContactPage>;

/** A contact's tags (GET /contactTags/{contactId}, the kanban's tag changes, POST /tags/sync). */
export const ContactTags = z.object({ tags: z.array(ContactTag) });

/** POST /contacts/{id}/erase: the contact is erased in every read model (LGPD); nothing personal is answered. */
export const ContactErasedAnswer = z.object({ contactId: z.number(), erasedAt: z.string() });
export type ContactErasedAnswer = z.infer<typeof ContactErasedAnswer>;

/** GET /contacts/profile/{number}: the company's contact for a number (created when there was none). */
export const ContactProfile = z.object({ contactId: z.number(), urlPicture: z.string().nullable() });
export type ContactProfile = z.infer<typeof ContactProfile>;
