import { Button, Field, HStack, Stack, Text } from '@chakra-ui/react';
import type { AnnouncementView } from '@conversa/contracts';
import { useRef, useState } from 'react';
import { LuImagePlus, LuTrash2 } from 'react-icons/lu';
import { useT } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { SwitchField, TextAreaField, TextField } from '../../shared/form/fields';
import { saveAndClose } from '../../shared/form/save';
import { SelectField } from '../../shared/SelectField';
import { useForm } from '../../shared/useForm';
import { useCreateAnnouncementMutation, useRemoveAnnouncementMediaMutation, useUpdateAnnouncementMutation, useUploadAnnouncementMediaMutation } from './api';
import {
  ANNOUNCEMENT_ACCEPT,
  announcementFormOf,
  announcementRequestOf,
  emptyAnnouncementForm,
  isAcceptedImage,
  validateAnnouncementForm,
  type AnnouncementField,
  type AnnouncementFormValues,
} from './announcementForm';

const feedbackTexts = { success: 'announcements.saved', saveFailed: 'announcements.saveFailed', deleteFailed: 'announcements.deleteFailed' } as const;

/** Add or edit an announcement: title, text, priority, status, and an image (png, jpg, jpeg) uploaded after the save. */
export default function AnnouncementDialog({ announcement, onClose }: { announcement: AnnouncementView | null; onClose(): void }) {
  const t = useT();
  const { values, set, check, bind } = useForm<AnnouncementFormValues, AnnouncementField>(
    () => (announcement ? announcementFormOf(announcement) : emptyAnnouncementForm()),
    validateAnnouncementForm,
  );
  const [file, setFile] = useState<File | null>(null);
  const [removeCurrent, setRemoveCurrent] = useState(false);
  const [wrongType, setWrongType] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [create] = useCreateAnnouncementMutation();
  const [update] = useUpdateAnnouncementMutation();
  const [upload, uploading] = useUploadAnnouncementMediaMutation();
  const [removeMedia] = useRemoveAnnouncementMediaMutation();
  const feedback = useFeedback(feedbackTexts);

  const submit = saveAndClose({ check, feedback, onClose }, async () => {
    const request = announcementRequestOf(values);
    const saved = announcement ? await update({ id: announcement.id, ...request }).unwrap() : await create(request).unwrap();
    if (file) await upload({ id: saved.id, file }).unwrap();
    else if (removeCurrent && saved.mediaPath) await removeMedia(saved.id).unwrap();
  });

  const currentName = file?.name ?? (removeCurrent ? null : (announcement?.mediaName ?? null));
  const priorities = (['1', '2', '3'] as const).map((value) => ({ value, label: t(`announcements.priority.${value}`) }));
  return (
    <FormDialog
      title={t(announcement ? 'announcements.dialog.editTitle' : 'announcements.dialog.addTitle')}
      testId="announcement-dialog"
      onClose={onClose}
      onSubmit={submit}
      busy={uploading.isLoading}
      saveTestId="announcement-save"
    >
      <Stack gap="4">
        <TextField label={t('announcements.field.title')} {...bind('title')} required autoFocus testId="announcement-field-title" />
        <TextAreaField label={t('announcements.field.text')} {...bind('text')} required rows={4} testId="announcement-field-text" />
        <SelectField
          label={t('announcements.field.priority')}
          value={values.priority}
          onChange={(value) => set('priority', value as AnnouncementFormValues['priority'])}
          options={priorities}
          testId="announcement-field-priority"
        />
        <SwitchField label={t('announcements.field.status')} {...bind('status')} testId="announcement-field-status" />
        <Field.Root invalid={wrongType}>
          <Field.Label>{t('announcements.field.attachment')}</Field.Label>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={ANNOUNCEMENT_ACCEPT}
            data-testid="announcement-file-input"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              event.target.value = '';
              if (!chosen) return;
              setWrongType(!isAcceptedImage(chosen));
              if (isAcceptedImage(chosen)) setFile(chosen);
            }}
          />
          <HStack>
            <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()} data-testid="announcement-attach">
              <LuImagePlus /> {t('announcements.attach')}
            </Button>
            {currentName && (
              <>
                <Text fontSize="sm" truncate data-testid="announcement-attachment-name">
                  {currentName}
                </Text>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('announcements.removeAttachment')}
                  onClick={() => {
                    setFile(null);
                    setRemoveCurrent(true);
                  }}
                >
                  <LuTrash2 />
                </Button>
              </>
            )}
          </HStack>
          {wrongType && <Field.ErrorText>{t('announcements.onlyImages')}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
