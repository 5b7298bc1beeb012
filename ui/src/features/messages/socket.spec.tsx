import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../app/access';
import { SocketClient } from '../../app/socket';
import { session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';
import { useMessagesInfiniteQuery } from './api';
import { message, page } from './fixtures';
import { flattenPages } from './model';
import { useMessageFrames } from './socket';
import type { MessageView as Message } from '@conversa/contracts';

/** A websocket the test drives: it opens when told and delivers the frames the test pushes. */
function scriptedSocket() {
  const sent: unknown[] = [];
  let transport: { onopen: ((ev: Event) => unknown) | null; onmessage: ((ev: MessageEvent) => unknown) | null } | null = null;
  const client = new SocketClient({
    createSocket: () => {
      transport = {
        readyState: 0,
        onopen: null,
        onclose: null,
        onerror: null,
        onmessage: null,
        send: (data: string) => sent.push(JSON.parse(data)),
        close: () => undefined,
      } as never;
      return transport as never;
    },
  });
  return {
    client,
    sent,
    open() {
      (transport as unknown as { readyState: number }).readyState = 1;
      transport!.onopen?.(new Event('open'));
    },
    push(event: string, data: unknown) {
      transport!.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ event, data }) }));
    },
  };
}

const TICKET = 10;
const created: Message[] = [];

function Conversation() {
  const { data } = useMessagesInfiniteQuery(TICKET);
  useMessageFrames(TICKET, (message) => created.push(message));
  return (
    <ul data-testid="conversation">
      {flattenPages(data).map((m) => (
        <li key={m.id} data-testid={`row-${m.id}`} data-ack={m.ack} data-deleted={m.isDeleted}>
          {m.body}
        </li>
      ))}
    </ul>
  );
}

const routes: AppRoute[] = [{ id: 'conversation', path: '/', access: 'private', frame: 'bare', component: Conversation }];

describe('live appMessage frames on the open conversation', () => {
  it('join the ticket room and apply create, update and delete to the cached messages', async () => {
    const first = message({ ticketId: TICKET, body: 'Olá, preciso de ajuda' });
    fakeServer({ 'GET /messages/10': { status: 200, body: { ...page([first]), ticket: { id: TICKET } } } });
    const socket = scriptedSocket();
    renderApp({ routes, signedIn: session(), socket: socket.client });
    await screen.findByText('Olá, preciso de ajuda');
    socket.open();
    expect(socket.sent).toContainEqual({ event: 'joinChatBox', data: String(TICKET) });

    const reply = message({ ticketId: TICKET, fromMe: true, body: 'Claro! Como posso ajudar?', ack: 0 });
    socket.push('company-2-appMessage', { action: 'create', message: reply, ticket: { id: TICKET } });
    await screen.findByText('Claro! Como posso ajudar?');
    expect(created.map((m) => m.id)).toEqual([reply.id]);

    socket.push('company-2-appMessage', { action: 'update', message: { ...reply, ack: 3 }, ticket: { id: TICKET } });
    await waitFor(() => expect(screen.getByTestId(`row-${reply.id}`)).toHaveAttribute('data-ack', '3'));

    socket.push('company-2-appMessage', { action: 'delete', message: { ...first, isDeleted: true, deletedBy: 'contact' }, ticket: { id: TICKET } });
    await waitFor(() => expect(screen.getByTestId(`row-${first.id}`)).toHaveAttribute('data-deleted', 'true'));

    // Another ticket's message never lands here, and updates are not "new".
    socket.push('company-2-appMessage', { action: 'create', message: message({ ticketId: 11, body: 'de outro ticket' }), ticket: { id: 11 } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('de outro ticket')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(created).toHaveLength(1);
  });
});
