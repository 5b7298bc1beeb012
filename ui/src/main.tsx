// First: no schema code may probe eval under the CSP before this runs (see the module).
import '@conversa/contracts/browser';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './shell/App';
import { buildRouteObjects } from './shell/router';
import { appRoutes } from './shell/routes';
import { createAppStore } from './app/store';

const store = createAppStore();
const router = createBrowserRouter(buildRouteObjects(appRoutes));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
