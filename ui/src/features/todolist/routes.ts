import { lazy } from '../../i18n/lazy';
import { LuListTodo } from 'react-icons/lu';
import type { AppRoute } from '../../app/access';

/** /todolist: every user's own tasks, kept in this browser only. Menu order 85: beside scheduled messages (the side menu's list does not name it). */
export const todoRoutes: AppRoute[] = [
  {
    id: 'todolist',
    path: '/todolist',
    access: 'private',
    frame: 'shell',
    component: lazy(() => import('./TodoListPage')),
    guard: { area: 'todolist' },
    menu: { labelKey: 'menu.todolist', icon: LuListTodo, group: 'main', order: 85 },
  },
];
