import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi';
import { ListFrame } from './ListFrame';

const frame = (query: { isLoading: boolean; isError: boolean; refetch(): unknown }, extra: { onAdd?(): void; onSearch?(value: string): void } = {}) => (
  <ListFrame
    testId="queues-page"
    title="queues.title"
    add={extra.onAdd ? { label: 'queues.add', onClick: extra.onAdd, testId: 'queue-add' } : undefined}
    search={extra.onSearch ? { value: '', onChange: extra.onSearch, placeholder: 'users.search', testId: 'search' } : undefined}
    query={query}
    loadFailed="queues.loadFailed"
    loadFailedTestId="queues-load-failed"
  >
    <p data-testid="the-list">list</p>
  </ListFrame>
);

describe('ListFrame', () => {
  it('shows the heading, the add button and the search, then the list once loaded', () => {
    const onAdd = vi.fn();
    const onSearch = vi.fn();
    renderUi(frame({ isLoading: false, isError: false, refetch: () => undefined }, { onAdd, onSearch }));
    expect(screen.getByRole('heading')).toHaveTextContent('Filas & Chatbot');
    fireEvent.click(screen.getByTestId('queue-add'));
    expect(onAdd).toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('search'), { target: { value: 'ana' } });
    expect(onSearch).toHaveBeenCalledWith('ana');
    expect(screen.getByTestId('the-list')).toBeInTheDocument();
  });

  it('leaves the add button out when the user may not add, and the list out while loading', () => {
    renderUi(frame({ isLoading: true, isError: false, refetch: () => undefined }));
    expect(screen.queryByTestId('queue-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('the-list')).not.toBeInTheDocument();
  });

  it('tells a failed load and retries on demand', () => {
    const refetch = vi.fn();
    renderUi(frame({ isLoading: false, isError: true, refetch }));
    expect(screen.getByTestId('queues-load-failed')).toHaveTextContent('Não foi possível carregar a lista de registros');
    fireEvent.click(screen.getByText('Tentar novamente'));
    expect(refetch).toHaveBeenCalled();
    expect(screen.queryByTestId('the-list')).not.toBeInTheDocument();
  });
});
