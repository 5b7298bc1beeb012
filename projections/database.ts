import type { ChatsTables } from './chats/tables';
import type { AnnouncementsTables } from './announcements/tables';
import type { CompaniesTables } from './companies/tables';
import type { ConnectionsTables } from './connections/tables';
import type { ContactsTables } from './contacts/tables';
import type { HelpsTables } from './helps/tables';
import type { MessagesTables } from './messages/tables';
import type { NotesTables } from './notes/tables';
import type { PlansTables } from './plans/tables';
import type { QueuesTables } from './queues/tables';
import type { QuickMessagesTables } from './quickMessages/tables';
import type { RoutingTables } from './routing/tables';
import type { SchedulesTables } from './schedules/tables';
import type { SessionsTables } from './sessions/tables';
import type { TagsTables } from './tags/tables';
import type { TicketsTables } from './tickets/tables';
import type { UsersTables } from './users/tables';

/**
 * Every table the read models own, keyed as queries name them (`read.tickets`, `auth.sessions`):
 * the type of the Kysely instance the projectors, queries and services share.
 */
export interface ReadDatabase
  extends CompaniesTables,
    ChatsTables,
    AnnouncementsTables,
    ConnectionsTables,
    ContactsTables,
    HelpsTables,
    MessagesTables,
    NotesTables,
    PlansTables,
    QueuesTables,
    QuickMessagesTables,
    RoutingTables,
    SchedulesTables,
    SessionsTables,
    TagsTables,
    TicketsTables,
    UsersTables {}
