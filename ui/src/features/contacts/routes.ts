import { lazy } from '../../i18n/lazy';
import { LuContact } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const ContactsPage = lazy(() => import('./ContactsPage'));

/**
 * /contacts: every user of the company works with its contacts (deleting one takes
 * contacts-page:deleteContact). Menu order 70: the spec's menu list in steps of 10 (after tag lanes, before schedules).
 */
export const contactRoutes: AppRoute[] = [screen('contacts', '/contacts', ContactsPage, { area: 'contacts' }, { icon: LuContact, group: 'main', order: 70 })];
