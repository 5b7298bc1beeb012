import { Box, Field, HStack, Input, Stack } from '@chakra-ui/react';
import type { TagView } from '@conversa/contracts';
import { useT } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { SwitchField, TextField } from '../../shared/form/fields';
import { saveAndClose } from '../../shared/form/save';
import { useForm } from '../../shared/useForm';
import { useCreateTagMutation, useUpdateTagMutation } from './api';
import { emptyTagForm, tagFormOf, tagRequestOf, validateTagForm, type TagField, type TagFormValues } from './tagForm';

const feedbackTexts = { success: 'tags.saved', saveFailed: 'tags.saveFailed', deleteFailed: 'tags.deleteFailed' } as const;

/**
 * Add or edit a tag: name, colour (a picker and its hex text) and the kanban flag. In kanban mode (the board's
 * "Adicionar lane", the lanes screen) a new tag starts as a lane. The lists follow from the `tag` frame.
 */
export default function TagDialog({
  tag,
  kanbanMode = false,
  onClose,
  onSaved,
}: {
  tag: TagView | null;
  kanbanMode?: boolean;
  onClose(): void;
  onSaved?(tag: TagView): void;
}) {
  const t = useT();
  const creating = tag === null;
  const { values, set, errors, check, bind } = useForm<TagFormValues, TagField>(() => (tag ? tagFormOf(tag) : emptyTagForm(kanbanMode)), validateTagForm);
  const [createTag] = useCreateTagMutation();
  const [updateTag] = useUpdateTagMutation();
  const feedback = useFeedback(feedbackTexts);

  const submit = saveAndClose({ check, feedback, onClose }, async () => {
    const saved = creating ? await createTag(tagRequestOf(values)).unwrap() : await updateTag({ id: tag.id, ...tagRequestOf(values) }).unwrap();
    onSaved?.(saved);
  });

  const title = creating ? (kanbanMode ? 'tags.dialog.addLaneTitle' : 'tags.dialog.addTitle') : 'tags.dialog.editTitle';
  return (
    <FormDialog title={t(title)} testId="tag-dialog" onClose={onClose} onSubmit={submit} saveTestId="tag-save" size="sm">
      <Stack gap="4">
        <TextField label={t('tags.field.name')} {...bind('name')} required autoFocus testId="tag-field-name" errorTestId="tag-field-name-error" />
        <Field.Root invalid={!!errors.color}>
          <Field.Label>{t('tags.field.color')}</Field.Label>
          <HStack w="full">
            {/* The native picker gives #rrggbb; the text beside it takes any hex the API accepts. */}
            <Box asChild w="10" h="9" flexShrink={0} p="0" borderWidth="1px" borderRadius="md" cursor="pointer">
              <input
                type="color"
                aria-label={t('tags.field.color')}
                value={/^#[0-9a-fA-F]{6}$/.test(values.color) ? values.color : '#000000'}
                onChange={(event) => set('color', event.target.value.toUpperCase())}
                data-testid="tag-color-picker"
              />
            </Box>
            <Input value={values.color} maxLength={9} onChange={(event) => set('color', event.target.value)} data-testid="tag-field-color" />
          </HStack>
          {errors.color && <Field.ErrorText>{t(errors.color)}</Field.ErrorText>}
        </Field.Root>
        <SwitchField label={t('tags.field.kanban')} {...bind('kanban')} testId="tag-field-kanban" />
      </Stack>
    </FormDialog>
  );
}
