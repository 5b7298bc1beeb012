import { companyEvents } from '../companies/events';
import { planEvents } from '../plans/events';
import { sessionEvents } from '../session/events';
import { userEvents } from '../users/events';
import { ticketEvents } from '../tickets/events';
import { messageEvents } from '../messages/events';
import { ticketNoteEvents } from '../notes/events';
import { quickMessageEvents } from '../quickMessages/events';
import { scheduleEvents } from '../schedules/events';
import { contactEvents } from '../contacts/events';
import { tagEvents } from '../tags/events';
import { queueIntegrationEvents } from '../queueIntegrations/events';
import { promptEvents } from '../prompts/events';
import { connectionEvents } from '../connections/events';
import { queueEvents } from '../queues/events';
import { routingEvents } from '../routing/events';
import { helpEvents } from '../helps/events';
import { onDutyEvents } from '../onDuty/events';
import { webhookEvents } from '../webhooks/events';
import { contactListEvents } from '../contactLists/events';
import { campaignEvents } from '../campaigns/events';
import { fileListEvents } from '../files/events';
import { invoiceEvents } from '../invoices/events';
import { messagesApiEvents } from '../messagesApi/events';
import { chatEvents } from '../chats/events';
import { announcementEvents } from '../announcements/events';
import { passwordResetEvents } from '../passwordReset/events';
import { assignmentEvents } from '../assignment/events';
import { slaEvents } from '../sla/events';
import { EventRegistry } from './registry';

/** Every event type of the product: what the event store validates appends and reads against. One area per line. */
export const productEventRegistry = (): EventRegistry =>
  new EventRegistry([
    ...planEvents,
    ...companyEvents,
    ...userEvents,
    ...sessionEvents,
    ...ticketEvents,
    ...messageEvents,
    ...ticketNoteEvents,
    ...quickMessageEvents,
    ...scheduleEvents,
    ...contactEvents,
    ...tagEvents,
    ...routingEvents,
    ...connectionEvents,
    ...queueEvents,
    ...helpEvents,
    ...onDutyEvents,
    ...webhookEvents,
    ...queueIntegrationEvents,
    ...promptEvents,
    ...contactListEvents,
    ...campaignEvents,
    ...fileListEvents,
    ...invoiceEvents,
    ...messagesApiEvents,
    ...chatEvents,
    ...announcementEvents,
    ...passwordResetEvents,
    ...assignmentEvents,
    ...slaEvents,
  ]);
