import { Button, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import type { FileListView } from '@conversa/contracts';
import { useRef, useState } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { useT } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { TextAreaField, TextField } from '../../shared/form/fields';
import { saveAndClose } from '../../shared/form/save';
import { useForm } from '../../shared/useForm';
import type { FieldErrors } from '../../shared/validation';
import { useCreateFileListMutation, useUpdateFileListMutation, useUploadFileListMutation } from './api';

const feedbackTexts = { success: 'files.saved', saveFailed: 'files.saveFailed', deleteFailed: 'files.deleteFailed' } as const;

/** The dialog's rules: a name of at least 3 ('nome muito curto'), a message. */
export function validateFileListForm(values: { name: string; message: string }): FieldErrors<'name' | 'message'> {
  const errors: FieldErrors<'name' | 'message'> = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'files.validation.required';
  else if (name.length < 3) errors.name = 'files.validation.tooShort';
  if (values.message.trim() === '') errors.message = 'files.validation.required';
  return errors;
}

/** Add or edit a file list: name, message and its files (kept ones listed, new ones uploaded after the save). */
export default function FileListDialog({ list, onClose }: { list: FileListView | null; onClose(): void }) {
  const t = useT();
  const { values, check, bind } = useForm({ name: list?.name ?? '', message: list?.message ?? '' }, validateFileListForm);
  const [kept, setKept] = useState(list?.options ?? []);
  const [added, setAdded] = useState<Array<{ name: string; file: File }>>([]);
  const picker = useRef<HTMLInputElement>(null);
  const [create] = useCreateFileListMutation();
  const [update] = useUpdateFileListMutation();
  const [upload, uploading] = useUploadFileListMutation();
  const feedback = useFeedback(feedbackTexts);
  const submit = saveAndClose({ check, feedback, onClose }, async () => {
    const body = { name: values.name.trim(), message: values.message.trim() };
    const saved = list ? await update({ id: list.id, ...body, options: kept.map((option) => ({ id: option.id })) }).unwrap() : await create(body).unwrap();
    if (added.length > 0) await upload({ id: saved.id, files: added }).unwrap();
  });
  return (
    <FormDialog
      title={t(list ? 'files.dialog.editTitle' : 'files.dialog.addTitle')}
      testId="file-list-dialog"
      onClose={onClose}
      onSubmit={submit}
      busy={uploading.isLoading}
      saveTestId="file-list-save"
      size="md"
    >
      <Stack gap="4">
        <TextField label={t('files.field.name')} {...bind('name')} required testId="file-list-field-name" errorTestId="file-list-field-name-error" />
        <TextAreaField label={t('files.field.message')} {...bind('message')} required rows={3} testId="file-list-field-message" />
        <Text fontWeight="medium">{t('files.field.options')}</Text>
        {kept.map((option) => (
          <HStack key={option.id}>
            <Text flex="1">{option.name}</Text>
            <IconButton aria-label={t('files.field.removeFile')} variant="ghost" onClick={() => setKept(kept.filter((other) => other.id !== option.id))}>
              <LuTrash2 />
            </IconButton>
          </HStack>
        ))}
        {added.map((entry, index) => (
          <HStack key={`${entry.file.name}-${index}`}>
            <Input value={entry.name} onChange={(event) => setAdded(added.map((other, i) => (i === index ? { ...other, name: event.target.value } : other)))} />
            <IconButton aria-label={t('files.field.removeFile')} variant="ghost" onClick={() => setAdded(added.filter((_, i) => i !== index))}>
              <LuTrash2 />
            </IconButton>
          </HStack>
        ))}
        <Button alignSelf="start" variant="outline" size="sm" onClick={() => picker.current?.click()} data-testid="file-list-add-file">
          <LuPlus /> {t('files.field.addFile')}
        </Button>
        <input
          ref={picker}
          type="file"
          hidden
          multiple
          data-testid="file-list-file"
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            event.target.value = '';
            setAdded([...added, ...chosen.map((file) => ({ name: file.name, file }))]);
          }}
        />
      </Stack>
    </FormDialog>
  );
}
