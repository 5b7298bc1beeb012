import { lazy } from '../../i18n/lazy';
import { LuContact } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/**
 * /contacts: every user of the company works with its contacts (deleting one takes
 * contacts-page:deleteContact). Menu order 70: the spec's menu list in steps of 10 (after tag lanes, before schedules).
 */
export const contactRoutes: AppRoute[] = [
  {
    id: 'contacts',
    path: '/contacts',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./ContactsPage')),
    guard: { area: 'contacts' },
    menu: { labelKey: 'menu.contacts', icon: LuContact, group: 'main', order: 70 },
  },
];
