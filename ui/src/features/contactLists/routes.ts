import { lazy } from '../../i18n/lazy';
import { LuListChecks } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** Contact lists: the administration section, and only while the browser holds the `cshow` flag (spec 1 §2), like the campaign screens. */
export const contactListRoutes: AppRoute[] = [
  {
    id: 'contactLists',
    path: '/contact-lists',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./ContactListsPage')),
    guard: { area: 'contactLists', storageFlag: 'cshow' },
    menu: { labelKey: 'menu.contactLists', icon: LuListChecks, group: 'admin', order: 112 },
  },
  {
    id: 'contactListItems',
    path: '/contact-lists/:contactListId/contacts',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./ContactListItemsPage')),
    guard: { area: 'contactLists', storageFlag: 'cshow' },
  },
];
