import { z } from 'zod';
import {
  CampaignCancelled,
  CampaignContactOptedOut,
  CampaignFinished,
  CampaignRestarted,
  CampaignShippingDelivered,
  CampaignShippingFailed,
  CampaignStarted,
} from '../campaigns/events';
import { ConnectionSessionChanged } from '../connections/events';
import { ContactCreated, ContactDetailsChanged, ContactErased } from '../contacts/events';
import type { EventDefinition } from '../events/registry';
import { MessageAckChanged, MessageDeleted, MessageEdited, MessageReceived, MessageSent } from '../messages/events';
import { TicketSlaBreached } from '../sla/events';
import { TicketAccepted, TicketClosed, TicketCreated, TicketDeleted, TicketReopened, TicketTransferred } from '../tickets/events';

/** One webhook event: the product event it is made of, and what it means to a consumer. */
export interface WebhookCatalogueEntry {
  event: string;
  from: EventDefinition;
  description: string;
  /** When the payload carries less than the product event (parsing strips the rest): the fields a consumer may see. */
  data?: z.ZodObject;
}

/**
 * Every event an endpoint can subscribe to. A delivery's `data` is the product event's data as
 * recorded (its zod schema is the payload's schema, documented in docs/webhooks.md). Adding one
 * is one line here.
 */
export const webhookCatalogue = [
  { event: 'ticket.created', from: TicketCreated, description: 'A ticket was opened (inbound message, an attendant, the API).' },
  { event: 'ticket.accepted', from: TicketAccepted, description: 'An attendant accepted a pending ticket.' },
  { event: 'ticket.transferred', from: TicketTransferred, description: 'A ticket moved to another queue or attendant.' },
  { event: 'ticket.closed', from: TicketClosed, description: 'A ticket was closed (resolved, ignored, close-all or automation).' },
  { event: 'ticket.reopened', from: TicketReopened, description: 'A closed ticket was opened again.' },
  { event: 'ticket.deleted', from: TicketDeleted, description: 'A ticket was deleted.' },
  {
    event: 'ticket.sla_breached',
    from: TicketSlaBreached,
    description: "A ticket's first-response or resolution clock passed its queue's target (business minutes) while still running.",
  },
  { event: 'message.received', from: MessageReceived, description: 'A contact wrote (inbound message).' },
  { event: 'message.sent', from: MessageSent, description: 'An outbound message was accepted by the channel.' },
  { event: 'message.acked', from: MessageAckChanged, description: 'The channel reported a new acknowledgement (delivered, read…).' },
  { event: 'message.edited', from: MessageEdited, description: 'A message was edited.' },
  { event: 'message.deleted', from: MessageDeleted, description: 'A message was deleted.' },
  { event: 'contact.created', from: ContactCreated, description: 'A contact was created.' },
  { event: 'contact.updated', from: ContactDetailsChanged, description: "A contact's details changed." },
  {
    event: 'contact.erased',
    from: ContactErased,
    description:
      "A contact's personal data was erased under the LGPD (art. 18 IV, VI): erase your copies of it (name, number, e-mail, messages, media). Only the id and the time: who asked and why stay in Conversa.",
    data: ContactErased.schema.pick({ contactId: true, erasedAt: true }),
  },
  { event: 'campaign.started', from: CampaignStarted, description: 'A campaign started sending (at its time or by hand).' },
  {
    event: 'campaign.cancelled',
    from: CampaignCancelled,
    description: 'A campaign stopped: by a user (pause null) or paused by the engine (pause says why: rate limit, block).',
  },
  { event: 'campaign.restarted', from: CampaignRestarted, description: 'A stopped campaign was resumed.' },
  { event: 'campaign.finished', from: CampaignFinished, description: 'A campaign sent to every contact of its list.' },
  { event: 'campaign.delivered', from: CampaignShippingDelivered, description: "A campaign's message to one contact was accepted by the channel." },
  { event: 'campaign.failed', from: CampaignShippingFailed, description: "A campaign's message to one contact could not be sent." },
  {
    event: 'campaign.opted_out',
    from: CampaignContactOptedOut,
    description: 'A number answered an opt-out word and gets no more campaigns.',
    data: CampaignContactOptedOut.schema.pick({ number: true, word: true }),
  },
  { event: 'connection.status', from: ConnectionSessionChanged, description: "A connection's session status changed (qrcode, connected, disconnected…)." },
] as const satisfies readonly WebhookCatalogueEntry[];

export type WebhookEventNameValue = (typeof webhookCatalogue)[number]['event'];
export const webhookEventNames = webhookCatalogue.map((entry) => entry.event) as [WebhookEventNameValue, ...WebhookEventNameValue[]];
export const WebhookEventName = z.enum(webhookEventNames, { error: 'Evento desconhecido' });

/** Product event type → webhook event name. */
export const webhookEventOf: ReadonlyMap<string, WebhookEventNameValue> = new Map(webhookCatalogue.map((entry) => [entry.from.type, entry.event]));

/** Product event type → the narrower payload schema of its webhook, for the events that carry less than they record. */
export const webhookDataOf: ReadonlyMap<string, z.ZodObject> = new Map(
  (webhookCatalogue as readonly WebhookCatalogueEntry[]).flatMap((entry) => (entry.data ? [[entry.from.type, entry.data] as const] : [])),
);

/** The product event types any webhook can carry (what the deliverer subscribes to). */
export const webhookSourceTypes = webhookCatalogue.map((entry) => entry.from.type);

/** Each event's `data` as JSON Schema (docs/webhooks.md is generated from it). */
export const webhookPayloadSchema = (entry: WebhookCatalogueEntry): Record<string, unknown> => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(entry.data ?? entry.from.schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  return schema;
};
