import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi';
import { DataTable, type Column } from './DataTable';

interface Item {
  id: number;
  name: string;
}

const columns: Column<Item>[] = [
  { key: 'name', header: 'queues.column.name', render: (item) => item.name, cell: (item) => ({ 'data-testid': `name-${item.id}` }) },
];
const none: Item[] = [];
const rows: Item[] = [
  { id: 1, name: 'Suporte' },
  { id: 2, name: 'Vendas' },
];

/** jsdom has no layout: the scroll box's measures are set by hand. */
const scrollTo = (box: HTMLElement, { scrollHeight, scrollTop, clientHeight }: { scrollHeight: number; scrollTop: number; clientHeight: number }) => {
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: clientHeight });
  box.scrollTop = scrollTop;
  fireEvent.scroll(box);
};

describe('DataTable', () => {
  it('renders the translated headers, a row per record and the row actions it offers', () => {
    const edit = vi.fn();
    renderUi(
      <DataTable
        rows={rows}
        columns={columns}
        testId="items"
        rowTestId={(item) => `item-${item.id}`}
        actionsHeader="queues.column.actions"
        actions={[{ key: 'edit', label: 'queues.edit', icon: '✎', onClick: edit, testId: (item) => `edit-${item.id}`, shown: (item) => item.id !== 2 }]}
      />,
    );
    expect(screen.getByText('Nome')).toBeInTheDocument();
    expect(screen.getByTestId('name-2')).toHaveTextContent('Vendas');
    expect(screen.queryByTestId('edit-2')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('edit-1'));
    expect(edit).toHaveBeenCalledWith(rows[0]);
    expect(screen.getByTestId('edit-1')).toHaveAttribute('aria-label', 'Editar');
  });

  it('shows the empty text instead of the table, and skeleton rows while loading', () => {
    const { rerender } = renderUi(
      <DataTable
        rows={none}
        columns={columns}
        testId="items"
        rowTestId={(item) => `item-${item.id}`}
        empty={{ text: 'queues.empty', testId: 'items-empty' }}
      />,
    );
    expect(screen.getByTestId('items-empty')).toBeInTheDocument();
    expect(screen.queryByTestId('items')).not.toBeInTheDocument();
    rerender(
      <DataTable
        rows={none}
        columns={columns}
        testId="items"
        rowTestId={(item) => `item-${item.id}`}
        empty={{ text: 'queues.empty', testId: 'items-empty' }}
        loading
      />,
    );
    expect(screen.queryByTestId('items-empty')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('items-skeleton')).toHaveLength(3);
  });

  it('keeps each row (keyed by id) when a live update reorders and patches the list', () => {
    const { rerender } = renderUi(<DataTable rows={rows} columns={columns} testId="items" rowTestId={(item) => `item-${item.id}`} />);
    const second = screen.getByTestId('item-2');
    rerender(<DataTable rows={[{ id: 2, name: 'Vendas B2B' }, rows[0]!]} columns={columns} testId="items" rowTestId={(item) => `item-${item.id}`} />);
    expect(screen.getByTestId('item-2')).toBe(second);
    expect(within(second).getByTestId('name-2')).toHaveTextContent('Vendas B2B');
    expect(screen.getAllByTestId(/^item-/).map((row) => row.dataset.testid)).toEqual(['item-2', 'item-1']);
  });

  it('asks for the next page within 100 px of the bottom, once there is more and nothing is loading', () => {
    const onEndReached = vi.fn();
    const table = (props: { hasMore: boolean; loading?: boolean }) => (
      <DataTable
        rows={rows}
        columns={columns}
        testId="items"
        rowTestId={(item) => `item-${item.id}`}
        loading={props.loading}
        infinite={{ hasMore: props.hasMore, onEndReached, maxH: '40', testId: 'items-scroll' }}
      />
    );
    const { rerender } = renderUi(table({ hasMore: true }));
    const box = screen.getByTestId('items-scroll');
    scrollTo(box, { scrollHeight: 1000, scrollTop: 600, clientHeight: 299 });
    expect(onEndReached).not.toHaveBeenCalled();
    scrollTo(box, { scrollHeight: 1000, scrollTop: 600, clientHeight: 300 });
    expect(onEndReached).toHaveBeenCalledTimes(1);
    rerender(table({ hasMore: true, loading: true }));
    scrollTo(box, { scrollHeight: 1000, scrollTop: 700, clientHeight: 300 });
    rerender(table({ hasMore: false }));
    scrollTo(box, { scrollHeight: 1000, scrollTop: 700, clientHeight: 300 });
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });
});
