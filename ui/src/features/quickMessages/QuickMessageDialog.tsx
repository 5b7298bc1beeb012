import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { SwitchField, TextAreaField, TextField } from '../../shared/form/fields';
import { useRef, useState } from 'react';
import { LuPaperclip, LuX } from 'react-icons/lu';
import { useErrorToast } from '../../app/notify';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { idOf, idValue, namedOptions, SelectField } from '../../shared/SelectField';
import {
  useCreateQuickMessageMutation,
  useQuickMessageCategoriesQuery,
  useRemoveQuickMessageMediaMutation,
  useUpdateQuickMessageMutation,
  useUploadQuickMessageMediaMutation,
  type QuickMessage,
} from './api';
import {
  emptyQuickMessage,
  managesAllQuickMessages,
  requestOf,
  validateQuickMessage,
  valuesOf,
  type QuickMessageErrors,
  type QuickMessageValues,
} from './quickMessageForm';

/**
 * Adds or edits a quick reply: shortcode, message, the general flag (admins and supervisors), category entry or
 * its category, and one attached file. The record is saved first, then the file is uploaded or removed, so a
 * refused file leaves a saved reply the user can attach to again.
 */
export default function QuickMessageDialog({
  record,
  onClose,
  onSaved,
}: {
  record: QuickMessage | null;
  onClose(): void;
  onSaved(record: QuickMessage): void;
}) {
  const t = useT();
  const showError = useErrorToast();
  const me = useAppSelector((state) => state.session.user)!;
  const managesAll = managesAllQuickMessages(me);
  const [values, setValues] = useState<QuickMessageValues>(record ? valuesOf(record) : emptyQuickMessage());
  const [errors, setErrors] = useState<QuickMessageErrors>({});
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const { data: categories = [] } = useQuickMessageCategoriesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [create, creating] = useCreateQuickMessageMutation();
  const [update, updating] = useUpdateQuickMessageMutation();
  const [upload, uploading] = useUploadQuickMessageMediaMutation();
  const [removeMedia, removing] = useRemoveQuickMessageMediaMutation();
  const set = <Key extends keyof QuickMessageValues>(key: Key, value: QuickMessageValues[Key]) => setValues((current) => ({ ...current, [key]: value }));
  const attachedName = file?.name ?? (dropMedia ? null : (record?.mediaName ?? null));

  const submit = async () => {
    const found = validateQuickMessage(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      let saved = record ? await update({ id: record.id, ...requestOf(values, me) }).unwrap() : await create(requestOf(values, me)).unwrap();
      if (file) saved = await upload({ id: saved.id, file }).unwrap();
      else if (dropMedia && saved.mediaPath) saved = await removeMedia(saved.id).unwrap();
      onSaved(saved);
      toaster.create({ type: 'success', description: t('quickMessages.saved') });
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const categoryChoices = categories.filter((category) => category.id !== record?.id).map((category) => ({ id: category.id, name: category.shortcode }));

  return (
    <FormDialog
      title={t(record ? 'quickMessages.editTitle' : 'quickMessages.addTitle')}
      testId="quick-message-dialog"
      onClose={onClose}
      onSubmit={submit}
      busy={creating.isLoading || updating.isLoading || uploading.isLoading || removing.isLoading}
      saveTestId="quick-message-save"
    >
      <Stack gap="4">
        <TextField
          label={t('quickMessages.field.shortcode')}
          indicator
          required
          value={values.shortcode}
          onChange={(typed) => set('shortcode', typed)}
          error={errors.shortcode && 'quickMessages.required'}
          testId="quick-message-shortcode"
        />
        <TextAreaField
          label={t('quickMessages.field.message')}
          rows={5}
          value={values.message}
          onChange={(typed) => set('message', typed)}
          testId="quick-message-message"
        />
        <SwitchField
          label={t('quickMessages.field.isCategory')}
          value={values.isCategory}
          onChange={(checked) => set('isCategory', checked)}
          testId="quick-message-is-category"
        />
        {!values.isCategory && (
          <SelectField
            label={t('quickMessages.field.category')}
            value={idValue(values.categoryId)}
            onChange={(chosen) => set('categoryId', idOf(chosen))}
            options={namedOptions(categoryChoices, t('quickMessages.noCategory'))}
            testId="quick-message-category"
          />
        )}
        {managesAll && (
          <SwitchField label={t('quickMessages.field.geral')} value={values.geral} onChange={(checked) => set('geral', checked)} testId="quick-message-geral" />
        )}
        <Stack gap="2">
          <Text fontWeight="medium" textStyle="sm">
            {t('quickMessages.field.media')}
          </Text>
          <HStack>
            <input
              ref={fileInput}
              type="file"
              hidden
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setDropMedia(false);
                event.target.value = '';
              }}
              data-testid="quick-message-file"
            />
            <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()} data-testid="quick-message-attach">
              <LuPaperclip /> {t('quickMessages.attach')}
            </Button>
            {attachedName && (
              <HStack gap="1">
                <Text textStyle="sm" data-testid="quick-message-media-name">
                  {attachedName}
                </Text>
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={t('quickMessages.removeMedia')}
                  onClick={() => {
                    setFile(null);
                    setDropMedia(true);
                  }}
                  data-testid="quick-message-remove-media"
                >
                  <LuX />
                </Button>
              </HStack>
            )}
          </HStack>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
