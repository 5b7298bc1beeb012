import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../app/dates';
import { isoDaysFromToday, session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';

function open(days: number, profile: 'admin' | 'user' = 'user') {
  fakeServer({});
  const signedIn = session({ profile });
  signedIn.user.company.dueDate = isoDaysFromToday(days);
  renderApp({ path: '/financeiro-aberto', signedIn });
  return formatDate(signedIn.user.company.dueDate);
}

describe('/financeiro-aberto', () => {
  it('titles an active subscription as active, with nothing to settle (never "Assinatura vencida" above "ativa até")', async () => {
    const date = open(300);
    const page = await screen.findByTestId('overdue-page', {}, { timeout: 8000 });
    expect(page).toHaveAttribute('data-state', 'active');
    expect(screen.getByTestId('overdue-title')).toHaveTextContent('Assinatura em dia');
    expect(screen.getByTestId('overdue-message')).toHaveTextContent(`A assinatura de Acme está ativa até ${date}.`);
    expect(page).not.toHaveTextContent('vencida');
    expect(page).not.toHaveTextContent('Para regularizar');
  });

  it('says a subscription due within the warning days is due soon', async () => {
    const date = open(2);
    expect(await screen.findByTestId('overdue-page', {}, { timeout: 8000 })).toHaveAttribute('data-state', 'expiring');
    expect(screen.getByTestId('overdue-title')).toHaveTextContent('Assinatura vence em breve');
    expect(screen.getByTestId('overdue-message')).toHaveTextContent(`A assinatura de Acme vence em ${date}.`);
  });

  it('says an expired subscription is overdue and whom to ask', async () => {
    const date = open(-3);
    const page = await screen.findByTestId('overdue-page', {}, { timeout: 8000 });
    expect(page).toHaveAttribute('data-state', 'expired');
    expect(screen.getByTestId('overdue-title')).toHaveTextContent('Assinatura vencida');
    expect(screen.getByTestId('overdue-message')).toHaveTextContent(`A assinatura de Acme venceu em ${date}.`);
    expect(page).toHaveTextContent('Para regularizar, entre em contato com o Suporte');
  });
});
