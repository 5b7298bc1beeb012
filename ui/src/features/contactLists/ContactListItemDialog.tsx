import { Stack } from '@chakra-ui/react';
import type { ContactListItemView } from '@conversa/contracts';
import { useT } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { TextField } from '../../shared/form/fields';
import { saveAndClose } from '../../shared/form/save';
import { useForm } from '../../shared/useForm';
import { useCreateContactListItemMutation, useUpdateContactListItemMutation } from './api';
import { validateItemForm, type ItemFormValues } from './listForm';

const feedbackTexts = { success: 'contactListItems.saved', saveFailed: 'contactListItems.saveFailed', deleteFailed: 'contactListItems.deleteFailed' } as const;
const fields = ['name', 'number', 'email'] as const;

/** Add or edit a list's contact: name 2–50, number 8–50 (normalised by the server), optional e-mail. */
export default function ContactListItemDialog({ contactListId, item, onClose }: { contactListId: number; item: ContactListItemView | null; onClose(): void }) {
  const t = useT();
  const { values, bind, check } = useForm<ItemFormValues, keyof ItemFormValues>(
    { name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' },
    validateItemForm,
  );
  const [create] = useCreateContactListItemMutation();
  const [update] = useUpdateContactListItemMutation();
  const feedback = useFeedback(feedbackTexts);
  const submit = saveAndClose({ check, feedback, onClose }, async () => {
    const body = { name: values.name.trim(), number: values.number.trim(), email: values.email.trim() };
    if (item) await update({ id: item.id, ...body }).unwrap();
    else await create({ contactListId, ...body }).unwrap();
  });
  return (
    <FormDialog
      title={t(item ? 'contactListItems.dialog.editTitle' : 'contactListItems.dialog.addTitle')}
      testId="item-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="item-save"
      size="sm"
    >
      <Stack gap="4">
        {fields.map((field) => (
          <TextField key={field} label={t(`contactListItems.field.${field}`)} {...bind(field)} required={field !== 'email'} testId={`item-field-${field}`} />
        ))}
      </Stack>
    </FormDialog>
  );
}
