import type { ContactPresence, MediaType } from '@conversa/contracts';
import type { MessageLocation } from '@conversa/core';

/**
 * What a channel adapter (WhatsApp through Baileys, the Meta channels) makes of a provider's
 * payload, before anything is written: pure data, so each adapter's mapping is tested on recorded
 * payloads, and one applier (channel-inbound.ts) turns them into Conversa commands the same way
 * for every channel.
 */
export type ChannelEvent<MediaRef = unknown> =
  | ChannelMessage<MediaRef>
  | { kind: 'ack'; providerId: string; ack: number }
  | { kind: 'edit'; providerId: string; body: string; fromMe: boolean; at: Date | null }
  | { kind: 'delete'; providerId: string; fromMe: boolean }
  | { kind: 'presence'; chat: ChannelChat; presence: ChannelPresence };

/** Baileys' names (the socket's `presence` frames carry them as they are). */
export type ChannelPresence = ContactPresence;

/** Who the conversation is with: a person (phone digits, or a page-scoped id) or a group. */
export interface ChannelChat {
  number: string;
  name: string;
  isGroup: boolean;
}

/** A file the channel holds: the applier downloads it into the media store through the adapter's port. */
export interface ChannelMedia<MediaRef> {
  ref: MediaRef;
  mime: string;
  /** The sender's file name, when the channel gives one. */
  fileName: string | null;
}

/**
 * A message in a conversation. `fromMe` is a message the connection's own account wrote outside
 * Conversa (from the phone, or the page inbox): recorded as outbound and already sent.
 */
export interface ChannelMessage<MediaRef = unknown> {
  kind: 'message';
  providerId: string;
  fromMe: boolean;
  chat: ChannelChat;
  /** In groups, who wrote it (null for our own messages and outside groups). */
  participant: { number: string; name: string } | null;
  body: string;
  mediaType: MediaType;
  media: ChannelMedia<MediaRef> | null;
  location: MessageLocation | null;
  /** The provider id of the message this one replies or reacts to. */
  quotedProviderId: string | null;
  /** When it was written, as the channel says (null: when it arrived). */
  at: Date | null;
  /** A group conversation kept out of the queues (the connection's groupAsTicket is disabled): its ticket opens as `group`. */
  groupTicket: boolean;
}
