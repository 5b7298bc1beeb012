import type { companyEvents } from '../companies/events';
import type { connectionEvents } from '../connections/events';
import type { contactEvents } from '../contacts/events';
import type { helpEvents } from '../helps/events';
import type { contactListEvents } from '../contactLists/events';
import type { campaignEvents } from '../campaigns/events';
import type { fileListEvents } from '../files/events';
import type { invoiceEvents } from '../invoices/events';
import type { messagesApiEvents } from '../messagesApi/events';
import type { chatEvents } from '../chats/events';
import type { announcementEvents } from '../announcements/events';
import type { passwordResetEvents } from '../passwordReset/events';
import type { messageEvents } from '../messages/events';
import type { ticketNoteEvents } from '../notes/events';
import type { planEvents } from '../plans/events';
import type { queueEvents } from '../queues/events';
import type { quickMessageEvents } from '../quickMessages/events';
import type { routingEvents } from '../routing/events';
import type { scheduleEvents } from '../schedules/events';
import type { sessionEvents } from '../session/events';
import type { tagEvents } from '../tags/events';
import type { queueIntegrationEvents } from '../queueIntegrations/events';
import type { promptEvents } from '../prompts/events';
import type { ticketEvents } from '../tickets/events';
import type { userEvents } from '../users/events';
import type { onDutyEvents } from '../onDuty/events';
import type { webhookEvents } from '../webhooks/events';
import type { assignmentEvents } from '../assignment/events';
import type { slaEvents } from '../sla/events';
import type { RecordedEvent } from './envelope';
import type { EventOf } from './registry';

type ProductEventDefinition =
  | (typeof planEvents)[number]
  | (typeof companyEvents)[number]
  | (typeof userEvents)[number]
  | (typeof sessionEvents)[number]
  | (typeof ticketEvents)[number]
  | (typeof messageEvents)[number]
  | (typeof ticketNoteEvents)[number]
  | (typeof quickMessageEvents)[number]
  | (typeof scheduleEvents)[number]
  | (typeof contactEvents)[number]
  | (typeof tagEvents)[number]
  | (typeof routingEvents)[number]
  | (typeof connectionEvents)[number]
  | (typeof queueEvents)[number]
  | (typeof helpEvents)[number]
  | (typeof onDutyEvents)[number]
  | (typeof webhookEvents)[number]
  | (typeof queueIntegrationEvents)[number]
  | (typeof promptEvents)[number]
  | (typeof contactListEvents)[number]
  | (typeof campaignEvents)[number]
  | (typeof fileListEvents)[number]
  // (no semicolon: each member is one line, so branches adding a member merge cleanly)
  | (typeof invoiceEvents)[number]
  | (typeof messagesApiEvents)[number]
  | (typeof chatEvents)[number]
  | (typeof announcementEvents)[number]
  | (typeof passwordResetEvents)[number]
  | (typeof assignmentEvents)[number]
  | (typeof slaEvents)[number];

/** Every event of the catalog as `{ type, data }`, data as its schema parses it (after upcasting). */
export type ProductEvent = EventOf<ProductEventDefinition>;
export type ProductEventType = ProductEvent['type'];

/** A recorded event of one of the given types, its `data` typed by that type's schema. */
export type RecordedProductEvent<T extends ProductEventType = ProductEventType> =
  Extract<ProductEvent, { type: T }> extends infer E ? (E extends { type: infer U extends string; data: infer D } ? RecordedEvent<U, D> : never) : never;

/**
 * Whether an event read from a stream or a command's result (untyped) is of one of `types`; its `data` is then
 * typed by the catalog, as a subscriber's is: the store parses what it reads and appends against the same schemas.
 */
export const isProductEvent = <E extends Pick<RecordedEvent, 'type' | 'data'>, const T extends ProductEventType>(
  event: E,
  ...types: T[]
): event is E & Extract<ProductEvent, { type: T }> => types.some((type) => type === event.type);
