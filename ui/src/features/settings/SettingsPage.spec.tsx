import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultCompanySettings, defaultOpeningHours } from '@conversa/contracts';
import { fakeServer, renderApp } from '../../test/harness';
import { session } from '../../test/fixtures';

const settingsList = (overrides: Record<string, string> = {}, withPlatform = false) =>
  Object.entries({ ...defaultCompanySettings, ...overrides })
    .filter(([key]) => withPlatform || key !== 'userCreation')
    .map(([key, value]) => ({ key, value }));

function backend(overrides: Record<string, string> = {}, withPlatform = false, extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /settings': { status: 200, body: settingsList(overrides, withPlatform) },
    'PUT /settings/scheduleType': async (request) => ({ status: 200, body: { key: 'scheduleType', ...((await request.json()) as object) } }),
    'GET /companies/2': { status: 200, body: { id: 2, schedules: defaultOpeningHours() } },
    ...extra,
  });
}

// Chakra tabs and selects in jsdom are slow on a loaded machine.
describe('settings screen', { timeout: 60_000 }, () => {
  it('shows every setting with its value; userCreation and the payment token only for super users', async () => {
    backend({ userRating: 'enabled' });
    renderApp({ path: '/settings', signedIn: session({ profile: 'admin' }) });
    expect(await screen.findByTestId('setting-userRating', {}, { timeout: 30_000 })).toHaveValue('enabled');
    expect(screen.getByTestId('setting-scheduleType')).toHaveValue('disabled');
    expect(screen.getByTestId('setting-lgpdMessage')).toBeInTheDocument();
    expect(screen.queryByTestId('setting-userCreation')).not.toBeInTheDocument();
    expect(screen.queryByTestId('setting-asaas')).not.toBeInTheDocument();
    expect(screen.queryByTestId('settings-tab-schedules')).not.toBeInTheDocument();
  });

  it('shows userCreation to a super user', async () => {
    backend({}, true);
    renderApp({ path: '/settings', signedIn: session({ profile: 'admin', super: true }) });
    expect(await screen.findByTestId('setting-userCreation', {}, { timeout: 30_000 })).toHaveValue('enabled');
    expect(screen.getByTestId('setting-asaas')).toBeInTheDocument();
  });

  it('is for admins', async () => {
    backend();
    const { router } = renderApp({ path: '/settings', signedIn: session({ profile: 'user', allowConnections: true }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
  });

  it('saves a changed option; scheduleType company opens the schedules tab, which saves the week', async () => {
    const { calls } = backend({}, false, {
      'PUT /companies/2/schedules': async (request) => ({ status: 200, body: { id: 2, ...((await request.json()) as object) } }),
    });
    const { store } = renderApp({ path: '/settings', signedIn: session({ profile: 'admin', companyId: 2 }) });
    fireEvent.change(await screen.findByTestId('setting-scheduleType', {}, { timeout: 30_000 }), { target: { value: 'company' } });
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ value: 'company' }));
    expect(calls.find((call) => call.method === 'PUT')!.path).toBe('/settings/scheduleType');
    await waitFor(() => expect(store.getState().session.user!.company.companieSettings.scheduleType).toBe('company'));

    fireEvent.click(await screen.findByTestId('settings-tab-schedules'));
    fireEvent.change(await screen.findByTestId('schedule-saturday-startTimeA', {}, { timeout: 30_000 }), { target: { value: '1200' } });
    fireEvent.change(screen.getByTestId('schedule-saturday-endTimeA'), { target: { value: '0900' } });
    fireEvent.click(screen.getByTestId('settings-schedules-save'));
    expect(await screen.findByText('O início deve ser antes do fim')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/companies/2/schedules')).toBe(false);

    fireEvent.change(screen.getByTestId('schedule-saturday-startTimeA'), { target: { value: '0900' } });
    fireEvent.change(screen.getByTestId('schedule-saturday-endTimeA'), { target: { value: '1300' } });
    fireEvent.change(screen.getByTestId('schedule-saturday-startTimeB'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('schedule-saturday-endTimeB'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('settings-schedules-save'));
    await waitFor(() => expect(calls.some((call) => call.path === '/companies/2/schedules')).toBe(true));
    const week = (calls.find((call) => call.path === '/companies/2/schedules')!.body as { schedules: { weekdayEn: string }[] }).schedules;
    expect(week).toHaveLength(7);
    expect(week.find((day) => day.weekdayEn === 'saturday')).toEqual({
      weekday: 'Sábado',
      weekdayEn: 'saturday',
      startTimeA: '09:00',
      endTimeA: '13:00',
      startTimeB: '',
      endTimeB: '',
    });
    expect(await screen.findByText('Horários atualizados com sucesso.')).toBeInTheDocument();
  });
});
