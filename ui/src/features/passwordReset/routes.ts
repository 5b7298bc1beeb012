import { lazy } from '../../i18n/lazy';
import type { AppRoute } from '../../app/access';

/** /recovery-password: public, reached from the login page. */
export const passwordResetRoutes: AppRoute[] = [
  { id: 'recovery-password', path: '/recovery-password', access: 'public', frame: 'bare', component: lazy(() => import('./RecoveryPasswordPage')) },
];
