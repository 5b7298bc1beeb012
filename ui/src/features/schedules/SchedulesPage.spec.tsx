import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';
import type { Schedule } from './api';
import { applyScheduleFrame, formatSendAt, previewBody } from './format';

const row = (id: number, overrides: Partial<Schedule> = {}): Schedule => ({
  id,
  companyId: 1,
  messageId: null,
  contactId: 5,
  contact: { id: 5, name: 'Maria Souza' },
  body: 'Lembrete do pagamento da fatura de novembro',
  sendAt: new Date(2026, 10, 20, 9, 5, 7).toISOString(),
  sentAt: null,
  status: 'PENDENTE',
  userId: 7,
  ticketId: null,
  failureReason: null,
  createdAt: '2026-11-19T13:00:00.000Z',
  updatedAt: '2026-11-19T13:00:00.000Z',
  ...overrides,
});

describe('schedule table formatting', () => {
  it('cuts the body at 25 characters and shows the time as DD/MM/YYYY HH:mm:ss', () => {
    expect(previewBody('Lembrete do pagamento da fatura')).toBe('Lembrete do pagamento da ...');
    expect(previewBody('curto o bastante')).toBe('curto o bastante');
    expect(previewBody('x'.repeat(25))).toBe('x'.repeat(25));
    expect(formatSendAt(new Date(2026, 0, 3, 4, 5, 6).toISOString())).toBe('03/01/2026 04:05:06');
  });

  it('follows frames: updates in place, inserts in send-time order, removes deletes, skips creates not matching the search', () => {
    const list = { schedules: [row(2, { sendAt: '2026-11-22T10:00:00.000Z' }), row(1, { sendAt: '2026-11-20T10:00:00.000Z' })], hasMore: false };
    const inserted = applyScheduleFrame(list, { action: 'create', schedule: row(3, { sendAt: '2026-11-21T10:00:00.000Z' }) }, '');
    expect(inserted.schedules.map((s) => s.id)).toEqual([2, 3, 1]);
    const updated = applyScheduleFrame(inserted, { action: 'update', schedule: row(3, { sendAt: '2026-11-21T10:00:00.000Z', status: 'ERRO' }) }, '');
    expect(updated.schedules.find((s) => s.id === 3)?.status).toBe('ERRO');
    expect(applyScheduleFrame(updated, { action: 'delete', scheduleId: 2 }, '').schedules.map((s) => s.id)).toEqual([3, 1]);
    expect(applyScheduleFrame(list, { action: 'create', schedule: row(4, { body: 'outra coisa' }) }, 'lembrete').schedules).toHaveLength(2);
  });
});

describe('scheduled messages screen', () => {
  it('lists schedules, shows ERRO as a send error, hides edit and delete once sent, and opens the add dialog from ?contactId=', async () => {
    fakeServer({
      'GET /schedules/': {
        status: 200,
        body: {
          schedules: [row(1), row(2, { status: 'ERRO', failureReason: 'offline' }), row(3, { status: 'ENVIADA', sentAt: '2026-11-20T12:05:07.000Z' })],
          hasMore: false,
        },
      },
      'GET /contacts/5': { status: 200, body: { id: 5, name: 'Maria Souza', number: '5511999990000' } },
    });
    renderApp({ path: '/schedules?contactId=5', signedIn: session() });
    expect(await screen.findByTestId('schedule-row-1', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('schedule-body-1')).toHaveTextContent('Lembrete do pagamento da ...');
    expect(screen.getByTestId('schedule-send-at-1')).toHaveTextContent('20/11/2026 09:05:07');
    expect(screen.getByTestId('schedule-status-2')).toHaveTextContent('Erro de envio');
    expect(screen.getByTestId('schedule-edit-1')).toBeInTheDocument();
    expect(screen.queryByTestId('schedule-edit-3')).not.toBeInTheDocument();
    expect(screen.queryByTestId('schedule-delete-3')).not.toBeInTheDocument();
    expect(screen.getByTestId('schedule-delete-2')).toBeInTheDocument();

    const dialog = await screen.findByTestId('schedule-form-dialog', {}, { timeout: 10_000 });
    expect(await within(dialog).findByTestId('schedule-form-contact', {}, { timeout: 5000 })).toHaveTextContent('Maria Souza');
    fireEvent.change(within(dialog).getByTestId('schedule-form-body'), { target: { value: 'oi' } });
    fireEvent.click(within(dialog).getByTestId('schedule-form-save'));
    expect(await within(dialog).findByText('Mensagem muito curta')).toBeInTheDocument();
  });

  it('is not open to a company whose plan lacks useSchedules', async () => {
    fakeServer({ 'GET /schedules/': { status: 200, body: { schedules: [], hasMore: false } } });
    const signedIn = session();
    signedIn.user.company.plan.useSchedules = false;
    const { router } = renderApp({ path: '/schedules', signedIn });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(screen.queryByTestId('schedules-page')).not.toBeInTheDocument();
  });
});
