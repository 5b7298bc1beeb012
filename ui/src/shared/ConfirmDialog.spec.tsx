import { Button } from '@chakra-ui/react';
import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi';
import { ConfirmDialog, useConfirmation, useConfirmedDelete } from './ConfirmDialog';

function DeleteButton({ action }: { action(name: string): Promise<'close' | 'stay'> }) {
  const confirmation = useConfirmation<string>(action);
  return (
    <>
      <Button onClick={() => confirmation.ask('Suporte')} data-testid="ask">
        ask
      </Button>
      <ConfirmDialog
        open={confirmation.open}
        title={`Excluir ${confirmation.subject ?? ''}?`}
        message="Esta ação não pode ser revertida."
        onConfirm={confirmation.confirm}
        onClose={confirmation.close}
        testId="delete-dialog"
        closeButton
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks about its subject, runs the action on yes and closes when the action says so', async () => {
    const action = vi.fn(async () => 'close' as const);
    renderUi(<DeleteButton action={action} />);
    fireEvent.click(screen.getByTestId('ask'));
    expect(await screen.findByText('Excluir Suporte?')).toBeInTheDocument();
    expect(screen.getByText('Esta ação não pode ser revertida.')).toBeInTheDocument();
    expect(screen.getByTestId('delete-dialog-cancel')).toHaveTextContent('Não');
    fireEvent.click(screen.getByTestId('delete-dialog-confirm'));
    expect(action).toHaveBeenCalledWith('Suporte');
    await vi.waitFor(() => expect(screen.queryByText('Excluir Suporte?')).not.toBeInTheDocument());
  });

  it('stays open for another try when the action failed, and closes on no', async () => {
    const action = vi.fn(async () => 'stay' as const);
    renderUi(<DeleteButton action={action} />);
    fireEvent.click(screen.getByTestId('ask'));
    fireEvent.click(await screen.findByTestId('delete-dialog-confirm'));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Excluir Suporte?')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('delete-dialog-cancel'));
    await vi.waitFor(() => expect(screen.queryByText('Excluir Suporte?')).not.toBeInTheDocument());
  });
});

describe('useConfirmedDelete', () => {
  const row = { id: 7 };
  const setup = (outcome: Promise<unknown>, options?: Parameters<typeof useConfirmedDelete>[2]) => {
    const remove = vi.fn(() => ({ unwrap: () => outcome }));
    const feedback = { succeeded: vi.fn(), deleteFailed: vi.fn() };
    const hook = renderHook(() => useConfirmedDelete<{ id: number }>(remove, feedback, options));
    act(() => hook.result.current.ask(row));
    return { remove, feedback, hook };
  };

  it('deletes by id, runs deleted, toasts and closes', async () => {
    const deleted = vi.fn();
    const { remove, feedback, hook } = setup(Promise.resolve(), { failure: 'stay', deleted });
    await act(() => hook.result.current.confirm());
    expect(remove).toHaveBeenCalledWith(7);
    expect(deleted).toHaveBeenCalledWith(row);
    expect(feedback.succeeded).toHaveBeenCalledTimes(1);
    expect(hook.result.current.open).toBe(false);
  });

  it('closes after a refused delete, or stays open with failure stay', async () => {
    const closing = setup(Promise.reject(new Error('no')));
    await act(() => closing.hook.result.current.confirm());
    expect(closing.feedback.deleteFailed).toHaveBeenCalledTimes(1);
    expect(closing.hook.result.current.open).toBe(false);

    const staying = setup(Promise.reject(new Error('no')), { failure: 'stay' });
    await act(() => staying.hook.result.current.confirm());
    expect(staying.feedback.deleteFailed).toHaveBeenCalledTimes(1);
    expect(staying.feedback.succeeded).not.toHaveBeenCalled();
    expect(staying.hook.result.current.subject).toBe(row);
  });
});
