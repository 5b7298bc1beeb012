import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../app/access';
import { session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';
import { Composer } from './Composer';
import { message } from './fixtures';
import type { MessageView as Message } from '@conversa/contracts';
import type { ConversationTicket } from './types';

const ticket = (status: ConversationTicket['status']): ConversationTicket => ({
  id: 10,
  uuid: 'u-10',
  status,
  channel: 'whatsapp',
  isGroup: false,
  contactId: 5,
  contact: null,
  userId: 7,
  queueId: 1,
  promptId: null,
  whatsappId: null,
});

function renderComposer({ status = 'open' as ConversationTicket['status'], signatureAvailable = false, replyTo = null as Message | null } = {}) {
  const sent: Message[][] = [];
  const Screen = () => (
    <Composer
      ticket={ticket(status)}
      enabled={status === 'open' || status === 'group'}
      signatureAvailable={signatureAvailable}
      replyTo={replyTo}
      onCancelReply={() => undefined}
      editing={null}
      onCancelEdit={() => undefined}
      onSent={(messages) => sent.push(messages)}
    />
  );
  const routes: AppRoute[] = [{ id: 'composer', path: '/', access: 'private', frame: 'bare', component: Screen }];
  renderApp({ routes, signedIn: session() });
  return { sent };
}

const quickReplies = [
  { id: 1, shortcode: 'bomdia', message: 'Bom dia! Em que posso ajudar hoje? Estamos à disposição.', mediaPath: null },
  { id: 2, shortcode: 'pix', message: 'Nossa chave PIX é o CNPJ.', mediaPath: null },
];

function server() {
  return fakeServer({
    'GET /quick-messages/list': { status: 200, body: quickReplies },
    'POST /messages/10': async (request) => {
      const body = (await request.json()) as { body: string; isPrivate: boolean };
      return { status: 200, body: { messages: [message({ ticketId: 10, fromMe: true, body: body.body, isPrivate: body.isPrivate })] } };
    },
  });
}

const input = () => screen.findByTestId('composer-input') as Promise<HTMLTextAreaElement>;
const posts = (calls: ReturnType<typeof fakeServer>['calls']) => calls.filter((call) => call.method === 'POST' && call.path === '/messages/10');

describe('composer', () => {
  it('sends with Enter, breaks the line with Shift+Enter, and never sends blank text', async () => {
    const { calls } = server();
    const { sent } = renderComposer();
    const box = await input();
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: 'Olá' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(posts(calls)).toHaveLength(0);
    fireEvent.change(box, { target: { value: ' Olá, tudo bem? ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({ body: 'Olá, tudo bem?', isPrivate: false, quotedMsgId: null });
    await waitFor(() => expect(box.value).toBe(''));
    expect(sent).toHaveLength(1);
  });

  it('opens the quick replies for a leading slash, with labels cut to 35 characters, and fills the text', async () => {
    server();
    renderComposer();
    const box = await input();
    fireEvent.change(box, { target: { value: '/' } });
    const menu = await screen.findByTestId('quick-replies');
    expect(menu.textContent).toContain('Bom dia! Em que posso ajudar hoje? ...');
    fireEvent.change(box, { target: { value: '/pi' } });
    await waitFor(() => expect(screen.queryByTestId('quick-reply-1')).not.toBeInTheDocument());
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(box.value).toBe('Nossa chave PIX é o CNPJ.'));
    expect(screen.queryByTestId('quick-replies')).not.toBeInTheDocument();
  });

  it('sends a private note unsigned and a normal message signed when the signature is on', async () => {
    const { calls } = server();
    renderComposer({ signatureAvailable: true });
    const box = await input();
    fireEvent.change(box, { target: { value: 'Olá' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({ body: '*Ana Souza*:\nOlá', isPrivate: false });

    fireEvent.click(screen.getByTestId('composer-private'));
    await waitFor(() => expect(screen.getByTestId('composer')).toHaveAttribute('data-private', 'true'));
    fireEvent.change(box, { target: { value: 'Cliente VIP' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]!.body).toMatchObject({ body: 'Cliente VIP', isPrivate: true });
  });

  it('quotes the message replied to', async () => {
    const { calls } = server();
    const quoted = message({ ticketId: 10, body: 'Qual o prazo?' });
    renderComposer({ replyTo: quoted });
    expect(await screen.findByTestId('composer-reply')).toHaveTextContent('Qual o prazo?');
    const box = await input();
    fireEvent.change(box, { target: { value: 'Três dias.' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({ body: 'Três dias.', quotedMsgId: quoted.id });
  });

  it('is disabled unless the ticket is open or a group', async () => {
    server();
    renderComposer({ status: 'pending' });
    expect(await input()).toBeDisabled();
    expect(screen.getByTestId('composer')).toHaveAttribute('data-disabled', 'true');
  });
});
