import type { AnnouncementsTables } from './announcements/tables';
import type { AssignmentTables } from './assignment/tables';
import type { SlaTables } from './sla/tables';
import type { CampaignsTables } from './campaigns/tables';
import type { ChatsTables } from './chats/tables';
import type { CompaniesTables } from './companies/tables';
import type { ConnectionsTables } from './connections/tables';
import type { ContactImportsTables } from './contactImports/tables';
import type { ContactListsTables } from './contactLists/tables';
import type { ContactsTables } from './contacts/tables';
import type { DashboardTables } from './dashboard/tables';
import type { FileListsTables } from './files/tables';
import type { HelpsTables } from './helps/tables';
import type { InvoicesTables } from './invoices/tables';
import type { MessagesTables } from './messages/tables';
import type { NotesTables } from './notes/tables';
import type { OnDutyTables } from './onDuty/tables';
import type { PlansTables } from './plans/tables';
import type { PromptsTables } from './prompts/tables';
import type { QueueIntegrationsTables } from './queueIntegrations/tables';
import type { QueuesTables } from './queues/tables';
import type { QuickMessagesTables } from './quickMessages/tables';
import type { RoutingTables } from './routing/tables';
import type { SchedulesTables } from './schedules/tables';
import type { SessionsTables } from './sessions/tables';
import type { TagsTables } from './tags/tables';
import type { TicketsTables } from './tickets/tables';
import type { UsersTables } from './users/tables';
import type { PushTables } from './push/store';
import type { WebhooksTables } from './webhooks/tables';

/**
 * Every table the read models own, keyed as queries name them (`read.tickets`, `auth.sessions`):
 * the type of the Kysely instance the projectors, queries and services share.
 */
export type ReadDatabase = object &
  AnnouncementsTables &
  AssignmentTables &
  SlaTables &
  CampaignsTables &
  ChatsTables &
  CompaniesTables &
  ConnectionsTables &
  ContactImportsTables &
  ContactListsTables &
  ContactsTables &
  DashboardTables &
  FileListsTables &
  HelpsTables &
  InvoicesTables &
  MessagesTables &
  NotesTables &
  OnDutyTables &
  PlansTables &
  PromptsTables &
  QueueIntegrationsTables &
  QueuesTables &
  QuickMessagesTables &
  RoutingTables &
  SchedulesTables &
  SessionsTables &
  TagsTables &
  TicketsTables &
  UsersTables &
  PushTables &
  WebhooksTables;
// (no semicolon: one table group per line, so branches adding one merge cleanly)
