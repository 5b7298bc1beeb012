import { Badge, Box, Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useErrorToast } from '../../app/notify';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { ContactPicker, useContactQuery } from '../contacts';
import { useCreateScheduleMutation, useUpdateScheduleMutation, type Schedule } from './api';
import { canSaveSchedule, defaultSendAt, toLocalInput, validateSchedule, type ScheduleErrors } from './rules';

export interface ScheduleFormDialogProps {
  /** The schedule edited, or null to add one. */
  schedule: Schedule | null;
  /** The contact an added schedule starts with (`/schedules?contactId=`). */
  contactId?: number;
  onClose(): void;
  onSaved(schedule: Schedule): void;
}

/**
 * The scheduled-messages page's form: contact, body and send time (one hour ahead by default). A sent schedule
 * opens read-only, without the save button; a failed one says its send failed.
 */
export default function ScheduleFormDialog({ schedule, contactId, onClose, onSaved }: ScheduleFormDialogProps) {
  const t = useT();
  const showError = useErrorToast();
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(schedule?.contact ?? null);
  const [dropPrefill, setDropPrefill] = useState(false);
  const prefillId = schedule || dropPrefill ? undefined : contactId;
  const { data: prefilled } = useContactQuery(prefillId ?? 0, { skip: prefillId === undefined || picked !== null });
  const contact = picked ?? (prefilled ? { id: prefilled.id, name: prefilled.name } : null);
  const [values, setValues] = useState({ body: schedule?.body ?? '', sendAt: schedule ? toLocalInput(new Date(schedule.sendAt)) : defaultSendAt(new Date()) });
  const [errors, setErrors] = useState<ScheduleErrors & { contact?: 'required' }>({});
  const [createSchedule, creating] = useCreateScheduleMutation();
  const [updateSchedule, updating] = useUpdateScheduleMutation();
  const editable = canSaveSchedule(schedule);

  const submit = async () => {
    const found: ScheduleErrors & { contact?: 'required' } = validateSchedule(values);
    if (!contact) found.contact = 'required';
    setErrors(found);
    if (Object.keys(found).length > 0 || !contact) return;
    const input = { body: values.body.trim(), contactId: contact.id, sendAt: new Date(values.sendAt).toISOString() };
    try {
      const saved = schedule ? await updateSchedule({ id: schedule.id, ...input }).unwrap() : await createSchedule(input).unwrap();
      toaster.create({ type: 'success', description: t('scheduleModal.success') });
      onSaved(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const errorText = (error: 'required' | 'tooShort') => t(error === 'required' ? 'schedule.required' : 'schedule.tooShort');

  return (
    <FormDialog
      title={t(schedule ? 'schedule.editTitle' : 'schedule.title')}
      testId="schedule-form-dialog"
      onClose={onClose}
      onSubmit={editable ? submit : undefined}
      busy={creating.isLoading || updating.isLoading}
      saveTestId="schedule-form-save"
      footer={
        editable ? undefined : (
          <Button variant="outline" onClick={onClose} data-testid="schedule-form-close">
            {t('common.close')}
          </Button>
        )
      }
    >
      <Stack gap="4">
        <Field.Root invalid={!!errors.contact} required>
          <Field.Label>
            {t('schedule.contact')}
            <Field.RequiredIndicator />
          </Field.Label>
          {contact ? (
            <HStack justify="space-between" w="full">
              <Badge colorPalette="green" size="lg" data-testid="schedule-form-contact">
                {contact.name}
              </Badge>
              {editable && !schedule && (
                <Button
                  size="xs"
                  variant="ghost"
                  onClick={() => {
                    setPicked(null);
                    setDropPrefill(true);
                  }}
                  data-testid="schedule-form-contact-change"
                >
                  {t('schedules.changeContact')}
                </Button>
              )}
            </HStack>
          ) : (
            <Box w="full">
              <ContactPicker selected={null} onPick={(chosen) => setPicked({ id: chosen.id, name: chosen.name })} testId="schedule-form-contact-picker" />
            </Box>
          )}
          {errors.contact && <Field.ErrorText>{t('schedule.required')}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!errors.body} required>
          <Field.Label>
            {t('schedule.body')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            rows={4}
            value={values.body}
            readOnly={!editable}
            onChange={(event) => setValues((current) => ({ ...current, body: event.target.value }))}
            data-testid="schedule-form-body"
          />
          {errors.body && <Field.ErrorText>{errorText(errors.body)}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!errors.sendAt} required>
          <Field.Label>
            {t('schedule.sendAt')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="datetime-local"
            value={values.sendAt}
            readOnly={!editable}
            onChange={(event) => setValues((current) => ({ ...current, sendAt: event.target.value }))}
            data-testid="schedule-form-send-at"
          />
          {errors.sendAt && <Field.ErrorText>{errorText(errors.sendAt)}</Field.ErrorText>}
        </Field.Root>
        {schedule?.status === 'ERRO' && (
          <Text color="fg.error" textStyle="sm" data-testid="schedule-form-send-error">
            {t('schedule.sendError')}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}
