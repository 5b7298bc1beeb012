import { useRoutes, type RouteObject } from 'react-router';
import type { AppRoute } from '../app/access';
import { AfterLoginPath, afterLoginPathOf } from '../app/landing';
import { Guarded, PublicScreen, RequireAuth } from './guards';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';

/** Turns the registry into react-router route objects; tests build a memory router from the same function. */
export function buildRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  const publicRoutes = routes.filter((route) => route.access === 'public');
  const bareRoutes = routes.filter((route) => route.access === 'private' && route.frame === 'bare');
  const shellRoutes = routes.filter((route) => route.access === 'private' && route.frame === 'shell');
  const afterLogin = afterLoginPathOf(routes);
  return [
    ...publicRoutes.map((route) => ({
      path: route.path,
      element: (
        <AfterLoginPath.Provider value={afterLogin}>
          <PublicScreen route={route} />
        </AfterLoginPath.Provider>
      ),
    })),
    ...bareRoutes.map((route) => ({
      path: route.path,
      element: (
        <RequireAuth>
          <Guarded route={route} />
        </RequireAuth>
      ),
    })),
    {
      element: (
        <RequireAuth>
          <Layout routes={routes} />
        </RequireAuth>
      ),
      children: [...shellRoutes.map((route) => ({ path: route.path, element: <Guarded route={route} /> })), { path: '*', element: <NotFoundPage /> }],
    },
  ];
}

/**
 * The route objects rendered by the router around them. A declarative router (BrowserRouter) rather than a data
 * router (createBrowserRouter): no screen uses loaders or actions, and the data router is 16 KiB gzip more JavaScript.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
