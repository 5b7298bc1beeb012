import { useState, type ReactNode } from 'react';
import { useT, type MessageKey } from '../i18n';
import { ConfirmDialog, useConfirmedDelete } from './ConfirmDialog';
import { DataTable, type Column, type RowAction } from './DataTable';
import { ListFrame, type ListQuery } from './ListFrame';
import { editAndDelete, type PrefixOf, type RecordTexts } from './recordActions';

/** A manager's texts: `<texts>.title`, `.add`, `.loadFailed`, `.deleteConfirm`, `.column.actions`, `.edit`, `.delete`. */
type ManagerTexts = RecordTexts &
  PrefixOf<MessageKey, 'title'> &
  PrefixOf<MessageKey, 'add'> &
  PrefixOf<MessageKey, 'loadFailed'> &
  PrefixOf<MessageKey, 'deleteConfirm'> &
  PrefixOf<MessageKey, 'column.actions'>;

/**
 * A super user's records screen (companies, plans, helps): the whole list under a heading with its add button, the
 * pencil opening `edit(record)` (`edit(null)` from add) and the bin asking `<texts>.deleteConfirm` before `remove`.
 * Test ids: `<plural>-manager`, `-table`, `-load-failed`; `<testId>-add`, `-row-<id>`, `-delete-dialog`.
 */
export function RecordManager<Row extends { id: number }>(props: {
  texts: ManagerTexts;
  testId: string;
  plural: string;
  query: ListQuery & { data?: readonly Row[] };
  columns: ReadonlyArray<Column<NoInfer<Row>>>;
  remove(id: number): { unwrap(): Promise<unknown> };
  feedback: { succeeded(): void; deleteFailed(error: unknown): void };
  edit(record: Row | null, close: () => void): ReactNode;
  /** Further dialogs the screen opens. */
  dialogs?: ReactNode;
  /** Row buttons before the pencil and the bin. */
  actions?: ReadonlyArray<RowAction<NoInfer<Row>>>;
  deleteShown?(row: Row): boolean;
  table?: Pick<Parameters<typeof DataTable<Row>>[0], 'interactive' | 'empty' | 'rowProps'>;
}) {
  const t = useT();
  const { texts, testId, plural, query } = props;
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  const deletion = useConfirmedDelete<Row>(props.remove, props.feedback);
  const close = () => setEditing(null);
  return (
    <ListFrame
      testId={`${plural}-manager`}
      title={`${texts}.title`}
      headingSize="lg"
      add={{ label: `${texts}.add`, onClick: () => setEditing({ record: null }), testId: `${testId}-add` }}
      query={query}
      loadFailed={`${texts}.loadFailed`}
      loadFailedTestId={`${plural}-load-failed`}
      dialogs={
        <>
          {editing && props.edit(editing.record, close)}
          {props.dialogs}
          <ConfirmDialog of={deletion} title={t(`${texts}.deleteConfirm`)} testId={`${testId}-delete-dialog`} />
        </>
      }
    >
      <DataTable
        rows={query.data ?? []}
        columns={props.columns}
        testId={`${plural}-table`}
        rowTestId={(row) => `${testId}-row-${row.id}`}
        {...props.table}
        actionsHeader={`${texts}.column.actions`}
        actions={[
          ...(props.actions ?? []),
          ...editAndDelete<Row>({ texts, testId, edit: (record) => setEditing({ record }), delete: deletion.ask, deleteShown: props.deleteShown }),
        ]}
      />
    </ListFrame>
  );
}
