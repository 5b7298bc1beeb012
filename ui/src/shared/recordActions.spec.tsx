import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi';
import { useConfirmation } from './ConfirmDialog';
import { DeleteConfirm, editAndDelete } from './recordActions';

type Row = { id: number; mine: boolean };
const row = (id: number, mine = true): Row => ({ id, mine });

describe('editAndDelete', () => {
  it('labels the buttons with the feature texts and names their test ids by the record', () => {
    const edit = vi.fn();
    const remove = vi.fn();
    const [editing, deleting] = editAndDelete<Row>({ texts: 'tags', testId: 'tag', edit, delete: remove });
    expect([editing.key, editing.label, editing.testId(row(7))]).toEqual(['edit', 'tags.edit', 'tag-edit-7']);
    expect([deleting.key, deleting.label, deleting.testId(row(7))]).toEqual(['delete', 'tags.delete', 'tag-delete-7']);
    editing.onClick(row(1));
    deleting.onClick(row(2));
    expect(edit).toHaveBeenCalledWith(row(1));
    expect(remove).toHaveBeenCalledWith(row(2));
    expect([editing.shown, deleting.shown]).toEqual([undefined, undefined]);
  });

  it('shows both on the rows `shown` lets through, and delete only where `deleteShown` agrees too', () => {
    const [editing, deleting] = editAndDelete<Row>({
      texts: 'users',
      testId: 'user',
      edit: () => {},
      delete: () => {},
      shown: (item) => item.mine,
      deleteShown: (item) => item.id !== 1,
    });
    expect([row(1), row(2), row(3, false)].map((item) => [editing.shown!(item), deleting.shown!(item)])).toEqual([
      [true, false],
      [true, true],
      [false, false],
    ]);
    const [, onlyDelete] = editAndDelete<Row>({
      texts: 'companies',
      testId: 'company',
      edit: () => {},
      delete: () => {},
      deleteShown: (item) => item.id !== 1,
    });
    expect([onlyDelete.shown!(row(1)), onlyDelete.shown!(row(2))]).toEqual([false, true]);
  });
});

function TagDelete({ remove }: { remove(tag: { id: number; name: string }): Promise<'close' | 'stay'> }) {
  const deletion = useConfirmation(remove);
  return (
    <>
      <button type="button" onClick={() => deletion.ask({ id: 3, name: 'VIP' })} data-testid="ask" />
      <DeleteConfirm of={deletion} texts="tags" testId="tag" named="name" />
    </>
  );
}

describe('DeleteConfirm', () => {
  it("asks with the feature's delete title (naming the record) and message, and deletes on yes", async () => {
    const remove = vi.fn(async () => 'close' as const);
    renderUi(<TagDelete remove={remove} />);
    fireEvent.click(screen.getByTestId('ask'));
    expect(await screen.findByTestId('tag-delete-dialog')).toHaveTextContent('Excluir a tag VIP?');
    expect(screen.getByTestId('tag-delete-dialog')).toHaveTextContent('Tem certeza que deseja excluir esta tag?');
    fireEvent.click(screen.getByTestId('tag-delete-confirm'));
    expect(remove).toHaveBeenCalledWith({ id: 3, name: 'VIP' });
    await vi.waitFor(() => expect(screen.queryByTestId('tag-delete-dialog')).not.toBeInTheDocument());
  });
});
