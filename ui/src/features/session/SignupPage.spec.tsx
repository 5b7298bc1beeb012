import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp } from '../../test/harness';
import { plan } from '../../test/fixtures';

const plans = [plan({ id: 1, name: 'Básico' }), plan({ id: 2, name: 'Completo', users: 50 })];

const type = (field: string, value: string) => fireEvent.change(screen.getByTestId(`signup-${field}`), { target: { value } });

async function fillValid(overrides: Partial<Record<string, string>> = {}) {
  await screen.findByTestId('signup-name', {}, { timeout: 5000 });
  const values = {
    name: 'Ana Souza',
    companyName: 'Acme',
    email: 'ana@acme.test',
    phone: '11987654321',
    document: '52998224725',
    password: 'Segura123',
    ...overrides,
  };
  for (const [field, value] of Object.entries(values)) type(field, value);
  // Both are <label>s around hidden inputs, as a user clicks them.
  fireEvent.click(await screen.findByTestId('plan-2'));
  fireEvent.click(screen.getByTestId('signup-terms'));
  // Ark reports these choices asynchronously; let the form state catch up before submitting.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('signup page', () => {
  it('shows the required-field messages of spec 2 §5 and makes no signup call', async () => {
    const { calls } = fakeServer({ 'GET /plans/listPublic': { status: 200, body: plans } });
    renderApp({ path: '/signup' });
    fireEvent.click(await screen.findByTestId('signup-submit', {}, { timeout: 5000 }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('E-mail é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Senha é obrigatória')).toBeInTheDocument();
    expect(screen.getByText('CPF/CNPJ inválido')).toBeInTheDocument();
    expect(screen.getByText('Você deve aceitar os termos para continuar.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/auth/signup')).toHaveLength(0);
  });

  it('rejects an invalid CPF/CNPJ with "CPF/CNPJ inválido" and makes no call', async () => {
    const { calls } = fakeServer({ 'GET /plans/listPublic': { status: 200, body: plans } });
    renderApp({ path: '/signup' });
    await fillValid({ document: '12345678900' });
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByText('CPF/CNPJ inválido')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/auth/signup')).toHaveLength(0);
  });

  it('reports a too-short name and a weak password with the contract rules', async () => {
    fakeServer({ 'GET /plans/listPublic': { status: 200, body: plans } });
    renderApp({ path: '/signup' });
    await fillValid({ name: 'A', password: 'segura123' });
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByText('Muito curto!')).toBeInTheDocument();
    expect(screen.getByText('A senha deve ter uma letra maiúscula')).toBeInTheDocument();
  });

  it('fills the strength bar 33 for length, 33 for a lowercase and 34 for an uppercase letter', async () => {
    fakeServer({ 'GET /plans/listPublic': { status: 200, body: plans } });
    renderApp({ path: '/signup' });
    const bar = await screen.findByTestId('password-strength', {}, { timeout: 5000 });
    expect(bar).toHaveAttribute('data-value', '0');
    type('password', 'abc');
    expect(bar).toHaveAttribute('data-value', '33');
    type('password', 'abcdefgh');
    expect(bar).toHaveAttribute('data-value', '66');
    type('password', 'Abcdefgh');
    expect(bar).toHaveAttribute('data-value', '100');
    expect(screen.getByText('Forte')).toBeInTheDocument();
  });

  it('lists the public plans and signs up with the chosen plan and the companyId of the link, then goes to /login', async () => {
    const { calls } = fakeServer({ 'GET /plans/listPublic': { status: 200, body: plans }, 'POST /auth/signup': { status: 201, body: { id: 9 } } });
    const { router } = renderApp({ path: '/signup?companyId=4' });
    expect(await screen.findByText('Completo', {}, { timeout: 5000 })).toBeInTheDocument();
    await fillValid();
    fireEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((call) => call.path === '/auth/signup')?.body).toEqual({
      name: 'Ana Souza',
      companyName: 'Acme',
      email: 'ana@acme.test',
      phone: '11987654321',
      document: '52998224725',
      password: 'Segura123',
      planId: 2,
      termo: true,
      companyId: 4,
    });
    expect(await screen.findByText('Cadastro realizado com sucesso! Faça login para começar.')).toBeInTheDocument();
  });

  it('translates ERR_USER_CREATION_DISABLED', async () => {
    fakeServer({
      'GET /plans/listPublic': { status: 200, body: plans },
      'POST /auth/signup': { status: 403, body: { error: 'ERR_USER_CREATION_DISABLED', message: 'User creation is disabled by the administrator.' } },
    });
    const { router } = renderApp({ path: '/signup' });
    await fillValid();
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(
      await screen.findByText('A criação de usuários foi desabilitada pelo administrador. Peça a um administrador para criar o usuário.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });
});
