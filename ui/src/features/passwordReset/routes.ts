import { lazy } from '../../i18n/lazy';
import { publicPage, type AppRoute } from '../../app/access';

const RecoveryPasswordPage = lazy(() => import('./RecoveryPasswordPage'));

/** /recovery-password: public, reached from the login page. */
export const passwordResetRoutes: AppRoute[] = [publicPage('recovery-password', '/recovery-password', RecoveryPasswordPage)];
