import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appRoutes, fakeServer, renderApp } from '../../test/harness';
import { isoDaysFromToday, session } from '../../test/fixtures';
import { formatDate } from '../../app/dates';

const fill = async (email: string, password: string) => {
  // The page is a lazy chunk: wait for it before typing.
  fireEvent.change(await screen.findByTestId('login-email', {}, { timeout: 5000 }), { target: { value: email } });
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
