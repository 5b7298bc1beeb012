import { lazy } from '../../i18n/lazy';
import { LuColumns3, LuTag, LuTags } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const KanbanPage = lazy(() => import('./kanban/KanbanPage'));
const TagsKanbanPage = lazy(() => import('./TagsKanbanPage'));
const TagsPage = lazy(() => import('./TagsPage'));

/**
 * The tags area's screens, open to every user of the company (tags are shared labels). Menu orders follow the
 * side menu's list in steps of 10: kanban 50 and tag lanes 60 (both on the plan's useKanban), tags 90.
 */
export const tagRoutes: AppRoute[] = [
  screen('kanban', '/Kanban', KanbanPage, { area: 'kanban', planFlag: 'useKanban' }, { icon: LuColumns3, group: 'main', order: 50 }),
  screen('tagsKanban', '/TagsKanban', TagsKanbanPage, { area: 'kanban', planFlag: 'useKanban' }, { icon: LuTags, group: 'main', order: 60 }),
  screen('tags', '/tags', TagsPage, { area: 'tags' }, { icon: LuTag, group: 'main', order: 90 }),
];
