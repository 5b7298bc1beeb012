import { Button, Field, HStack, Input, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import type { AnnouncementView } from '@conversa/contracts';
import { useRef, useState } from 'react';
import { LuImagePlus, LuTrash2 } from 'react-icons/lu';
import { useT } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { SelectField } from '../../shared/SelectField';
import { useForm } from '../../shared/useForm';
import { hasErrors } from '../../shared/validation';
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
  const { values, set, errors, check } = useForm<AnnouncementFormValues, AnnouncementField>(
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

  const submit = async () => {
    if (hasErrors(check())) return;
    try {
      const request = announcementRequestOf(values);
      const saved = announcement ? await update({ id: announcement.id, ...request }).unwrap() : await create(request).unwrap();
      if (file) await upload({ id: saved.id, file }).unwrap();
      else if (removeCurrent && saved.mediaPath) await removeMedia(saved.id).unwrap();
      feedback.succeeded();
      onClose();
    } catch (error) {
      feedback.saveFailed(error);
    }
  };

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
        <Field.Root invalid={!!errors.title} required>
          <Field.Label>{t('announcements.field.title')}</Field.Label>
          <Input value={values.title} autoFocus onChange={(event) => set('title', event.target.value)} data-testid="announcement-field-title" />
          {errors.title && <Field.ErrorText>{t(errors.title)}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!errors.text} required>
          <Field.Label>{t('announcements.field.text')}</Field.Label>
          <Textarea value={values.text} rows={4} onChange={(event) => set('text', event.target.value)} data-testid="announcement-field-text" />
          {errors.text && <Field.ErrorText>{t(errors.text)}</Field.ErrorText>}
        </Field.Root>
        <SelectField
          label={t('announcements.field.priority')}
          value={values.priority}
          onChange={(value) => set('priority', value as AnnouncementFormValues['priority'])}
          options={priorities}
          testId="announcement-field-priority"
        />
        <Switch.Root checked={values.status} onCheckedChange={(details) => set('status', details.checked)} data-testid="announcement-field-status">
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('announcements.field.status')}</Switch.Label>
        </Switch.Root>
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
