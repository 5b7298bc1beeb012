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
