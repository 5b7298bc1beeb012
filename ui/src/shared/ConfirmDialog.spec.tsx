import { Button } from '@chakra-ui/react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi';
import { ConfirmDialog, useConfirmation } from './ConfirmDialog';

function DeleteButton({ action }: { action(name: string): Promise<'close' | 'stay'> }) {
  const confirmation = useConfirmation<string>(action);
  return (
    <>
      <Button onClick={() => confirmation.ask('Suporte')} data-testid="ask">
        ask
      </Button>
      <ConfirmDialog open={confirmation.open} title={`Excluir ${confirmation.subject ?? ''}?`} message="Esta ação não pode ser revertida." onConfirm={confirmation.confirm} onClose={confirmation.close} testId="delete-dialog" closeButton />
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
