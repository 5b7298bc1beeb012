import type { Channel, MediaType, StoredMedia, TemplateMessage } from '@conversa/contracts';
import type { Readable } from 'node:stream';

/** A file to send, with a way to read its bytes from the media store. */
export interface OutboundMedia extends StoredMedia {
  /** Opens the stored bytes (each call opens a new stream). */
  read(): Promise<Readable>;
}

/** One message for a channel to deliver: everything a gateway needs, nothing it must look up. */
export interface OutboundMessage {
  companyId: number;
  /** The connection to send through (null for channels without one). */
  whatsappId: number | null;
  channel: Channel;
  contact: { number: string; isGroup: boolean };
  /** Conversa's id of the message: gateways may use it as their idempotency key. */
  messageId: string;
  body: string;
  mediaType: MediaType;
  media: OutboundMedia | null;
  location: { latitude: number; longitude: number; name: string | null } | null;
  /** The provider's id of the message this one replies (or reacts) to, when it has one. */
  quotedProviderId: string | null;
  /** A Cloud API template to send instead of the text (only the Cloud API sends templates). */
  template?: TemplateMessage | null;
}

/**
 * Where outbound messages leave Conversa (WhatsApp, Cloud API, Facebook, Instagram adapters).
 * `send` resolves with the provider's id of the delivered message, or rejects with a reason
 * (its message is recorded as the send failure's reason).
 */
export interface ChannelGateway {
  send(message: OutboundMessage): Promise<{ providerId: string }>;
}

/** What a process runs with until a real channel is plugged in: every send fails with the reason. */
export function unavailableChannelGateway(reason = 'no channel connected'): ChannelGateway {
  return {
    async send() {
      throw new Error(reason);
    },
  };
}
