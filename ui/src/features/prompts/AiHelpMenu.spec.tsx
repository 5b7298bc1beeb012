import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../app/access';
import { toaster } from '../../app/toaster';
import { plan, session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';
import { AiHelpMenu } from './AiHelpMenu';

const prompt = (id: number, queueId: number) => ({
  id,
  companyId: 2,
  name: `P${id}`,
  apiKey: 'sk-…1234',
  prompt: 'Você atende.',
  voice: 'texto',
  voiceKey: '',
  voiceRegion: '',
  temperature: 1,
  maxTokens: 100,
  maxMessages: 10,
  queueId,
  queue: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

type Ticket = { id: number; queueId: number | null; promptId: number | null };

function renderMenus(tickets: Ticket[], prompts: ReturnType<typeof prompt>[], suggest: { status: number; body: unknown }) {
  const server = fakeServer({ 'GET /prompt': { status: 200, body: { prompts } }, 'POST /tickets/10/ai/suggest': suggest });
  const drafts: string[] = [];
  const Screen = () => (
    <>
      {tickets.map((ticket) => (
        <div key={ticket.id} data-testid={`ticket-${ticket.id}`}>
          <AiHelpMenu ticket={ticket} disabled={false} onDraft={(text) => drafts.push(text)} />
        </div>
      ))}
    </>
  );
  const routes: AppRoute[] = [{ id: 'ai', path: '/', access: 'private', frame: 'bare', component: Screen }];
  const signedIn = session();
  signedIn.user.company.plan = plan({ useOpenAi: true });
  renderApp({ routes, signedIn });
  return { server, drafts };
}

describe('the composer’s AI help', () => {
  it('is offered only where a prompt serves the ticket: its own or its queue’s, not another queue’s', async () => {
    renderMenus(
      [
        { id: 10, queueId: 1, promptId: null },
        { id: 11, queueId: 3, promptId: null },
        { id: 12, queueId: 3, promptId: 5 },
      ],
      [prompt(5, 2), prompt(6, 1)],
      { status: 200, body: { text: 'x' } },
    );
    await screen.findAllByTestId('composer-ai');
    expect(screen.getByTestId('ticket-10').querySelector('[data-testid="composer-ai"]')).not.toBeNull();
    expect(screen.getByTestId('ticket-11').querySelector('[data-testid="composer-ai"]')).toBeNull();
    expect(screen.getByTestId('ticket-12').querySelector('[data-testid="composer-ai"]')).not.toBeNull();
  });

  it('a failure of the AI service stays on screen until dismissed, saying what to do', async () => {
    const { drafts } = renderMenus([{ id: 10, queueId: 1, promptId: null }], [prompt(6, 1)], {
      status: 502,
      body: { error: 'ERR_AI_UNAVAILABLE', message: 'down' },
    });
    fireEvent.click(await screen.findByTestId('composer-ai'));
    fireEvent.click(await screen.findByTestId('composer-ai-suggest'));
    expect(await screen.findByText(/O serviço de IA não respondeu\. Tente de novo/)).toBeInTheDocument();
    expect(toaster.getVisibleToasts().map((toast) => toast.duration)).toEqual([Infinity]);
    expect(drafts).toEqual([]);
  });
});
