import type { AppRoute } from '../app/access';
import { financialRoutes } from '../features/financial/routes';
import { homeRoutes } from '../features/home/routes';
import { sessionRoutes } from '../features/session/routes';
import { queueRoutes } from '../features/queues/routes';
import { ticketRoutes } from '../features/tickets/routes';
import { userRoutes } from '../features/users/routes';
import { settingRoutes } from '../features/settings/routes';
import { connectionRoutes } from '../features/connections/routes';
import { companyRoutes } from '../features/companies/routes';
import { helpRoutes } from '../features/helps/routes';
import { todoRoutes } from '../features/todolist/routes';
import { scheduleRoutes } from '../features/schedules/routes';
import { quickMessageRoutes } from '../features/quickMessages/routes';
import { contactRoutes } from '../features/contacts/routes';
import { tagRoutes } from '../features/tags/routes';
import { onDutyRoutes } from '../features/onDuty/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { webhookRoutes } from '../features/webhooks/routes';
import { queueIntegrationRoutes } from '../features/queueIntegrations/routes';
import { promptRoutes } from '../features/prompts/routes';
import { contactListRoutes } from '../features/contactLists/routes';
import { campaignRoutes } from '../features/campaigns/routes';
import { fileRoutes } from '../features/files/routes';
import { messagesApiRoutes } from '../features/messagesApi/routes';
import { chatRoutes } from '../features/chats/routes';
import { announcementRoutes } from '../features/announcements/routes';
import { passwordResetRoutes } from '../features/passwordReset/routes';

/**
 * The route registry: every screen of the app, contributed by its feature folder.
 *
 * A feature adds a `routes.ts` exporting `AppRoute[]`, made with app/access.ts's builders, and spreads it here:
 * - `screen(id, path, component, guard, menu?)`: a signed-in screen inside the drawer + top bar layout;
 *   `bareScreen` one alone, `publicPage` one for visitors (signed-in users are sent to /; anonymous users reaching
 *   a private one go to /login),
 * - component: always `lazy(() => import('./Page'))`, so the shell bundle stays small,
 * - guard: the role table's row (contracts/src/session/roles.ts) whose screen audience may open it; plan flag; the
 *   `cshow` storage flag,
 * - menu (icon, group, order; the label is `menu.<id>`): the side menu is generated from these entries, filtered by
 *   the same guard, so a menu item exists exactly when its screen exists and may be opened.
 *
 * Example:
 *   screen('tags', '/tags', TagsPage, { area: 'tags' }, { icon: LuTag, group: 'main', order: 90 })
 */
export const appRoutes: readonly AppRoute[] = [
  ...sessionRoutes,
  ...homeRoutes,
  ...financialRoutes,
  ...queueRoutes,
  ...ticketRoutes,
  ...userRoutes,
  ...settingRoutes,
  ...connectionRoutes,
  ...helpRoutes,
  ...companyRoutes,
  ...todoRoutes,
  ...scheduleRoutes,
  ...quickMessageRoutes,
  ...contactRoutes,
  ...tagRoutes,
  ...onDutyRoutes,
  ...dashboardRoutes,
  ...webhookRoutes,
  ...queueIntegrationRoutes,
  ...promptRoutes,
  ...contactListRoutes,
  ...campaignRoutes,
  ...fileRoutes,
  ...messagesApiRoutes,
  ...chatRoutes,
  ...announcementRoutes,
  ...passwordResetRoutes,
];
