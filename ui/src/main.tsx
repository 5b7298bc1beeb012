// First: no schema code may probe eval under the CSP before this runs (see the module).
import '@conversa/contracts/browser';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './shell/App';
import { AppRoutes, buildRouteObjects } from './shell/router';
import { appRoutes } from './shell/routes';
import { createAppStore } from './app/store';

const store = createAppStore();
const routes = buildRouteObjects(appRoutes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App
      store={store}
      router={
        <BrowserRouter>
          <AppRoutes routes={routes} />
        </BrowserRouter>
      }
    />
  </StrictMode>,
);
