import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../app/access';
import { session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';
import { ScheduleDialog } from './ScheduleDialog';

function renderDialog() {
  const Screen = () => <ScheduleDialog open onClose={() => undefined} contactId={5} ticketId={10} />;
  const routes: AppRoute[] = [{ id: 'schedule', path: '/', access: 'private', frame: 'bare', component: Screen }];
  renderApp({ routes, signedIn: session() });
}

const schedule = (overrides: Record<string, unknown> = {}) => ({
  id: 3,
  contactId: 5,
  contact: { id: 5, name: 'Maria Souza' },
  body: 'Lembrete do pagamento',
  sendAt: '2026-11-20T13:00:00.000Z',
  sentAt: null,
  status: 'PENDENTE',
  userId: 7,
  ticketId: 10,
  failureReason: null,
  createdAt: '2026-11-19T13:00:00.000Z',
  updatedAt: '2026-11-19T13:00:00.000Z',
  ...overrides,
});

describe('schedule dialog', () => {
  it('defaults to one hour from now, refuses a short body, and creates the schedule for the ticket contact', async () => {
    const { calls } = fakeServer({
      'GET /contacts/5': { status: 200, body: { id: 5, name: 'Maria Souza' } },
      'GET /schedules/': { status: 200, body: { schedules: [], hasMore: false } },
      'POST /schedules': { status: 200, body: schedule() },
    });
    const before = Date.now();
    renderDialog();
    const sendAt = (await screen.findByTestId('schedule-send-at')) as HTMLInputElement;
    const chosen = new Date(sendAt.value).getTime();
    expect(chosen).toBeGreaterThanOrEqual(before + 60 * 60_000 - 60_000);
    expect(chosen).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    await waitFor(() => expect(screen.getByTestId('schedule-contact')).toHaveValue('Maria Souza'));

    fireEvent.click(screen.getByTestId('schedule-save'));
    await screen.findByText('Obrigatório');
    fireEvent.change(screen.getByTestId('schedule-body'), { target: { value: 'Oi!' } });
    fireEvent.click(screen.getByTestId('schedule-save'));
    await screen.findByText('Mensagem muito curta');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('schedule-body'), { target: { value: 'Lembrete do pagamento' } });
    fireEvent.click(screen.getByTestId('schedule-save'));
    await screen.findByText('Agendamento salvo com sucesso!');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      body: 'Lembrete do pagamento',
      contactId: 5,
      ticketId: 10,
      sendAt: new Date(sendAt.value).toISOString(),
    });
  });

  it('hides the save button for a schedule already sent, and marks a send error', async () => {
    fakeServer({
      'GET /contacts/5': { status: 200, body: { id: 5, name: 'Maria Souza' } },
      'GET /schedules/': {
        status: 200,
        body: {
          schedules: [schedule({ id: 3, sentAt: '2026-11-20T13:00:05.000Z', status: 'ENVIADA' }), schedule({ id: 4, status: 'ERRO', body: 'Falhou este' })],
          hasMore: false,
        },
      },
    });
    renderDialog();
    fireEvent.click(await screen.findByTestId('schedule-item-3'));
    await waitFor(() => expect(screen.queryByTestId('schedule-save')).not.toBeInTheDocument());
    fireEvent.click(screen.getByTestId('schedule-item-4'));
    expect(await screen.findByTestId('schedule-send-error')).toBeInTheDocument();
    expect(screen.getByTestId('schedule-save')).toBeInTheDocument();
  });
});
