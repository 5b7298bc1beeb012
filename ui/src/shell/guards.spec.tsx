import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LuKanban } from 'react-icons/lu';
import { fakeServer, renderApp } from '../test/harness';
import { plan, session } from '../test/fixtures';
import type { AppRoute } from '../app/access';
import { appRoutes } from './routes';

function KanbanScreen() {
  return <p data-testid="kanban-screen" />;
}
function CampaignsScreen() {
  return <p data-testid="campaigns-screen" />;
}
// A stand-in screen behind the kanban plan flag, on a path of its own (the real /Kanban is in appRoutes).
const gated: AppRoute[] = [
  ...appRoutes,
  {
    id: 'gated-kanban',
    path: '/gated-kanban',
    access: 'private',
    frame: 'shell',
    component: KanbanScreen,
    guard: { planFlag: 'useKanban' },
    menu: { labelKey: 'menu.home', icon: LuKanban, group: 'main', order: 60 },
  },
  {
    id: 'campaigns',
    path: '/campaigns',
    access: 'private',
    frame: 'shell',
    component: CampaignsScreen,
    guard: { planFlag: 'useCampaigns', storageFlag: 'cshow' },
  },
];

/** Menus open and select on a pointer press (it highlights the item), then a click, as in a browser. */
const choose = (item: HTMLElement) => userEvent.click(item);

