import { SCHEDULE_DAYS, type OnDutyView } from '@conversa/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp } from '../../test/harness';
import { session } from '../../test/fixtures';

const entry = (id: number, extra: Partial<OnDutyView> = {}): OnDutyView => ({
  id,
  companyId: 2,
  userId: 7,
  userName: 'Paula Plantão',
  user: { id: 7, name: 'Paula Plantão' },
  phone: '5511955554444',
  interval: 1,
  days: SCHEDULE_DAYS.map((day) => ({ ...day, startTime: day.weekdayEn === 'friday' ? '18:00' : '', endTime: day.weekdayEn === 'friday' ? '08:00' : '' })),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('on-duty screen', () => {
  it('lists entries with their schedule lines, refuses an incomplete entry with the spec’s messages, and saves one', async () => {
    const { calls } = fakeServer({
      'GET /plantao': { status: 200, body: [entry(1)] },
      'GET /users/list': { status: 200, body: [{ id: 7, name: 'Paula Plantão' }] },
      'POST /plantao': () => ({ status: 201, body: entry(2, { phone: '5511911112222' }) }),
    });
    renderApp({ path: '/plantao', signedIn: session() });
    expect(await screen.findByTestId('on-duty-user-1', {}, { timeout: 10_000 })).toHaveTextContent('Paula Plantão');
    expect(screen.getByTestId('on-duty-schedule-1')).toHaveTextContent('Sexta-feira: 18:00 – 08:00');

    fireEvent.click(screen.getByTestId('on-duty-add'));
    await screen.findByTestId('on-duty-field-phone', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('on-duty-save'));
    expect(await screen.findByTestId('on-duty-field-user-error')).toHaveTextContent('Informe o usuário');
    expect(screen.getByTestId('on-duty-field-phone-error')).toHaveTextContent('Informe o telefone');
    expect(screen.getByTestId('on-duty-days-error')).toHaveTextContent('Pelo menos um dia da semana deve ter o horário de início e fim preenchido');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await screen.findByRole('option', { name: 'Paula Plantão' });
    type('on-duty-field-user', '7');
    type('on-duty-field-phone', '+55 11 91111-2222');
    type('on-duty-start-monday', '0800');
    fireEvent.click(screen.getByTestId('on-duty-save'));
    expect(await screen.findByText('Informe o horário de início e o de fim, ou nenhum')).toBeInTheDocument();
    type('on-duty-end-monday', '1200');
    fireEvent.click(screen.getByTestId('on-duty-save'));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ userId: 7, phone: '5511911112222', interval: 1 }));
    const sent = calls.find((call) => call.method === 'POST')!.body as { days: Array<{ weekdayEn: string; startTime: string; endTime: string }> };
    expect(sent.days[0]).toMatchObject({ weekdayEn: 'monday', startTime: '08:00', endTime: '12:00' });
    expect(await screen.findByTestId('on-duty-phone-2')).toHaveTextContent('5511911112222');
  });
});
