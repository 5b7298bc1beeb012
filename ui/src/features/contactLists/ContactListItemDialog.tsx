import { Field, Input, Stack } from '@chakra-ui/react';
import type { ContactListItemView } from '@conversa/contracts';
import { useT } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { useForm } from '../../shared/useForm';
import { hasErrors } from '../../shared/validation';
import { useCreateContactListItemMutation, useUpdateContactListItemMutation } from './api';
import { validateItemForm, type ItemFormValues } from './listForm';

const feedbackTexts = { success: 'contactListItems.saved', saveFailed: 'contactListItems.saveFailed', deleteFailed: 'contactListItems.deleteFailed' } as const;
const fields = ['name', 'number', 'email'] as const;

/** Add or edit a list's contact: name 2–50, number 8–50 (normalised by the server), optional e-mail. */
export default function ContactListItemDialog({ contactListId, item, onClose }: { contactListId: number; item: ContactListItemView | null; onClose(): void }) {
  const t = useT();
  const { values, set, errors, check } = useForm<ItemFormValues, keyof ItemFormValues>(
    { name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' },
    validateItemForm,
  );
  const [create] = useCreateContactListItemMutation();
  const [update] = useUpdateContactListItemMutation();
  const feedback = useFeedback(feedbackTexts);
  const submit = async () => {
    if (hasErrors(check())) return;
    const body = { name: values.name.trim(), number: values.number.trim(), email: values.email.trim() };
    try {
      if (item) await update({ id: item.id, ...body }).unwrap();
      else await create({ contactListId, ...body }).unwrap();
      feedback.succeeded();
      onClose();
    } catch (error) {
      feedback.saveFailed(error);
    }
  };
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
          <Field.Root key={field} invalid={!!errors[field]} required={field !== 'email'}>
            <Field.Label>{t(`contactListItems.field.${field}`)}</Field.Label>
            <Input value={values[field]} onChange={(event) => set(field, event.target.value)} data-testid={`item-field-${field}`} />
            {errors[field] && <Field.ErrorText>{t(errors[field])}</Field.ErrorText>}
          </Field.Root>
        ))}
      </Stack>
    </FormDialog>
  );
}
