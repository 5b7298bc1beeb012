import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultCompanySettings } from '@conversa/contracts';
import { fakeServer, renderApp } from '../../test/harness';
import { plan, session } from '../../test/fixtures';

const settingsList = Object.entries(defaultCompanySettings).map(([key, value]) => ({ key, value }));
const superUser = () => session({ profile: 'admin', super: true, companyId: 1 });
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('plans tab of the settings (super user)', { timeout: 60_000 }, () => {
  it('lists the plans with the price in pt-BR and their features', async () => {
    fakeServer({
      'GET /settings': { status: 200, body: settingsList },
      'GET /plans/all': { status: 200, body: [plan({ id: 1, name: 'Plano Ouro', amount: '1499.9', useKanban: true, isPublic: false })] },
    });
    renderApp({ path: '/settings', signedIn: superUser() });
    fireEvent.click(await screen.findByTestId('settings-tab-plans', {}, { timeout: 30_000 }));
    expect(await screen.findByTestId('plan-row-1', {}, { timeout: 30_000 })).toHaveTextContent('Plano Ouro');
    expect(screen.getByTestId('plan-amount-1').textContent!.replace(/\s/g, ' ')).toBe('R$ 1.499,90');
    expect(screen.getByTestId('plan-row-1')).toHaveTextContent('Kanban');
    expect(screen.getByTestId('plan-row-1')).toHaveTextContent('Não público');
    expect(screen.getByTestId('plan-row-1')).not.toHaveTextContent('Instagram');
  });

  it('checks the dialog, then sends every field and flag', async () => {
    const { calls } = fakeServer({
      'GET /settings': { status: 200, body: settingsList },
      'GET /plans/all': { status: 200, body: [] },
      'POST /plans': async (request) => ({ status: 201, body: { id: 5, ...((await request.json()) as object) } }),
    });
    renderApp({ path: '/settings', signedIn: superUser() });
    fireEvent.click(await screen.findByTestId('settings-tab-plans', {}, { timeout: 30_000 }));
    fireEvent.click(await screen.findByTestId('plan-add', {}, { timeout: 30_000 }));
    await screen.findByTestId('plan-dialog');
    type('plan-field-users', '2,5');
    fireEvent.click(screen.getByTestId('plan-save'));
    expect(await screen.findByTestId('plan-field-name-error')).toHaveTextContent('Obrigatório');
    expect(screen.getByTestId('plan-field-users-error')).toHaveTextContent('Informe um número inteiro');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    type('plan-field-name', 'Plano Prata');
    type('plan-field-users', '5');
    type('plan-field-connections', '2');
    type('plan-field-queues', '4');
    type('plan-field-amount', '99,90');
    // Chakra's switch reports its change asynchronously: wait for each to show it.
    for (const flag of ['useCampaigns', 'isPublic']) {
      fireEvent.click(screen.getByTestId(`plan-flag-${flag}`));
      await waitFor(() => expect(screen.getByTestId(`plan-flag-${flag}`)).toHaveAttribute('data-state', 'unchecked'));
    }
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')).toBeDefined());
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'Plano Prata',
      users: 5,
      connections: 2,
      queues: 4,
      amount: '99.90',
      useWhatsapp: true,
      useFacebook: true,
      useInstagram: true,
      useCampaigns: false,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
      isPublic: false,
    });
    await waitFor(() => expect(screen.queryByTestId('plan-dialog')).not.toBeInTheDocument());
  });

  it('shows the spec 2 §8 texts when saving or deleting fails', async () => {
    fakeServer({
      'GET /settings': { status: 200, body: settingsList },
      'GET /plans/all': { status: 200, body: [plan({ id: 3, name: 'Plano Usado' })] },
      'PUT /plans/3': { status: 400, body: { error: 'ERR_VALIDATION', message: 'amount: Invalid' } },
      'DELETE /plans/3': { status: 400, body: { error: 'ERR_VALIDATION', message: 'Plan is in use by companies' } },
    });
    renderApp({ path: '/settings', signedIn: superUser() });
    fireEvent.click(await screen.findByTestId('settings-tab-plans', {}, { timeout: 30_000 }));
    fireEvent.click(await screen.findByTestId('plan-edit-3', {}, { timeout: 30_000 }));
    expect(await screen.findByTestId('plan-field-amount')).toHaveValue('199,90');
    fireEvent.click(screen.getByTestId('plan-save'));
    expect(
      await screen.findByText(
        'Não foi possível realizar a operação. Verifique se já existe uma plano com o mesmo nome ou se os campos foram preenchidos corretamente',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('plan-dialog').querySelector('button[type="button"]')!);
    await waitFor(() => expect(screen.queryByTestId('plan-dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByTestId('plan-delete-3'));
    expect(await screen.findByText('Deseja realmente excluir esse registro?')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('plan-delete-dialog-confirm'));
    expect(await screen.findByText('Não foi possível realizar a operação', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('plan-row-3')).toBeInTheDocument();
  });
});