describe('route guards', () => {
  it('sends an anonymous visitor of a private route to /login', async () => {
    fakeServer({});
    const { router } = renderApp({ path: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByTestId('login-form', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('sends a signed-in user who opens a public route to /', async () => {
    fakeServer({});
    const { router } = renderApp({ path: '/login', signedIn: session() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // An admin's `/` is the dashboard.
    expect(await screen.findByTestId('dashboard-page', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('denies a screen the plan does not include: error toast, then / after one second', async () => {
    fakeServer({});
    const shown = Date.now();
    const { router } = renderApp({ path: '/gated-kanban', routes: gated, signedIn: session() });
    expect(await screen.findByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')).toBeInTheDocument();
    expect(screen.queryByTestId('kanban-screen')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    // The toast is read for a second before the redirect (only a lower bound: a loaded machine may show it later).
    expect(Date.now() - shown).toBeGreaterThanOrEqual(950);
  });

  it('opens the screen when the plan includes it, and lists it in the menu', async () => {
    fakeServer({});
    const signedIn = session();
    signedIn.user.company.plan = plan({ useKanban: true });
    renderApp({ path: '/gated-kanban', routes: gated, signedIn });
    expect(await screen.findByTestId('kanban-screen')).toBeInTheDocument();
    expect(screen.getByTestId('menu-item-gated-kanban')).toBeInTheDocument();
  });

  it('treats the campaign routes as unknown without the cshow flag', async () => {
    fakeServer({});
    const signedIn = session();
    signedIn.user.company.plan = plan({ useCampaigns: false });
    renderApp({ path: '/campaigns', routes: gated, signedIn });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('shows an unknown private path as not-found inside the shell, with a link home', async () => {
    fakeServer({});
    const { router } = renderApp({ path: '/no-such-screen', signedIn: session() });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByTestId('app-shell')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Voltar ao início'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('restores a stored session through the refresh cookie before routing', async () => {
    localStorage.setItem('token', 'stale');
    const { calls } = fakeServer({ 'POST /auth/refresh_token': { status: 200, body: session({}, 'fresh') } });
    const { store } = renderApp({ path: '/' });
    // An admin's `/` is the dashboard.
    expect(await screen.findByTestId('dashboard-page', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/auth/refresh_token');
    expect(store.getState().session.token).toBe('fresh');
  });

  it('drops a stored session the server no longer knows', async () => {
    localStorage.setItem('token', 'stale');
    fakeServer({ 'POST /auth/refresh_token': { status: 401, body: { error: 'ERR_SESSION_EXPIRED', message: 'expired' } } });
    const { router } = renderApp({ path: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('shell', () => {
  it('greets the user and shows the due date to admins only', async () => {
    fakeServer({});
    const admin = session();
    admin.user.company.dueDate = '2031-05-09';
    renderApp({ signedIn: admin });
    expect(await screen.findByTestId('greeting')).toHaveTextContent('Olá, Ana Souza! Bem-vindo(a) à Acme.');
    expect(screen.getByTestId('due-date')).toHaveTextContent('Ativo até 09/05/2031');
  });

  it('hides the due date from a plain user', async () => {
    fakeServer({});
    renderApp({ signedIn: session({ profile: 'user' }) });
    expect(await screen.findByTestId('greeting')).toBeInTheDocument();
    expect(screen.queryByTestId('due-date')).not.toBeInTheDocument();
  });

  it('opens the drawer per user.defaultMenu and toggles it', async () => {
    fakeServer({});
    renderApp({ signedIn: session({ defaultMenu: 'closed' }) });
    const drawer = await screen.findByTestId('side-drawer');
    expect(drawer).toHaveAttribute('data-state', 'closed');
    fireEvent.click(screen.getByTestId('menu-toggle'));
    expect(drawer).toHaveAttribute('data-state', 'open');
  });

  it('switches the language at once and saves it as the user language', async () => {
    const { calls } = fakeServer({ 'PUT /users/7': { status: 200, body: { id: 7 } } });
    const { store } = renderApp({ signedIn: session() });
    await choose(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('language-option-en'));
    expect(await screen.findByText('Hello, Ana Souza! Welcome to Acme.')).toBeInTheDocument();
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/users/7', body: { language: 'en' } }));
    expect(store.getState().session.user?.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('logs out: DELETE /auth/logout, storage cleared, back to /login', async () => {
    const { calls } = fakeServer({ 'DELETE /auth/logout': { status: 204 } });
    const { router } = renderApp({ signedIn: session() });
    await choose(await screen.findByTestId('user-menu'));
    await choose(await screen.findByTestId('menu-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/auth/logout')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('companyId')).toBeNull();
  });

  it('validates and saves the profile dialog', async () => {
    const { calls } = fakeServer({ 'PUT /users/7': { status: 200, body: { id: 7 } } });
    const { store } = renderApp({ signedIn: session() });
    await choose(await screen.findByTestId('user-menu'));
    await choose(await screen.findByTestId('menu-profile'));
    const dialog = await screen.findByTestId('profile-dialog', {}, { timeout: 5000 });
    const name = dialog.querySelector('input[name=name]')!;
    const password = dialog.querySelector('input[name=password]')!;
    fireEvent.change(name, { target: { value: 'A' } });
    fireEvent.change(password, { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findAllByText('Muito curto!')).toHaveLength(2);
    fireEvent.change(name, { target: { value: 'Ana Maria' } });
    fireEvent.change(password, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(store.getState().session.user?.name).toBe('Ana Maria'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Ana Maria', email: 'ana@acme.test', language: 'pt-BR' });
  });

  it('shows the volume slider from 0 to 1 at the stored volume', async () => {
    fakeServer({});
    localStorage.setItem('volume', '0.4');
    renderApp({ signedIn: session() });
    fireEvent.click(await screen.findByTestId('volume-button'));
    const slider = await screen.findByRole('slider', { hidden: true });
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '1');
    expect(slider).toHaveAttribute('aria-valuenow', '0.4');
  });

  it('toggles light and dark and remembers it as preferredTheme', async () => {
    fakeServer({});
    renderApp({ signedIn: session() });
    const toggle = await screen.findByTestId('theme-toggle');
    const before = toggle.getAttribute('data-mode');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('theme-toggle').getAttribute('data-mode')).not.toBe(before));
    expect(localStorage.getItem('preferredTheme')).toBe(before === 'dark' ? 'light' : 'dark');
  });

  it('shows the empty notification bell', async () => {
    fakeServer({});
    renderApp({ signedIn: session() });
    fireEvent.click(await screen.findByTestId('notifications-button'));
    expect(await screen.findByText('Nenhuma notificação no momento.')).toBeInTheDocument();
  });
});

vi.mock('../app/browser', () => ({ reloadPage: vi.fn() }));
