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
import { connectionEvents } from '../connections/events';
import { queueEvents } from '../queues/events';
import { routingEvents } from '../routing/events';
import { helpEvents } from '../helps/events';
import { chatEvents } from '../chats/events';
import { announcementEvents } from '../announcements/events';
import { passwordResetEvents } from '../passwordReset/events';
import { EventRegistry } from './registry';

/** Every event type of the product: what the event store validates appends and reads against. */
export const productEventRegistry = (): EventRegistry => new EventRegistry([...planEvents, ...companyEvents, ...userEvents, ...sessionEvents, ...ticketEvents, ...messageEvents, ...ticketNoteEvents, ...quickMessageEvents, ...scheduleEvents, ...contactEvents, ...tagEvents, ...routingEvents, ...connectionEvents, ...queueEvents, ...helpEvents, ...chatEvents, ...announcementEvents, ...passwordResetEvents]);
