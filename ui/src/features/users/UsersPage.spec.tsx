import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '@conversa/contracts';
import { fakeServer, renderApp } from '../../test/harness';
import { plan, session, user as sessionUser } from '../../test/fixtures';

const record = (id: number, name: string, extra: Partial<UserRecord> = {}): UserRecord => ({
  id,
  companyId: 2,
  name,
  email: `${name.toLowerCase().replace(/\s/g, '')}@acme.test`,
  profile: 'user',
  super: false,
  language: 'pt-BR',
  profileImage: null,
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  phone: '',
  allTicket: 'disable',
  allowGroup: false,
  defaultMenu: 'open',
  defaultTheme: 'light',
  whatsappId: null,
  queueIds: [],
  queues: [],
  showDashboard: false,
  allowRealTime: false,
  allowConnections: false,
  online: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastLogin: null,
  ...extra,
});

const queues = [
  { id: 1, companyId: 2, name: 'Vendas', color: '#2563eb', orderQueue: 1, schedules: [] },
  { id: 2, companyId: 2, name: 'Suporte', color: '#16a34a', orderQueue: 2, schedules: [] },
];
const me = record(7, 'Ana Souza', { profile: 'admin' });

function backend(users: UserRecord[], extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /users': (request) => {
      const term = new URL(request.url).searchParams.get('searchParam') ?? '';
      const found = users.filter((user) => user.name.toLowerCase().includes(term.toLowerCase()));
      return { status: 200, body: { users: found, count: found.length, hasMore: false } };
    },
    'GET /queue': { status: 200, body: queues },
    'GET /whatsapp': { status: 200, body: [{ id: 4, name: 'Comercial' }] },
    ...extra,
  });
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

