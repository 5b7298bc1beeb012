import { Badge, Box, Button, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useErrorToast } from '../../app/notify';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { FieldFrame } from '../../shared/form/fields';
import { ContactPicker, useContactQuery } from '../contacts';
import { useCreateScheduleMutation, useUpdateScheduleMutation, type Schedule } from './api';
import { ScheduleFields } from './scheduleFields';
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

  return (
    <FormDialog
      title={t(schedule ? 'schedule.editTitle' : 'schedule.title')}
      testId="schedule-form-dialog"
      onClose={onClose}
      onSubmit={editable ? submit : undefined}
      busy={creating.isLoading || updating.isLoading}
      saveTestId="schedule-form-save"
      closeOnly={!editable}
      cancelTestId={editable ? undefined : 'schedule-form-close'}
    >
      <Stack gap="4">
        <FieldFrame label={t('schedule.contact')} indicator required error={errors.contact && 'schedule.required'}>
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
        </FieldFrame>
        <ScheduleFields values={values} onChange={setValues} errors={errors} readOnly={!editable} failed={schedule?.status === 'ERRO'} testId="schedule-form" />
      </Stack>
    </FormDialog>
  );
}
