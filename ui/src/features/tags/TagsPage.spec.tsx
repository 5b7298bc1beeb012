import type { KanbanTicket, TagView } from '@conversa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp } from '../../test/harness';
import { plan, session } from '../../test/fixtures';

const tag = (id: number, name: string, extra: Partial<TagView> = {}): TagView => ({
  id,
  companyId: 2,
  name,
  color: '#D97706',
  kanban: 0,
  userId: 1,
  ticketsCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
/** A session whose plan has useKanban. */
const withKanban = () => {
  const signed = session();
  signed.user.company.plan = plan({ useKanban: true });
  return signed;
};

describe('tags screen', () => {
  it('lists tags with their chip and tickets count, refuses a short name and creates a tag', async () => {
    const { calls } = fakeServer({
      'GET /tags': {
        status: 200,
        body: { tags: [tag(1, 'Cliente VIP', { ticketsCount: 3 }), { ...tag(2, 'Lead'), ticketsCount: undefined }], hasMore: false },
      },
      'POST /tags': () => ({ status: 201, body: tag(3, 'Suporte') }),
    });
    renderApp({ path: '/tags', signedIn: session() });
    expect(await screen.findByTestId('tag-name-1', {}, { timeout: 10_000 })).toHaveTextContent('Cliente VIP');
    expect(screen.getByTestId('tag-tickets-1')).toHaveTextContent('3');
    // A missing count shows as 0.
    expect(screen.getByTestId('tag-tickets-2')).toHaveTextContent('0');

    fireEvent.click(screen.getByTestId('tag-add'));
    await screen.findByTestId('tag-field-name', {}, { timeout: 10_000 });
    type('tag-field-name', 'ab');
    fireEvent.click(screen.getByTestId('tag-save'));
    expect(await screen.findByTestId('tag-field-name-error')).toHaveTextContent('Tag muito curta!');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    type('tag-field-name', ' Suporte ');
    fireEvent.click(screen.getByTestId('tag-save'));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Suporte', color: '#A4CCCC', kanban: 0 }));
    expect(await screen.findByTestId('tag-name-3')).toHaveTextContent('Suporte');
  });

  it('deletes a tag after confirmation', async () => {
    const { calls } = fakeServer({
      'GET /tags': { status: 200, body: { tags: [tag(1, 'Temporária')], hasMore: false } },
      'DELETE /tags/1': { status: 200, body: { message: 'Tag deleted' } },
    });
    renderApp({ path: '/tags', signedIn: session() });
    fireEvent.click(await screen.findByTestId('tag-delete-1', {}, { timeout: 10_000 }));
    fireEvent.click(await screen.findByTestId('tag-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('tag-row-1')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/tags/1')).toBe(true);
    expect(await screen.findByText('Tag excluída com sucesso.')).toBeInTheDocument();
  });
});

describe('tag lanes and kanban', () => {
  it('keeps the kanban screens away from a plan without useKanban', async () => {
    fakeServer({});
    const { router } = renderApp({ path: '/Kanban', signedIn: session() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(screen.queryByTestId('menu-item-kanban')).not.toBeInTheDocument();
  });

  it('titles the lanes with their count and asks for lanes only, searching lower-cased', async () => {
    const { calls } = fakeServer({
      'GET /tags': { status: 200, body: { tags: [tag(5, 'Novo', { kanban: 1 }), tag(6, 'Fechado', { kanban: 1 })], hasMore: false } },
    });
    renderApp({ path: '/TagsKanban', signedIn: withKanban() });
    await screen.findByTestId('tag-name-6', {}, { timeout: 10_000 });
    expect(screen.getByTestId('tags-count')).toHaveTextContent('2');
    type('tags-search', 'NOVO');
    await waitFor(() => expect(calls.filter((call) => call.path === '/tags').length).toBeGreaterThan(1), { timeout: 3000 });
    const fetches = (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls.map(([request]) => new URL(request.url));
    expect(fetches.every((url) => url.pathname !== '/tags' || url.searchParams.get('kanban') === '1')).toBe(true);
    expect(fetches.some((url) => url.searchParams.get('searchParam') === 'novo')).toBe(true);
  });

  it('shows a default lane and one lane per kanban tag, with the cards of the user’s queues', async () => {
    const card: KanbanTicket = {
      id: 42,
      uuid: 'u-42',
      status: 'pending',
      queueId: 1,
      userId: null,
      contactId: 9,
      contact: { name: 'Maria', number: '5511****0000' },
      lastMessage: 'Olá!',
      updatedAt: '2026-01-01T00:00:00.000Z',
      tags: [],
    };
    const { calls } = fakeServer({
      'GET /tags/kanban': { status: 200, body: { lista: [tag(5, 'Em negociação', { kanban: 1, color: '#16A34A' })] } },
      'GET /ticket/kanban': {
        status: 200,
        body: { tickets: [card, { ...card, id: 43, uuid: 'u-43', contactId: 10, tags: [{ id: 5, name: 'Em negociação', color: '#16A34A', kanban: 1 }] }] },
      },
    });
    // A plain user: the board asks for their queues (an admin's asks for none, meaning every queue).
    const signedIn = withKanban();
    signedIn.user.profile = 'user';
    renderApp({ path: '/Kanban', signedIn });
    const defaultLane = await screen.findByTestId('kanban-lane-0', {}, { timeout: 10_000 });
    expect(within(defaultLane).getByTestId('kanban-card-42')).toHaveTextContent('Ticket nº 42');
    expect(within(defaultLane).getByTestId('kanban-card-42')).toHaveTextContent('Maria');
    expect(within(defaultLane).getByText('Ver Ticket')).toBeInTheDocument();
    expect(within(screen.getByTestId('kanban-lane-5')).getByTestId('kanban-card-43')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/ticket/kanban')).toBe(true);
    const url = (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls
      .map(([request]) => new URL(request.url))
      .find((u) => u.pathname === '/ticket/kanban')!;
    expect(url.searchParams.get('queueIds')).toBe('[1]');
  });

  it("asks an admin's board for every queue of the company", async () => {
    fakeServer({ 'GET /tags/kanban': { status: 200, body: { lista: [] } }, 'GET /ticket/kanban': { status: 200, body: { tickets: [] } } });
    renderApp({ path: '/Kanban', signedIn: withKanban() });
    await screen.findByTestId('kanban-lane-0', {}, { timeout: 10_000 });
    const url = (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls
      .map(([request]) => new URL(request.url))
      .find((u) => u.pathname === '/ticket/kanban')!;
    expect(url.searchParams.get('queueIds')).toBe('[]');
    expect(screen.queryByTestId('kanban-no-queues')).toBeNull();
  });
});
