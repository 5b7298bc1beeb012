import { lazy } from '../../i18n/lazy';
import { LuListChecks } from 'react-icons/lu';
import { screen, type AppRoute, type RouteGuard } from '../../app/access';

const ContactListsPage = lazy(() => import('./ContactListsPage'));
const ContactListItemsPage = lazy(() => import('./ContactListItemsPage'));

const guard: RouteGuard = { area: 'contactLists', storageFlag: 'cshow' };

/** Contact lists: the administration section, and only while the browser holds the `cshow` flag (spec 1 §2), like the campaign screens. */
export const contactListRoutes: AppRoute[] = [
  screen('contactLists', '/contact-lists', ContactListsPage, guard, { icon: LuListChecks, group: 'admin', order: 112 }),
  screen('contactListItems', '/contact-lists/:contactListId/contacts', ContactListItemsPage, guard),
];
