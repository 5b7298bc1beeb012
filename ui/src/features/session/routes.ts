import { lazy } from '../../i18n/lazy';
import { publicPage, type AppRoute } from '../../app/access';

const LoginPage = lazy(() => import('./LoginPage'));
const SignupPage = lazy(() => import('./SignupPage'));

export const sessionRoutes: AppRoute[] = [publicPage('login', '/login', LoginPage), publicPage('signup', '/signup', SignupPage)];
