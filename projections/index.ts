import { companiesProjector } from './companies/projector';
import { plansProjector } from './plans/projector';
import { usersProjector } from './users/projector';
import { sessionsProjector } from './sessions/projector';
import { ticketsProjector } from './tickets/projector';
import { ticketNotesProjector } from './notes/projector';
import { quickMessagesProjector } from './quickMessages/projector';
import { schedulesProjector } from './schedules/projector';
import { contactsProjector } from './contacts/projector';
import { tagsProjector } from './tags/projector';
import { messagesProjector } from './messages/projector';
import { connectionsProjector } from './connections/projector';
import { queuesProjector } from './queues/projector';
import { routingProjector } from './routing/projector';
import { helpsProjector } from './helps/projector';
import { chatsProjector } from './chats/projector';
import { announcementsProjector } from './announcements/projector';

/** Every read model of the product, in the order a fresh database builds them. */
export const projectors = [
  plansProjector,
  companiesProjector,
  usersProjector,
  sessionsProjector,
  ticketsProjector,
  ticketNotesProjector,
  quickMessagesProjector,
  schedulesProjector,
  contactsProjector,
  tagsProjector,
  messagesProjector,
  queuesProjector,
  connectionsProjector,
  routingProjector,
  helpsProjector,
  chatsProjector,
  announcementsProjector,
];
