import { LuPencil, LuTrash2 } from 'react-icons/lu';
import type { MessageKey } from '../i18n';
import type { RowAction } from './DataTable';

type PrefixOf<Key, Suffix extends string> = Key extends `${infer Prefix}.${Suffix}` ? Prefix : never;
/** A feature's texts that name both buttons: `<texts>.edit` and `<texts>.delete`. */
export type RecordTexts = PrefixOf<MessageKey, 'edit'> & PrefixOf<MessageKey, 'delete'>;

/**
 * A record table's edit and delete buttons (the pencil and the bin): labels `<texts>.edit` and `<texts>.delete`,
 * test ids `<testId>-edit-<id>` and `<testId>-delete-<id>`. `shown` keeps both off the rows the user may not change;
 * `deleteShown` narrows the delete button further.
 */
export function editAndDelete<Row extends { id: number | string }>(of: {
  texts: RecordTexts;
  testId: string;
  edit(row: Row): void;
  delete(row: Row): void;
  shown?(row: Row): boolean;
  deleteShown?(row: Row): boolean;
}): [edit: RowAction<Row>, remove: RowAction<Row>] {
  const { shown, deleteShown } = of;
  return [
    { key: 'edit', label: `${of.texts}.edit`, icon: <LuPencil />, onClick: of.edit, testId: (row) => `${of.testId}-edit-${row.id}`, shown },
    {
      key: 'delete',
      label: `${of.texts}.delete`,
      icon: <LuTrash2 />,
      onClick: of.delete,
      testId: (row) => `${of.testId}-delete-${row.id}`,
      shown: deleteShown && shown ? (row) => shown(row) && deleteShown(row) : (deleteShown ?? shown),
    },
  ];
}
