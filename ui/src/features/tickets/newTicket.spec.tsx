import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../app/access';
import { session } from '../../test/fixtures';
import { fakeServer, renderApp, type Reply } from '../../test/harness';
import type { NewTicketChoice } from './dialogs';
import { useNewTicket } from './newTicket';

const UUID = 'c0ffee00-0000-4000-8000-000000000001';
const choice = { contact: { id: 5 }, queueId: 2, whatsappId: 3, userId: 1 } as NewTicketChoice;

function open(reply: Reply) {
  const log: string[] = [];
  const server = fakeServer({ 'POST /tickets': reply });
  function Screen() {
    const { start } = useNewTicket(
      () => log.push('closed'),
      (holder) => log.push(`held by ${holder.userName}`),
    );
    return <button data-testid="start" onClick={() => void start(choice)} />;
  }
  const routes: AppRoute[] = [{ id: 'probe', path: '/', access: 'private', frame: 'bare', component: Screen }];
  const { router } = renderApp({ routes, signedIn: session() });
  return { log, server, router };
}

describe('useNewTicket', () => {
  it('opens the ticket for the chosen contact, closes the dialog and goes to it', async () => {
    const { log, server, router } = open({ status: 200, body: { id: 9, uuid: UUID } });
    fireEvent.click(await screen.findByTestId('start'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tickets/${UUID}`));
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ contactId: 5, queueId: 2, whatsappId: 3, userId: 1, status: 'open' });
    expect(log).toEqual(['closed']);
  });

  it('says who holds the contact’s open ticket, and stays', async () => {
    const holder = { userId: 8, userName: 'Beto', queueName: 'Vendas', uuid: UUID };
    const { log, router } = open({ status: 409, body: { error: 'ERR_OTHER_OPEN_TICKET', message: JSON.stringify(holder), ...holder } });
    fireEvent.click(await screen.findByTestId('start'));
    await waitFor(() => expect(log).toEqual(['closed', 'held by Beto']));
    expect(router.state.location.pathname).toBe('/');
  });
});
