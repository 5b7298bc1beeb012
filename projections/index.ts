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
import { onDutyProjector } from './onDuty/projector';
import { dashboardProjector } from './dashboard/projector';
import { webhooksProjector } from './webhooks/projector';
import { contactImportsProjector } from './contactImports/projector';
import { queueIntegrationsProjector } from './queueIntegrations/projector';
import { promptsProjector } from './prompts/projector';
import { contactListsProjector } from './contactLists/projector';
import { campaignsProjector } from './campaigns/projector';
import { fileListsProjector } from './files/projector';
import { invoicesProjector } from './invoices/projector';
import { chatsProjector } from './chats/projector';
import { announcementsProjector } from './announcements/projector';
import { assignmentProjector } from './assignment/projector';
import { slaProjector } from './sla/projector';

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
  onDutyProjector,
  dashboardProjector,
  webhooksProjector,
  contactImportsProjector,
  queueIntegrationsProjector,
  promptsProjector,
  contactListsProjector,
  campaignsProjector,
  fileListsProjector,
  invoicesProjector,
  chatsProjector,
  announcementsProjector,
  assignmentProjector,
  slaProjector,
];

/** The read models with the most writes, partitioned by company when PROJECTOR_PARTITIONS > 1 (docs/scaling.md). */
export const companyPartitioned = ['messages', 'tickets', 'contacts', 'dashboard'] as const;