// Chakra dialogs in jsdom are slow on a loaded machine; these flows click through a whole form.
describe('users screen', { timeout: 60_000 }, () => {
  it('lists users with their queues and online status; no delete button on one’s own row', async () => {
    backend([me, record(8, 'Bia Lima', { queueIds: [2, 1], online: true })]);
    renderApp({ path: '/users', signedIn: session({ id: 7, profile: 'admin' }) });
    const row = await screen.findByTestId('user-row-8', {}, { timeout: 30_000 });
    expect(within(row).getByTestId('user-row-queues')).toHaveTextContent('SuporteVendas');
    expect(within(row).getByTestId('user-row-status')).toHaveAttribute('data-online', 'true');
    expect(within(row).getByTestId('user-row-status')).toHaveTextContent('Online');
    expect(screen.getByTestId('user-delete-8')).toBeInTheDocument();
    expect(screen.queryByTestId('user-delete-7')).not.toBeInTheDocument();
  });

  it('is open to a supervisor, who changes plain users but not admins, and sets neither profiles nor queues', async () => {
    const { calls } = backend(
      [me, record(9, 'Sara Visor', { profile: 'supervisor' }), record(8, 'Bia Lima', { queueIds: [1] }), record(5, 'Root', { profile: 'admin', super: true })],
      {
        'PUT /users/8': async (request) => ({ status: 200, body: { ...record(8, 'Bia Lima', { queueIds: [1] }), ...((await request.json()) as object) } }),
      },
    );
    renderApp({ path: '/users', signedIn: session({ id: 9, name: 'Sara Visor', profile: 'supervisor' }) });
    await screen.findByTestId('user-row-8', {}, { timeout: 30_000 });
    expect(screen.getByTestId('menu-item-users')).toBeInTheDocument();
    // Admins and super users are listed but out of a supervisor's reach; their own row has edit, no delete.
    for (const id of [7, 5]) {
      expect(screen.queryByTestId(`user-edit-${id}`)).not.toBeInTheDocument();
      expect(screen.queryByTestId(`user-delete-${id}`)).not.toBeInTheDocument();
    }
    expect(screen.getByTestId('user-edit-9')).toBeInTheDocument();
    expect(screen.queryByTestId('user-delete-9')).not.toBeInTheDocument();
    expect(screen.getByTestId('user-delete-8')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('user-edit-8'));
    await screen.findByTestId('user-field-name', {}, { timeout: 30_000 });
    expect(screen.queryByTestId('user-field-profile')).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-field-queues')).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-field-allTicket')).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-field-allowGroup')).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-field-showDashboard')).not.toBeInTheDocument();
    type('user-field-name', 'Beatriz Lima');
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!.body as Record<string, unknown>;
    expect(put).toMatchObject({ name: 'Beatriz Lima' });
    for (const field of ['profile', 'queueIds', 'allTicket', 'allowGroup', 'showDashboard', 'allowRealTime', 'allowConnections'])
      expect(put).not.toHaveProperty(field);
  });

  it('shows how many of the plan’s users are taken, warning when the plan is full', async () => {
    backend([me, record(8, 'Bia Lima')]);
    const full = sessionUser({ id: 7, profile: 'admin' }, { plan: plan({ users: 2 }) });
    renderApp({ path: '/users', signedIn: session({ id: 7, profile: 'admin', company: full.company }) });
    const seats = await screen.findByTestId('users-seats', {}, { timeout: 30_000 });
    expect(seats).toHaveTextContent('2 de 2 usuários do plano');
    expect(seats).toHaveAttribute('data-full', 'true');
  });

  it('is not open to a plain user', async () => {
    backend([]);
    const { router } = renderApp({ path: '/users', signedIn: session({ profile: 'user' }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
  });

  it('searches after the 500 ms debounce', async () => {
    const { calls } = backend([me, record(8, 'Bia Lima'), record(9, 'Caio Reis')]);
    renderApp({ path: '/users', signedIn: session({ id: 7, profile: 'admin' }) });
    await screen.findByTestId('user-row-9', {}, { timeout: 30_000 });
    type('users-search', 'bia');
    expect(calls.filter((call) => call.path === '/users')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('user-row-9')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(screen.getByTestId('user-row-8')).toBeInTheDocument();
  });

  it('creates a user with queues, profile and default connection; the new row appears', async () => {
    const { calls } = backend([me], {
      'POST /users': async (request) => {
        const body = (await request.json()) as Record<string, unknown>;
        return { status: 201, body: record(20, String(body.name), { ...(body as Partial<UserRecord>), queues: [] }) };
      },
    });
    renderApp({ path: '/users', signedIn: session({ id: 7, profile: 'admin' }) });
    fireEvent.click(await screen.findByTestId('user-add', {}, { timeout: 30_000 }));
    await screen.findByTestId('user-field-name', {}, { timeout: 30_000 });

    fireEvent.click(screen.getByTestId('user-save'));
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(3);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    type('user-field-name', 'Caio Lima');
    type('user-field-email', 'caio@acme.test');
    type('user-field-password', 'Segredo1');
    fireEvent.change(screen.getByTestId('user-field-profile'), { target: { value: 'supervisor' } });
    // Through the label, as a person clicks: each label must toggle its own queue.
    fireEvent.click(await screen.findByTestId('user-queue-2'));
    await waitFor(() => expect(screen.getByTestId('user-field-whatsappId')).toHaveTextContent('Comercial'));
    fireEvent.change(screen.getByTestId('user-field-whatsappId'), { target: { value: '4' } });
    type('user-field-startWork', '0800');
    fireEvent.click(screen.getByTestId('user-save'));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/users')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      name: 'Caio Lima',
      email: 'caio@acme.test',
      password: 'Segredo1',
      profile: 'supervisor',
      queueIds: [2],
      whatsappId: 4,
      startWork: '08:00',
      endWork: '23:59',
    });
    expect(await screen.findByTestId('user-row-20')).toHaveTextContent('Caio Lima');
  });

  it('hides the profile and queue selectors from a user without user-modal:editProfile and user-modal:editQueues', async () => {
    const { calls } = backend([record(7, 'Ana Souza', { allowConnections: true })], {
      'POST /users': () => ({ status: 201, body: record(21, 'Dani') }),
    });
    renderApp({ path: '/users', signedIn: session({ id: 7, profile: 'user', allowConnections: true }) });
    fireEvent.click(await screen.findByTestId('user-add', {}, { timeout: 30_000 }));
    await screen.findByTestId('user-field-name', {}, { timeout: 30_000 });
    expect(screen.queryByTestId('user-field-profile')).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-field-queues')).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-field-allowConnections')).not.toBeInTheDocument();
    type('user-field-name', 'Dani');
    type('user-field-email', 'dani@acme.test');
    type('user-field-password', 'Segredo1');
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('profile');
    expect(body).not.toHaveProperty('queueIds');
  });

  it('edits a user without resending the password, and deletes one after confirmation', async () => {
    const bia = record(8, 'Bia Lima', { queueIds: [1] });
    const { calls } = backend([me, bia], {
      'PUT /users/8': async (request) => ({ status: 200, body: { ...bia, ...((await request.json()) as object) } }),
      'DELETE /users/8': { status: 204 },
    });
    renderApp({ path: '/users', signedIn: session({ id: 7, profile: 'admin' }) });
    fireEvent.click(await screen.findByTestId('user-edit-8', {}, { timeout: 30_000 }));
    await screen.findByTestId('user-field-name', {}, { timeout: 30_000 });
    expect(screen.getByTestId('user-field-name')).toHaveValue('Bia Lima');
    type('user-field-name', 'Beatriz Lima');
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!.body as Record<string, unknown>;
    expect(put).toMatchObject({ name: 'Beatriz Lima', queueIds: [1] });
    expect(put).not.toHaveProperty('password');
    await waitFor(() => expect(screen.getByTestId('user-row-8')).toHaveTextContent('Beatriz Lima'));

    fireEvent.click(screen.getByTestId('user-delete-8'));
    expect(await screen.findByText('Deseja realmente excluir esse registro?')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('user-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('user-row-8')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/users/8')).toBe(true);
  });
});
