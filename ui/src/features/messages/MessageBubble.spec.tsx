import { Box } from '@chakra-ui/react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../app/access';
import { session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';
import { message } from './fixtures';
import { conversationStyles } from './conversationStyles';
import { MessageBubble, type MessageActions } from './MessageBubble';
import { keepsDeletedContent } from './model';
import type { MessageView as Message } from '@conversa/contracts';

const actions: MessageActions = {
  reply: vi.fn(),
  edit: vi.fn(),
  remove: vi.fn(),
  forward: vi.fn(),
  react: vi.fn(),
  openImage: vi.fn(),
  talkTo: vi.fn(),
  toggleSelected: vi.fn(),
  openMenu: vi.fn(),
  goToMessage: vi.fn(),
};

function renderBubble(shown: Message) {
  fakeServer({});
  const Screen = () => (
    <Box css={conversationStyles}>
      <MessageBubble item={{ message: shown, reactions: [] }} userId={7} isGroup={false} canReply selecting={false} selected={false} actions={actions} />
    </Box>
  );
  const routes: AppRoute[] = [{ id: 'bubble', path: '/', access: 'private', frame: 'bare', component: Screen }];
  renderApp({ routes, signedIn: session() });
  return screen.findByTestId(`message-${shown.id}`);
}

describe('a deleted message and lgpdDeleteMessage', () => {
  it('setting off: the contact’s deleted text stays readable under the mark, with no actions menu', async () => {
    const deleted = message({ body: 'Meu endereço é Rua A, 10', isDeleted: true, deletedBy: 'contact', contentErased: false });
    const bubble = await renderBubble(deleted);
    expect(within(bubble).getByTestId('message-deleted')).toHaveTextContent('esta mensagem foi apagada pelo contato');
    const kept = within(bubble).getByTestId('message-deleted-content');
    expect(within(kept).getByTestId('message-body')).toHaveTextContent('Meu endereço é Rua A, 10');
    expect(within(bubble).queryByTestId(`message-menu-${deleted.id}`)).not.toBeInTheDocument();
  });

  it('setting on: only the mark is left of what the contact deleted', async () => {
    const erased = message({ body: '', isDeleted: true, deletedBy: 'contact', contentErased: true });
    const bubble = await renderBubble(erased);
    expect(within(bubble).getByTestId('message-deleted')).toHaveTextContent('esta mensagem foi apagada pelo contato');
    expect(within(bubble).queryByTestId('message-deleted-content')).not.toBeInTheDocument();
    expect(within(bubble).queryByTestId('message-body')).not.toBeInTheDocument();
  });

  it('retention: a message whose contents expired shows the mark in place of its contents', async () => {
    const expired = message({ body: '', mediaType: 'image', mediaUrl: null, contentExpired: true });
    const bubble = await renderBubble(expired);
    expect(within(bubble).getByTestId('message-expired')).toHaveTextContent('Conteúdo expirado (retenção)');
    expect(within(bubble).queryByTestId('message-body')).not.toBeInTheDocument();
  });

  it('an attendant’s own deleted message keeps its text under its own mark, without the delivery ticks', async () => {
    const mine = message({ fromMe: true, userId: 7, body: 'Pode me passar o pedido?', isDeleted: true, deletedBy: 'user', ack: 3 });
    const bubble = await renderBubble(mine);
    expect(within(bubble).getByTestId('message-deleted')).not.toHaveTextContent('by the contact');
    expect(within(bubble).getByTestId('message-deleted-content')).toHaveTextContent('Pode me passar o pedido?');
    expect(within(bubble).queryByTestId('message-ack')).not.toBeInTheDocument();
  });

  it('a message not deleted shows its text, no mark', async () => {
    const bubble = await renderBubble(message({ body: 'Bom dia' }));
    expect(within(bubble).getByTestId('message-body')).toHaveTextContent('Bom dia');
    expect(within(bubble).queryByTestId('message-deleted')).not.toBeInTheDocument();
    expect(within(bubble).queryByTestId('message-deleted-content')).not.toBeInTheDocument();
  });

  it('keeps content only when there is some and it was not erased', () => {
    expect(keepsDeletedContent(message({ isDeleted: false }))).toBe(false);
    expect(keepsDeletedContent(message({ isDeleted: true, body: 'texto' }))).toBe(true);
    expect(keepsDeletedContent(message({ isDeleted: true, body: '', mediaUrl: '/media/2/a.jpg', mediaType: 'image' }))).toBe(true);
    expect(keepsDeletedContent(message({ isDeleted: true, body: '   ' }))).toBe(false);
    expect(keepsDeletedContent(message({ isDeleted: true, body: 'texto', contentErased: true }))).toBe(false);
  });
});
