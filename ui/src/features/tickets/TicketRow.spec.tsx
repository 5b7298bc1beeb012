import { Box } from '@chakra-ui/react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../app/access';
import { session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';
import { TicketActionsProvider } from './actions';
import { ticket as testTicket } from './testTickets';
import { TicketRow, ticketRowStyles } from './TicketRow';
import type { TicketView as Ticket } from '@conversa/contracts';

function renderRow(shown: Ticket) {
  fakeServer({});
  const Screen = () => (
    <TicketActionsProvider>
      <Box css={ticketRowStyles}>
        <TicketRow ticket={shown} selected={false} now={new Date('2026-11-21T10:05:00.000Z')} canDelete={false} onOpen={() => undefined} />
      </Box>
    </TicketActionsProvider>
  );
  const routes: AppRoute[] = [{ id: 'row', path: '/', access: 'private', frame: 'bare', component: Screen }];
  renderApp({ routes, signedIn: session() });
  return screen.findByTestId(`ticket-row-${shown.id}`);
}

describe('ticket row: the bot icon (isBot)', () => {
  it('shows the bot icon, with its label, while the bot handles the conversation', async () => {
    const row = await renderRow(testTicket({ status: 'pending', userId: null, user: null, isBot: true }));
    const icon = within(row).getByTestId('ticket-bot-icon');
    expect(icon).toHaveAttribute('aria-label', 'O bot está atendendo esta conversa');
    expect(within(row).getByRole('img', { name: 'O bot está atendendo esta conversa' })).toBe(icon);
  });

  it('shows no bot icon once a person has the ticket', async () => {
    const row = await renderRow(testTicket({ isBot: false }));
    expect(within(row).queryByTestId('ticket-bot-icon')).not.toBeInTheDocument();
    expect(within(row).getByTestId('ticket-contact-name')).toHaveTextContent('Maria Cliente');
  });
});

describe('ticket row: the contact’s rating', () => {
  it('shows a closed ticket’s rating as an emoji, and none on an unrated or open one', async () => {
    const row = await renderRow(testTicket({ status: 'closed', userRating: 4 }));
    expect(within(row).getByTestId('ticket-rating')).toHaveTextContent('🙂');
    expect(within(row).getByTestId('ticket-rating')).toHaveAttribute('title', 'Avaliação: 4 de 5');
  });

  it('shows no rating while the ticket is open', async () => {
    const row = await renderRow(testTicket({ status: 'open', userRating: 5 }));
    expect(within(row).queryByTestId('ticket-rating')).not.toBeInTheDocument();
  });
});

describe('ticket row: the last message', () => {
  it("previews the text without WhatsApp's marks, on one line", async () => {
    const row = await renderRow(testTicket({ lastMessage: '*Ana*: quero\n_comprar_' }));
    expect(within(row).getByTestId('ticket-last-message')).toHaveTextContent(/^Ana: quero comprar$/);
  });
});
