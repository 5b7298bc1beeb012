import { lazy } from '../../i18n/lazy';
import { LuColumns3, LuTag, LuTags } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/**
 * The tags area's screens, open to every user of the company (tags are shared labels). Menu orders follow the
 * side menu's list in steps of 10: kanban 50 and tag lanes 60 (both on the plan's useKanban), tags 90.
 */
export const tagRoutes: AppRoute[] = [
  {
    id: 'kanban',
    path: '/Kanban',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./kanban/KanbanPage')),
    guard: { area: 'kanban', planFlag: 'useKanban' },
    menu: { labelKey: 'menu.kanban', icon: LuColumns3, group: 'main', order: 50 },
  },
  {
    id: 'tagsKanban',
    path: '/TagsKanban',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./TagsKanbanPage')),
    guard: { area: 'kanban', planFlag: 'useKanban' },
    menu: { labelKey: 'menu.tagsKanban', icon: LuTags, group: 'main', order: 60 },
  },
  {
    id: 'tags',
    path: '/tags',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./TagsPage')),
    guard: { area: 'tags' },
    menu: { labelKey: 'menu.tags', icon: LuTag, group: 'main', order: 90 },
  },
];
