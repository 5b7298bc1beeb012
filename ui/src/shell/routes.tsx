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
 * A feature adds a `routes.ts` exporting `AppRoute[]` and spreads it here. Each entry gives
 * - path and access ('public' routes send signed-in users to /, 'private' ones send anonymous users to /login),
 * - frame ('shell' inside the drawer + top bar, 'bare' alone),
 * - component (always `lazy(() => import('./Page'))`, so the shell bundle stays small),
 * - guard (the role table's row, contracts/src/session/roles.ts, whose screen audience may open it; plan flag; the
 *   `cshow` storage flag),
 * - menu (label key, icon, group, order): the side menu is generated from these entries, filtered by the same guard,
 *   so a menu item exists exactly when its screen exists and may be opened.
 *
 * Example (a later issue):
 *   { id: 'campaigns', path: '/campaigns', access: 'private', frame: 'shell',
 *     component: lazy(() => import('./CampaignsPage')),
 *     guard: { planFlag: 'useCampaigns', storageFlag: 'cshow' },
 *     menu: { labelKey: 'menu.campaigns', icon: LuMegaphone, group: 'main', order: 120 } }
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
