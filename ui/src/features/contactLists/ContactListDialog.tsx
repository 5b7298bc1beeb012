import type { ContactListView } from '@conversa/contracts';
import { useT } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { TextField } from '../../shared/form/fields';
import { saveAndClose } from '../../shared/form/save';
import { useForm } from '../../shared/useForm';
import type { FieldErrors } from '../../shared/validation';
import { useCreateContactListMutation, useUpdateContactListMutation } from './api';
import { validateBounded } from './listForm';

const feedbackTexts = { success: 'contactLists.saved', saveFailed: 'contactLists.saveFailed', deleteFailed: 'contactLists.deleteFailed' } as const;
const validate = (values: { name: string }): FieldErrors<'name'> => {
  const name = validateBounded(values.name, 2, 50);
  return name ? { name } : {};
};

/** Add or rename a contact list (name 2 to 50). The lists follow from the `ContactList` frame. */
export default function ContactListDialog({ list, onClose }: { list: ContactListView | null; onClose(): void }) {
  const t = useT();
  const { values, bind, check } = useForm({ name: list?.name ?? '' }, validate);
  const [create] = useCreateContactListMutation();
  const [update] = useUpdateContactListMutation();
  const feedback = useFeedback(feedbackTexts);
  const submit = saveAndClose({ check, feedback, onClose }, async () => {
    if (list) await update({ id: list.id, name: values.name.trim() }).unwrap();
    else await create({ name: values.name.trim() }).unwrap();
  });
  return (
    <FormDialog
      title={t(list ? 'contactLists.dialog.editTitle' : 'contactLists.dialog.addTitle')}
      testId="contact-list-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="contact-list-save"
      size="sm"
    >
      <TextField label={t('contactLists.field.name')} {...bind('name')} required autoFocus testId="contact-list-field-name" />
    </FormDialog>
  );
}
