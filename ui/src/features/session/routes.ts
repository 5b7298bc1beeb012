import { lazy } from '../../i18n/lazy';
import type { AppRoute } from '../../app/access';

export const sessionRoutes: AppRoute[] = [
  { id: 'login', path: '/login', access: 'public', frame: 'bare', component: lazy(() => import('./LoginPage')) },
  { id: 'signup', path: '/signup', access: 'public', frame: 'bare', component: lazy(() => import('./SignupPage')) },
];
