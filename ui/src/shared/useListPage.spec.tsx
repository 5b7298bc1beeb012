import { Button } from '@chakra-ui/react';
import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi';
import { ConfirmDialog } from './ConfirmDialog';
import { useListPage } from './useListPage';

type Row = { id: number; name: string };

function List({ remove, succeeded }: { remove(id: number): { unwrap(): Promise<unknown> }; succeeded(): void }) {
  const list = useListPage<Row>({ delete: { remove, feedback: { succeeded, deleteFailed: () => {} } } });
  return (
    <>
      <Button onClick={() => list.deletion.ask({ id: 4, name: 'Suporte' })} data-testid="ask">
        ask
      </Button>
      <ConfirmDialog of={list.deletion} title={`Excluir ${list.deletion.subject?.name ?? ''}?`} testId="delete-dialog" />
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('useListPage', () => {
  it('debounces the search, pages on, and starts again at the first page when the search or filters change', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ filters }) => useListPage({ debounceMs: 300, lowerCase: true, filters }), { initialProps: { filters: 'a' } });
    expect(result.current).toMatchObject({ searchParam: '', pageNumber: 1 });
    act(() => result.current.nextPage());
    act(() => result.current.nextPage());
    expect(result.current.pageNumber).toBe(3);
    act(() => result.current.search.onChange('  Maria '));
    expect(result.current).toMatchObject({ searchParam: '', pageNumber: 3, search: { value: '  Maria ' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(result.current).toMatchObject({ searchParam: 'maria', pageNumber: 1 });
    act(() => result.current.nextPage());
    expect(result.current.pageNumber).toBe(2);
    rerender({ filters: 'b' });
    expect(result.current.pageNumber).toBe(1);
    act(() => result.current.nextPage());
    const refetch = vi.fn();
    act(() => result.current.restart(refetch));
    expect(result.current.pageNumber).toBe(1);
    expect(refetch).not.toHaveBeenCalled();
    act(() => result.current.restart(refetch));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('pages by offset from 0 when asked', () => {
    const { result } = renderHook(() => useListPage({ start: 0 }));
    expect(result.current.pageNumber).toBe(0);
    act(() => result.current.nextPage(20));
    expect(result.current.pageNumber).toBe(20);
  });

  it('deletes the subject its ConfirmDialog confirms, showing the pending delete, then closes', async () => {
    let resolve = () => {};
    const remove = vi.fn(() => ({ unwrap: () => new Promise<void>((done) => (resolve = done)) }));
    const succeeded = vi.fn();
    renderUi(<List remove={remove} succeeded={succeeded} />);
    fireEvent.click(screen.getByTestId('ask'));
    expect(await screen.findByText('Excluir Suporte?')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('delete-dialog-confirm'));
    expect(remove).toHaveBeenCalledWith(4);
    await vi.waitFor(() => expect(screen.getByTestId('delete-dialog-confirm')).toHaveAttribute('data-loading'));
    resolve();
    await vi.waitFor(() => expect(screen.queryByText('Excluir Suporte?')).not.toBeInTheDocument());
    expect(succeeded).toHaveBeenCalledTimes(1);
  });
});
