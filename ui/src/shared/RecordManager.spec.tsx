import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi';
import { RecordManager } from './RecordManager';

type Row = { id: number; name: string };
const rows: Row[] = [
  { id: 1, name: 'Básico' },
  { id: 2, name: 'Pro' },
];

function renderManager(remove = vi.fn(() => ({ unwrap: async () => undefined }))) {
  const feedback = { succeeded: vi.fn(), deleteFailed: vi.fn() };
  renderUi(
    <RecordManager<Row>
      texts="plans"
      testId="plan"
      plural="plans"
      query={{ data: rows, isLoading: false, isError: false, refetch: () => undefined }}
      columns={[{ key: 'name', header: 'plans.field.name', render: (row) => row.name }]}
      remove={remove}
      feedback={feedback}
      edit={(record, close) => (
        <button type="button" onClick={close} data-testid="editing">
          {record?.name ?? 'new'}
        </button>
      )}
      deleteShown={(row) => row.id !== 1}
    />,
  );
  return { remove, feedback };
}

describe('RecordManager', () => {
  it('opens the screen dialog empty from add and with the record from the pencil; the dialog closes itself', async () => {
    renderManager();
    expect(await screen.findByTestId('plans-table')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('plan-add'));
    expect(screen.getByTestId('editing')).toHaveTextContent('new');
    fireEvent.click(screen.getByTestId('editing'));
    expect(screen.queryByTestId('editing')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('plan-edit-2'));
    expect(screen.getByTestId('editing')).toHaveTextContent('Pro');
  });

  it('asks before the delete, deletes the record on yes, and keeps the bin off the rows deleteShown refuses', async () => {
    const { remove, feedback } = renderManager();
    expect(await screen.findByTestId('plan-row-1')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-delete-1')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('plan-delete-2'));
    fireEvent.click(await screen.findByTestId('plan-delete-dialog-confirm'));
    await vi.waitFor(() => expect(feedback.succeeded).toHaveBeenCalled());
    expect(remove).toHaveBeenCalledWith(2);
  });
});
