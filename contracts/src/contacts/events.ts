import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { Channel } from '../tickets/events';
import { RecordId, realDateTime, safeText } from '../common/bounds';
import { contactImportEvents } from './import';

const id = RecordId;

/** A free field on a contact (`extraInfo`): the view numbers them from 1 in their order. */
export const ContactExtraInfo = z.object({ name: safeText().trim().min(1).max(100), value: safeText().max(2000) });
export type ContactExtraInfo = z.infer<typeof ContactExtraInfo>;

/**
 * What a contact is, as recorded. Bounds here are the record's, wider than the contact form's
 * (names pushed by a channel can be one character or long); the form's rules live in ./api.
 * `number` is digits (E.164 without '+') for phone contacts, the id as the channel gave it otherwise.
 */
export const ContactDetails = z.object({
  name: safeText().trim().min(1).max(200),
  number: safeText().min(1).max(100),
  email: safeText().max(200),
  profilePicUrl: safeText().max(2000).nullable(),
  extraInfo: z.array(ContactExtraInfo).max(100),
});
export type ContactDetails = z.infer<typeof ContactDetails>;

export const ContactCreated = defineEvent(
  'ContactCreated',
  ContactDetails.extend({
    contactId: id,
    channel: Channel,
    isGroup: z.boolean(),
    disableBot: z.boolean(),
    acceptAudioMessage: z.boolean(),
    /** false means blocked. */
    active: z.boolean(),
  }),
  { personal: { contact: 'contactId', identity: ['name', 'number', 'email', 'profilePicUrl', 'extraInfo'] } },
);
export const ContactDetailsChanged = defineEvent('ContactDetailsChanged', z.object({ contactId: id, changes: ContactDetails.partial() }), {
  personal: { contact: 'contactId', identity: ['changes.name', 'changes.number', 'changes.email', 'changes.profilePicUrl', 'changes.extraInfo'] },
});
/** The contact was blocked: `active` false; the bot and attendants no longer answer it. */
export const ContactBlocked = defineEvent('ContactBlocked', z.object({ contactId: id }));
export const ContactUnblocked = defineEvent('ContactUnblocked', z.object({ contactId: id }));
export const ContactBotToggled = defineEvent('ContactBotToggled', z.object({ contactId: id, disableBot: z.boolean() }));
export const ContactAudioToggled = defineEvent('ContactAudioToggled', z.object({ contactId: id, acceptAudioMessage: z.boolean() }));
/** The contact's whole set of tags now (a ticket's tags are its contact's). */
export const ContactTagsChanged = defineEvent('ContactTagsChanged', z.object({ contactId: id, tagIds: z.array(id).max(500) }));
export const ContactDeleted = defineEvent('ContactDeleted', z.object({ contactId: id }));
/**
 * LGPD erasure (art. 18 IV, VI): the contact's data key is destroyed after this, so its personal fields can no
 * longer be read anywhere in the log; read models show the contact as removed. Who, when and why, nothing personal.
 */
/**
 * A number's keyed digest (NumberDigest): lists, shippings and opt-outs carry it beside the number, so an erasure
 * finds them by it. It says nothing without the operator's key (the guard's stream id carries it already).
 */
export const NumberDigestText = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const ContactErased = defineEvent(
  'ContactErased',
  z.object({
    contactId: id,
    erasedBy: id,
    reason: safeText().trim().min(1).max(500),
    erasedAt: realDateTime(),
    /** The erased number's digest: the list items, shippings and opt-outs of the number are scrubbed by it. */
    numberDigest: NumberDigestText.optional(),
  }),
);
/**
 * Retention: message contents (bodies, captions, media) recorded before `before` are erased for good (their period
 * keys destroyed); tickets, times and figures stay. Appended by the company's retention worker, `days` its setting.
 */
export const MessageContentsExpired = defineEvent(
  'MessageContentsExpired',
  z.object({ companyId: id, before: realDateTime(), days: z.number().int().min(1).max(36500) }),
);

/**
 * Guard stream `contactnumber-<companyId>-<digest>` (see contactNumberStream): its expected revision
 * lets one contact at a time hold a number in a company, however many creators race.
 */
export const ContactNumberClaimed = defineEvent(
  'ContactNumberClaimed',
  /** `claimedAt` tells a creation still in flight from one abandoned by a crash (its contact never written). */
  z.object({ key: safeText().min(1).max(200), contactId: id, claimedAt: realDateTime() }),
  { personal: { contact: 'contactId', identity: ['key'] } },
);
export const ContactNumberReleased = defineEvent('ContactNumberReleased', z.object({ key: safeText().min(1).max(200), contactId: id }), {
  personal: { contact: 'contactId', identity: ['key'] },
});

/** The contact stream's events (ContactEvent); MessageContentsExpired, number claims and imports go on streams of their own. */
const contactStreamEvents = [
  ContactCreated,
  ContactDetailsChanged,
  ContactBlocked,
  ContactUnblocked,
  ContactBotToggled,
  ContactAudioToggled,
  ContactTagsChanged,
  ContactDeleted,
  ContactErased,
];
const contactNumberEvents = [ContactNumberClaimed, ContactNumberReleased];
export const contactEvents = [...contactStreamEvents, MessageContentsExpired, ...contactNumberEvents, ...contactImportEvents];

export type ContactEvent = EventUnion<typeof contactStreamEvents>;
export type ContactNumberEvent = EventUnion<typeof contactNumberEvents>;

export const contactStream = (contactId: number) => `contact-${contactId}`;
/** `key` is the canonical form of the number (services/core/src/contacts/number.ts), unique per company. */
/** Where a company's MessageContentsExpired records go (one stream per company, ordered runs). */
export const retentionStream = (companyId: number) => `retention-${companyId}`;
/** The keyed digest of a company's number key (core's createNumberDigest): what names a number without saying it. */
export type NumberDigest = (companyId: number, key: string) => string;
/**
 * The number's guard: `digest` is the keyed digest of the company and the number's key (core's
 * createNumberDigest, under the operator's SECRETS_KEY), so the stream id does not say the number.
 */
export const contactNumberStream = (companyId: number, digest: string) => `contactnumber-${companyId}-${digest}`;
/** The guard's id before the digest: it named the number (`conversa lgpd migrate` moves such streams). */
export const legacyContactNumberStream = (companyId: number, key: string) => `contactnumber-${companyId}-${key}`;
