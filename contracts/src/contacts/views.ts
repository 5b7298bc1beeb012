import type { Channel } from '../tickets/events';

export interface ContactTag {
  id: number;
  name: string;
  color: string;
}

/** A contact as the API and the `contact` frames show it. */
export interface ContactView {
  id: number;
  companyId: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string | null;
  /** The same picture under the name the ticket screens read. */
  urlPicture: string | null;
  /** false: blocked. */
  active: boolean;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  channel: Channel;
  isGroup: boolean;
  /** Numbered from 1 in their order; the form sends the whole list back. */
  extraInfo: { id: number; name: string; value: string }[];
  lgpdAcceptedAt: string | null;
  tags: ContactTag[];
  createdAt: string;
  updatedAt: string;
}

/** One line of GET /contacts/list: enough to pick a contact. */
export interface ContactSummary {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string | null;
  channel: Channel;
  isGroup: boolean;
}

/** `contact` frame body (projections/contacts/projector.ts): the contact as it now stands, or the id of the one deleted. */
export type ContactFrame =
  | { action: 'create' | 'update'; contact: ContactView; contactId?: never }
  | { action: 'delete'; contactId: number; contact?: never };

/** One answer of GET /contacts (`listContacts`): no count, since counting a company's million contacts cost more than the page. */
export interface ContactPage {
  contacts: ContactView[];
  hasMore: boolean;
}

/** GET /contacts/profile/{number}: the company's contact for a number (created when there was none). */
export interface ContactProfile {
  contactId: number;
  urlPicture: string | null;
}
