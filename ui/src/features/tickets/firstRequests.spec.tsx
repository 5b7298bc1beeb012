import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../app/access';
import { storageKeys } from '../../app/storage';
import { session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';
import { TicketActionsProvider } from './actions';
import { ticket } from './testTickets';
import { TicketsManager } from './TicketsManager';

const urlOf = (input: unknown) => (input instanceof Request ? input.url : String(input));

describe('the tickets screen at start', () => {
  it('asks GET /tickets for the open tab’s first page once: the list and its count badge share the answer', async () => {
    const { fetchMock } = fakeServer({
      'GET /tickets': (request) => {
        const status = new URL(request.url).searchParams.get('status');
        const tickets = status === 'open' ? [ticket({ id: 1 })] : [];
        return { status: 200, body: { tickets, count: tickets.length, hasMore: false } };
      },
    });
    const routes: AppRoute[] = [
      {
        id: 'tickets',
        path: '/',
        access: 'private',
        frame: 'bare',
        component: () => (
          <TicketActionsProvider>
            <TicketsManager selectedUuid={undefined} />
          </TicketActionsProvider>
        ),
      },
    ];
    renderApp({ routes, signedIn: session({ id: 7, profile: 'user', queues: [{ id: 1, name: 'Vendas', color: '#2563eb' }] }) });
    // jsdom lays nothing out, so the virtual list draws no row: its count says the page is in.
    expect(await screen.findByTestId('ticket-list', {}, { timeout: 10_000 })).toHaveAttribute('data-count', '1');
    await waitFor(() => expect(screen.getByTestId('ticket-count-open')).toHaveTextContent('1'));
    await waitFor(() => expect(screen.getByTestId('ticket-count-group')).toBeInTheDocument());
    const firstPage = fetchMock.mock.calls
      .map(([input]) => new URL(urlOf(input)))
      .filter((url) => url.pathname === '/tickets' && url.searchParams.get('status') === 'open');
    expect(firstPage.map((url) => url.search)).toEqual(['?pageNumber=1&showAll=false&status=open']);
    // The boot script asks that list early on the next visit (boot.ts).
    expect(JSON.parse(window.localStorage.getItem(storageKeys.firstTicketList)!)).toMatchObject({ user: 7, query: 'pageNumber=1&showAll=false&status=open' });
  });
});
