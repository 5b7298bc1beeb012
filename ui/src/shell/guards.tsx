import { Center, Spinner } from '@chakra-ui/react';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { isAllowed, routeExists, type AppRoute } from '../app/access';
import { readStorage, storageKeys } from '../app/storage';
import { useAppDispatch, useAppSelector } from '../app/store';
import { landingReached } from '../app/sessionSlice';
import { toaster } from '../app/toaster';
import { ERROR_TOAST_MS } from '../app/notify';
import { useT } from '../i18n';
import { NotFoundPage } from './NotFoundPage';

/** The denied page redirects to / after one second. */
export const DENIED_REDIRECT_MS = 1000;

export function PageSpinner() {
  return (
    <Center minH="60vh" data-testid="page-loading">
      <Spinner size="lg" color="colorPalette.solid" />
    </Center>
  );
}

/** Public routes (login, signup): a signed-in user goes to where the login sent them, else to /. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const status = useAppSelector((state) => state.session.status);
  const landing = useAppSelector((state) => state.session.landing);
  if (status === 'authenticated') return <Navigate to={landing ?? '/'} replace />;
  return <>{children}</>;
}

/** Private routes: anonymous visitors go to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAppSelector((state) => state.session.status);
  const landing = useAppSelector((state) => state.session.landing);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (status === 'authenticated' && landing) dispatch(landingReached());
  }, [status, landing, dispatch]);
  if (status !== 'authenticated') return <Navigate to="/login" replace />;
  return <>{children}</>;
}

function Denied() {
  const t = useT();
  const navigate = useNavigate();
  useEffect(() => {
    // A fixed id keeps a double-mounted effect (StrictMode) from stacking two toasts.
    toaster.create({ id: 'route-denied', type: 'error', description: t('shell.noPermission'), duration: ERROR_TOAST_MS });
    const timer = setTimeout(() => navigate('/', { replace: true }), DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, t]);
  return <PageSpinner />;
}

/** Applies the route's guard (plan flag, role, storage flag) to a signed-in user, then renders the lazy screen. */
export function Guarded({ route }: { route: AppRoute }) {
  const user = useAppSelector((state) => state.session.user);
  if (!user) return <PageSpinner />;
  const storageFlags = new Set(readStorage(storageKeys.campaignsFlag) !== null ? [storageKeys.campaignsFlag] : []);
  const ctx = { user, storageFlags };
  if (!routeExists(route, ctx)) return <NotFoundPage />;
  if (!isAllowed(route.guard, ctx)) return <Denied />;
  const Screen = route.component;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen />
    </Suspense>
  );
}

export function PublicScreen({ route }: { route: AppRoute }) {
  const Screen = route.component;
  return (
    <PublicOnly>
      <Suspense fallback={<PageSpinner />}>
        <Screen />
      </Suspense>
    </PublicOnly>
  );
}
