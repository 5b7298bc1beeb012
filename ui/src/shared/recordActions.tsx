import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { useT, type MessageKey } from '../i18n';
import { ConfirmDialog, type Confirmation } from './ConfirmDialog';
import type { RowAction } from './DataTable';

export type PrefixOf<Key, Suffix extends string> = Key extends `${infer Prefix}.${Suffix}` ? Prefix : never;
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

/** A feature's texts that ask before a delete: `<texts>.deleteTitle` and `<texts>.deleteConfirm`. */
export type DeleteTexts = PrefixOf<MessageKey, 'deleteTitle'> & PrefixOf<MessageKey, 'deleteConfirm'>;

/**
 * The question the bin opens: title `<texts>.deleteTitle` (given the record's `named` field, e.g. `{name}`), message
 * `<texts>.deleteConfirm`, test ids `<testId>-delete-dialog` and `<testId>-delete-confirm`.
 */
export function DeleteConfirm<Subject extends object>({
  of,
  texts,
  testId,
  named,
  confirmTestId = `${testId}-delete-confirm`,
  size,
  closeButton,
}: {
  of: Confirmation & { subject: Subject | null };
  texts: DeleteTexts;
  testId: string;
  named?: { [Key in keyof Subject]: Subject[Key] extends string ? Key : never }[keyof Subject] & string;
  confirmTestId?: string;
  size?: 'sm' | 'md';
  closeButton?: boolean;
}) {
  const t = useT();
  const subject = of.subject;
  return (
    <ConfirmDialog
      of={of}
      title={t(`${texts}.deleteTitle`, named === undefined ? undefined : { [named]: subject === null ? '' : (subject[named] as string) })}
      message={t(`${texts}.deleteConfirm`)}
      testId={`${testId}-delete-dialog`}
      confirmTestId={confirmTestId}
      size={size}
      closeButton={closeButton}
    />
  );
}
