import { companyEvents } from '../companies/events';
import { connectionEvents } from '../connections/events';
import { contactEvents } from '../contacts/events';
import { helpEvents } from '../helps/events';
import { contactListEvents } from '../contactLists/events';
import { campaignEvents } from '../campaigns/events';
import { fileListEvents } from '../files/events';
import { invoiceEvents } from '../invoices/events';
import { messagesApiEvents } from '../messagesApi/events';
import { chatEvents } from '../chats/events';
import { announcementEvents } from '../announcements/events';
import { passwordResetEvents } from '../passwordReset/events';
import { messageEvents } from '../messages/events';
import { ticketNoteEvents } from '../notes/events';
import { planEvents } from '../plans/events';
import { queueEvents } from '../queues/events';
import { quickMessageEvents } from '../quickMessages/events';
import { routingEvents } from '../routing/events';
import { scheduleEvents } from '../schedules/events';
import { sessionEvents } from '../session/events';
import { tagEvents } from '../tags/events';
import { queueIntegrationEvents } from '../queueIntegrations/events';
import { promptEvents } from '../prompts/events';
import { ticketEvents } from '../tickets/events';
import { userEvents } from '../users/events';
import { onDutyEvents } from '../onDuty/events';
import { webhookEvents } from '../webhooks/events';
import { assignmentEvents } from '../assignment/events';
import { slaEvents } from '../sla/events';
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
  | (typeof slaEvents)[number]

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
export const isProductEvent = <E extends Pick<RecordedEvent, 'type' | 'data'>, const T extends ProductEventType>(event: E, ...types: T[]): event is E & Extract<ProductEvent, { type: T }> =>
  types.some((type) => type === event.type);
