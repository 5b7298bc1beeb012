import { Box } from '@chakra-ui/react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../app/access';
import { session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';
import { TicketActionsProvider } from './actions';
import { ticket as testTicket } from './testTickets';
import { TicketRow, ticketRowStyles } from './TicketRow';

const pending = testTicket({ status: 'pending', queueId: null, queue: null, userId: null, user: null });

function renderPending(signedIn: ReturnType<typeof session>, companyQueues: unknown[]) {
  const { calls } = fakeServer({
    'GET /queue': { status: 200, body: companyQueues },
    'PUT /tickets/1': { status: 200, body: { ...pending, status: 'open', userId: signedIn.user.id, user: { id: signedIn.user.id, name: signedIn.user.name } } },
  });
  const Screen = () => (
    <TicketActionsProvider>
      <Box css={ticketRowStyles}>
        <TicketRow ticket={pending} selected={false} now={new Date('2026-11-21T10:05:00.000Z')} canDelete={false} onOpen={() => undefined} />
      </Box>
    </TicketActionsProvider>
  );
  const routes: AppRoute[] = [
    { id: 'row', path: '/', access: 'private', frame: 'bare', component: Screen },
    { id: 'ticket', path: '/tickets/:ticketId', access: 'private', frame: 'bare', component: () => <p data-testid="opened">aberto</p> },
  ];
  renderApp({ routes, signedIn });
  return calls;
}

describe('accepting a ticket without a queue', () => {
  it('takes it at once when there is no queue to choose (a fresh company, an admin without queues)', async () => {
    const calls = renderPending(session({ profile: 'admin', queues: [] }), []);
    fireEvent.click(await screen.findByTestId('ticket-accept-1', {}, { timeout: 10_000 }));
    await screen.findByTestId('opened', {}, { timeout: 5000 });
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ status: 'open', queueId: null });
    expect(screen.queryByTestId('accept-dialog')).not.toBeInTheDocument();
  });

  it('tells a plain user in no queue why she cannot choose one, and lets her take it without a queue', async () => {
    const calls = renderPending(session({ profile: 'user', queues: [] }), []);
    fireEvent.click(await screen.findByTestId('ticket-accept-1', {}, { timeout: 10_000 }));
    const notice = await screen.findByTestId('accept-dialog-no-queue', {}, { timeout: 5000 });
    expect(notice).toHaveTextContent('Você não está em nenhuma fila');
    expect(notice).toHaveTextContent('Peça a um administrador');
    expect(screen.queryByTestId('accept-dialog-queue')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getByTestId('accept-dialog-confirm'));
    await screen.findByTestId('opened', {}, { timeout: 5000 });
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ status: 'open', queueId: null });
  });

  it('asks for the queue when the user has queues to choose from', async () => {
    const calls = renderPending(session({ profile: 'user', queues: [{ id: 3, name: 'Suporte', color: '#0f0' }] }), []);
    fireEvent.click(await screen.findByTestId('ticket-accept-1', {}, { timeout: 10_000 }));
    const select = await screen.findByTestId('accept-dialog-queue', {}, { timeout: 5000 });
    expect(select).toHaveTextContent('Suporte');
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(false));
  });
});
