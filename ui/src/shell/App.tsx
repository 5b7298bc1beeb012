import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { I18nProvider, useT } from '../i18n';
import { useRefreshTokenMutation } from '../features/session/api';
import { sessionCleared, sessionStarted } from '../app/sessionSlice';
import { PageSpinner } from './guards';
import { afterPageLoad, registerServiceWorker } from '../app/serviceWorker';
import type { SocketClient } from '../app/socket';
import { SocketProvider } from '../app/SocketProvider';
import { useAppDispatch, useAppSelector, type AppStore } from '../app/store';
import { AppThemeProvider } from '../app/theme';
import { AppToaster, toaster } from '../app/toaster';

function LanguageBridge({ children }: { children: ReactNode }) {
  const language = useAppSelector((state) => state.session.language);
  return <I18nProvider language={language}>{children}</I18nProvider>;
}

/** A stored token means a session may still live in the refresh cookie: restore it before routing. */
function SessionRestore({ children }: { children: ReactNode }) {
  const status = useAppSelector((state) => state.session.status);
  const dispatch = useAppDispatch();
  const [refresh] = useRefreshTokenMutation();
  const [started] = useState(() => status === 'restoring');
  useEffect(() => {
    if (!started) return;
    refresh()
      .unwrap()
      .then(
        (session) => dispatch(sessionStarted(session)),
        () => dispatch(sessionCleared()),
      );
  }, [started, refresh, dispatch]);
  if (status === 'restoring') return <PageSpinner />;
  return <>{children}</>;
}

function ServiceWorkerUpdates() {
  const t = useT();
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    afterPageLoad(() => {
      void registerServiceWorker((prompt) => {
        toaster.create({
          id: 'app-update',
          type: 'info',
          description: t('shell.updateAvailable'),
          duration: Number.POSITIVE_INFINITY,
          closable: true,
          action: { label: t('shell.updateReload'), onClick: prompt.apply },
        });
      });
    });
    // Registration runs once per page load; the prompt text uses the language current at that time.
  }, []);
  return null;
}

/** `router`: the routes inside their router (BrowserRouter in the app, MemoryRouter in tests), see ./router. */
export function App({ store, router, socket }: { store: AppStore; router: ReactNode; socket?: SocketClient }) {
  return (
    <ReduxProvider store={store}>
      <LanguageBridge>
        <AppThemeProvider>
          <SocketProvider client={socket}>
            <SessionRestore>
              {/* A screen whose code is still loading shows the spinner (the router does not hold the last screen meanwhile). */}
              <Suspense fallback={<PageSpinner />}>{router}</Suspense>
            </SessionRestore>
          </SocketProvider>
          <AppToaster />
          <ServiceWorkerUpdates />
        </AppThemeProvider>
      </LanguageBridge>
    </ReduxProvider>
  );
}
