import { Badge, Button, Field, HStack, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useErrorToast } from '../../app/notify';
import { formatDateTime } from '../../app/dates';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { useContactQuery } from '../contacts/api';
import { useContactSchedulesQuery, useCreateScheduleMutation, useUpdateScheduleMutation, type Schedule } from './api';
import { ScheduleFields } from './scheduleFields';
import { canSaveSchedule, defaultSendAt, toLocalInput, validateSchedule, type ScheduleErrors } from './rules';

export interface ScheduleDialogProps {
  open: boolean;
  onClose: () => void;
  contactId: number;
  ticketId: number;
}

const statusPalette = (status: string) => (status === 'ERRO' ? 'red' : status === 'ENVIADA' ? 'green' : 'gray');

/**
 * The scheduled-message dialog of the ticket screen: a message to this ticket's contact at a
 * chosen time (default one hour from now). The contact's scheduled messages are listed below; picking one edits it, and one
 * already sent shows without the save button.
 */
export function ScheduleDialog({ open, onClose, contactId, ticketId }: ScheduleDialogProps) {
  const t = useT();
  const showError = useErrorToast();
  const { data: contact } = useContactQuery(contactId, { skip: !open });
  const { data: existing } = useContactSchedulesQuery(contactId, { skip: !open, refetchOnMountOrArgChange: true });
  const [createSchedule, creating] = useCreateScheduleMutation();
  const [updateSchedule, updating] = useUpdateScheduleMutation();
  const [editing, setEditing] = useState<Schedule | null>(null);
  const [values, setValues] = useState({ body: '', sendAt: '' });
  const [errors, setErrors] = useState<ScheduleErrors>({});

  useEffect(() => {
    if (!open) return;
    setEditing(null);
    setValues({ body: '', sendAt: defaultSendAt(new Date()) });
    setErrors({});
  }, [open]);

  const pick = (schedule: Schedule) => {
    setEditing(schedule);
    setValues({ body: schedule.body, sendAt: toLocalInput(new Date(schedule.sendAt)) });
    setErrors({});
  };

  const submit = async () => {
    const found = validateSchedule(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input = { body: values.body.trim(), contactId, sendAt: new Date(values.sendAt).toISOString() };
    try {
      if (editing) await updateSchedule({ id: editing.id, ...input }).unwrap();
      else await createSchedule({ ...input, ticketId }).unwrap();
      toaster.create({ type: 'success', description: t('scheduleModal.success') });
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <FormDialog
      open={open}
      title={t(editing ? 'schedule.editTitle' : 'schedule.title')}
      testId="schedule-dialog"
      onClose={onClose}
      onSubmit={submit}
      scrollInside
      footer={
        <>
          {editing && (
            <Button
              variant="ghost"
              onClick={() => {
                setEditing(null);
                setValues({ body: '', sendAt: defaultSendAt(new Date()) });
              }}
              data-testid="schedule-new"
            >
              {t('schedule.new')}
            </Button>
          )}
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {canSaveSchedule(editing) && (
            <Button type="submit" loading={creating.isLoading || updating.isLoading} data-testid="schedule-save">
              {t('common.save')}
            </Button>
          )}
        </>
      }
    >
      <Stack gap="4">
        <Field.Root>
          <Field.Label>{t('schedule.contact')}</Field.Label>
          <Input value={contact?.name ?? ''} readOnly data-testid="schedule-contact" />
        </Field.Root>
        <ScheduleFields values={values} onChange={setValues} errors={errors} failed={editing?.status === 'ERRO'} testId="schedule" />
        {existing && existing.schedules.length > 0 && (
          <>
            <Separator />
            <Stack gap="1" data-testid="schedule-list">
              <Text textStyle="sm" fontWeight="medium">
                {t('schedule.existing')}
              </Text>
              {existing.schedules.map((schedule) => (
                <HStack
                  key={schedule.id}
                  asChild
                  gap="2"
                  px="2"
                  py="1"
                  borderRadius="l2"
                  textAlign="left"
                  bg={editing?.id === schedule.id ? 'colorPalette.subtle' : undefined}
                  _hover={{ bg: 'bg.muted' }}
                >
                  <button type="button" onClick={() => pick(schedule)} data-testid={`schedule-item-${schedule.id}`}>
                    <Text flex="1" textStyle="sm" truncate>
                      {schedule.body}
                    </Text>
                    <Text textStyle="xs" color="fg.muted">
                      {formatDateTime(schedule.sendAt)}
                    </Text>
                    <Badge colorPalette={statusPalette(schedule.status)}>
                      {t(`schedule.status.${schedule.status === 'ERRO' ? 'ERRO' : schedule.status === 'ENVIADA' ? 'ENVIADA' : 'PENDENTE'}`)}
                    </Badge>
                  </button>
                </HStack>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
