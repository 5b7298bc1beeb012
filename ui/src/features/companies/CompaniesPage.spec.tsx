import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp } from '../../test/harness';
import { isoDaysFromToday, plan, session } from '../../test/fixtures';
import type { CompanyRecord } from './api';

const companyRow = (id: number, name: string, extra: Partial<CompanyRecord> = {}): CompanyRecord => ({
  id,
  name,
  email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`,
  phone: '',
  document: '',
  planId: 1,
  status: true,
  dueDate: isoDaysFromToday(40),
  recurrence: 'MENSAL',
  paymentMethod: '',
  addressStreet: '',
  addressState: '',
  addressCity: '',
  schedules: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLogin: null,
  ...extra,
});

const plans = [plan({ id: 1, name: 'Plano Ouro', users: 10, connections: 3 }), plan({ id: 2, name: 'Plano Prata', users: 4, connections: 1 })];
const superUser = () => session({ profile: 'admin', super: true, companyId: 1 });
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('companies screen (/companies)', { timeout: 60_000 }, () => {
  it('lists the companies with their plan and tints due dates; the due-date button advances by the recurrence', async () => {
    const { calls } = fakeServer({
      'GET /companies': {
        status: 200,
        body: [
          companyRow(1, 'Conversa', { dueDate: '2999-12-31' }),
          companyRow(2, 'Padaria', { dueDate: isoDaysFromToday(3), planId: 2 }),
          companyRow(3, 'Oficina', { dueDate: isoDaysFromToday(-1) }),
        ],
      },
      'GET /plans/all': { status: 200, body: plans },
      'POST /companies/2/advance-due-date': { status: 200, body: companyRow(2, 'Padaria') },
    });
    renderApp({ path: '/companies', signedIn: superUser() });
    expect(await screen.findByTestId('company-row-2', {}, { timeout: 30_000 })).toHaveAttribute('data-due', 'soon');
    expect(screen.getByTestId('company-row-3')).toHaveAttribute('data-due', 'overdue');
    expect(screen.getByTestId('company-row-1')).toHaveAttribute('data-due', 'ok');
    await waitFor(() => expect(screen.getByTestId('company-plan-2')).toHaveTextContent('Plano Prata'));
    expect(screen.getByTestId('company-due-1')).toHaveTextContent('31/12/2999');
    // Company 1 never expires and cannot be deleted.
    expect(screen.queryByTestId('company-advance-1')).not.toBeInTheDocument();
    expect(screen.queryByTestId('company-delete-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('menu-item-companies')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('company-advance-2'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/companies/2/advance-due-date')).toBe(true));
  });

  it('is for super users only', async () => {
    fakeServer({ 'GET /companies': { status: 200, body: [] } });
    const { router } = renderApp({ path: '/companies', signedIn: session({ profile: 'admin' }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    expect(screen.queryByTestId('companies-page')).not.toBeInTheDocument();
  });

  it('checks the dialog, sends a new company with its first admin, and shows the spec text when the server refuses', async () => {
    let refuse = true;
    const { calls } = fakeServer({
      'GET /companies': { status: 200, body: [] },
      'GET /plans/all': { status: 200, body: plans },
      'POST /companies': () =>
        refuse
          ? { status: 409, body: { error: 'ERR_COMPANY_NAME_TAKEN', message: 'Não foi possível realizar a operação.' } }
          : { status: 201, body: companyRow(8, 'Clinica Dente') },
    });
    renderApp({ path: '/companies', signedIn: superUser() });
    fireEvent.click(await screen.findByTestId('company-add', {}, { timeout: 30_000 }));
    await screen.findByTestId('company-dialog');
    fireEvent.click(screen.getByTestId('company-save'));
    expect(await screen.findByTestId('company-field-name-error')).toHaveTextContent('Nome é obrigatório');
    expect(screen.getByTestId('company-field-email-error')).toHaveTextContent('E-mail é obrigatório');

    type('company-field-name', 'Clinica Dente');
    type('company-field-email', 'contato@dente.test');
    type('company-field-phone', '(11) 98765-4321');
    expect(screen.getByTestId('company-field-phone')).toHaveValue('11987654321');
    type('company-field-password', 'dente123');
    type('company-field-planId', '2');
    expect(screen.getByTestId('company-plan-limits')).toHaveTextContent('Atendentes: 4 · Conexões: 1');
    type('company-field-dueDate', '2030-06-30');
    type('company-field-recurrence', 'ANUAL');
    type('company-field-document', '12345678909');
    fireEvent.click(screen.getByTestId('company-save'));

    expect(
      await screen.findByText(
        'Não foi possível realizar a operação. Verifique se já existe uma empresa com o mesmo nome ou se os campos foram preenchidos corretamente',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('company-dialog')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Clinica Dente',
      email: 'contato@dente.test',
      password: 'dente123',
      phone: '11987654321',
      document: '12345678909',
      planId: 2,
      status: true,
      dueDate: '2030-06-30',
      recurrence: 'ANUAL',
      paymentMethod: '',
      addressStreet: '',
      addressCity: '',
      addressState: '',
    });

    refuse = false;
    fireEvent.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(screen.queryByTestId('company-dialog')).not.toBeInTheDocument());
  });

  it('edits a company sending only what changed; company 1 keeps its due date', async () => {
    const { calls } = fakeServer({
      'GET /companies': { status: 200, body: [companyRow(1, 'Conversa', { dueDate: '2999-12-31' })] },
      'GET /plans/all': { status: 200, body: plans },
      'PUT /companies/1': { status: 200, body: companyRow(1, 'Conversa Matriz', { dueDate: '2999-12-31' }) },
    });
    renderApp({ path: '/companies', signedIn: superUser() });
    fireEvent.click(await screen.findByTestId('company-edit-1', {}, { timeout: 30_000 }));
    expect(await screen.findByTestId('company-field-name')).toHaveValue('Conversa');
    expect(screen.getByTestId('company-field-dueDate')).toBeDisabled();
    expect(screen.queryByTestId('company-field-password')).not.toBeInTheDocument();
    type('company-field-name', 'Conversa Matriz');
    type('company-field-addressCity', 'São Paulo');
    fireEvent.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Conversa Matriz', addressCity: 'São Paulo' }));
  });
});
