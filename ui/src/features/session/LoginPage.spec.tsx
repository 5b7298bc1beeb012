import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRoutes, fakeServer, renderApp } from '../../test/harness';
import { isoDaysFromToday, session } from '../../test/fixtures';
import { formatDate } from '../../app/dates';

/**
 * Each wait here ends on the DOM change it waits for; what made them flaky was their time limit.
 * The screens these flows pass through are lazy chunks, transformed on first import, and the landing
 * page is the whole tickets screen: on the shared 2-core machine the overdue page took over the 1 s
 * default and the shell 2–4 s after the click. So the chunks load before any wait starts, and a wait's
 * limit is only a backstop under the test's own (this file's workers are isolated: no other spec sees it).
 */
beforeAll(async () => {
  configure({ asyncUtilTimeout: 15_000 });
  await Promise.all([
    import('./LoginPage'),
    import('../financial/OverduePage'),
    import('../tickets/TicketsPage'),
    import('../tickets/TicketNotifications'),
    import('../home/HomeSwitch'),
  ]);
}, 120_000);

const fill = async (email: string, password: string) => {
  fireEvent.change(await screen.findByTestId('login-email'), { target: { value: email } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
};

const loginAnswer = (dueDate: string, companyId = 2) => {
  const answer = session();
  answer.user.company = { ...answer.user.company, id: companyId, dueDate };
  answer.user.companyId = companyId;
  return answer;
};

/** The original sends users to /tickets after login; this build lands on / while that screen is absent. */
const LANDING = appRoutes.some((route) => route.path.startsWith('/tickets')) ? '/tickets' : '/';
describe('login page', () => {
  it('shows the spec messages for a bad email and a short password and makes no call', async () => {
    const { calls } = fakeServer({});
    renderApp({ path: '/login' });
    await fill('not-an-email', '12345');
    expect(await screen.findByText('Por favor, insira um email válido.')).toBeInTheDocument();
    expect(screen.getByText('A senha deve ter pelo menos 6 caracteres.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('stores the session and goes to the landing page on success (home until /tickets exists)', async () => {
    const answer = loginAnswer(isoDaysFromToday(40));
    const { calls } = fakeServer({ 'POST /auth/login': { status: 200, body: answer } });
    const { router } = renderApp({ path: '/login' });
    await fill('ana@acme.test', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe(LANDING));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/auth/login', body: { email: 'ana@acme.test', password: 'secret1' } });
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem('public-token')).toBe('public-1');
    expect(localStorage.getItem('companyId')).toBe('2');
    expect(localStorage.getItem('companyDueDate')).toBe(formatDate(answer.user.company.dueDate));
    expect(localStorage.getItem('language')).toBe('pt-BR');
    expect(await screen.findByTestId(LANDING === '/' ? 'home-page' : 'app-shell', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('toast-warning')).not.toBeInTheDocument();
    expect(screen.queryByTestId('toast-error')).not.toBeInTheDocument();
  });

  it('sends an expired subscription to /financeiro-aberto with the spec message', async () => {
    const dueDate = isoDaysFromToday(-3);
    fakeServer({ 'POST /auth/login': { status: 200, body: loginAnswer(dueDate) } });
    const { router } = renderApp({ path: '/login' });
    await fill('ana@acme.test', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/financeiro-aberto'));
    expect(
      await screen.findByText(`Opss! Sua assinatura venceu ${formatDate(dueDate)}. Entre em contato com o Suporte para mais informações!`),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('overdue-page')).toHaveAttribute('data-expired', 'true');
  });

  it('warns when fewer than 5 days are left and still goes to the landing page', async () => {
    fakeServer({ 'POST /auth/login': { status: 200, body: loginAnswer(isoDaysFromToday(3)) } });
    const { router } = renderApp({ path: '/login' });
    await fill('ana@acme.test', 'secret1');
    expect(await screen.findByText('Sua assinatura vence em 3 dia(s)')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(LANDING));
  });

  it('never warns for company 1 (due 2999-12-31)', async () => {
    fakeServer({ 'POST /auth/login': { status: 200, body: loginAnswer('2999-12-31', 1) } });
    const { router } = renderApp({ path: '/login' });
    await fill('admin@conversa.test', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe(LANDING));
    expect(screen.queryByTestId('toast-warning')).not.toBeInTheDocument();
    expect(screen.queryByTestId('toast-error')).not.toBeInTheDocument();
  });

  it('translates the server error code of wrong credentials and stays on /login', async () => {
    fakeServer({ 'POST /auth/login': { status: 401, body: { error: 'ERR_INVALID_CREDENTIALS', message: 'Invalid e-mail or password.' } } });
    const { router } = renderApp({ path: '/login' });
    await fill('ana@acme.test', 'wrong-password');
    expect(await screen.findByText('Erro de autenticação. Por favor, tente novamente.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the raw message for an unknown code, and the generic text when there is none', async () => {
    let reply = { status: 400, body: { error: 'ERR_SOMETHING_NEW', message: 'Something new went wrong' } as unknown };
    fakeServer({ 'POST /auth/login': () => reply });
    renderApp({ path: '/login' });
    await fill('ana@acme.test', 'secret12');
    expect(await screen.findByText('Something new went wrong')).toBeInTheDocument();
    reply = { status: 500, body: undefined };
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Ocorreu um erro!')).toBeInTheDocument();
  });
});
