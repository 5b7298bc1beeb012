import { lazy } from '../../i18n/lazy';
import { LuListTodo } from 'react-icons/lu';
import { screen, type AppRoute } from '../../app/access';

const TodoListPage = lazy(() => import('./TodoListPage'));

/** /todolist: every user's own tasks, kept in this browser only. Menu order 85: beside scheduled messages (the side menu's list does not name it). */
export const todoRoutes: AppRoute[] = [screen('todolist', '/todolist', TodoListPage, { area: 'todolist' }, { icon: LuListTodo, group: 'main', order: 85 })];
