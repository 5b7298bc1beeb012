import { Grid, Stack, Text } from '@chakra-ui/react';
import type { OnDutyView } from '@conversa/contracts';
import { useT } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { TextField } from '../../shared/form/fields';
import { saveAndClose } from '../../shared/form/save';
import { namedOptions, SelectField } from '../../shared/SelectField';
import { useForm } from '../../shared/useForm';
import { useCreateOnDutyMutation, useOnDutyUsersQuery, useUpdateOnDutyMutation } from './api';
import {
  emptyOnDutyForm,
  maskTime,
  onDutyFormOf,
  onDutyRequestOf,
  validateOnDutyForm,
  type OnDutyDayValues,
  type OnDutyField,
  type OnDutyFormValues,
} from './onDutyForm';

const feedbackTexts = { success: 'onDuty.saved', saveFailed: 'onDuty.saveFailed', deleteFailed: 'onDuty.deleteFailed' } as const;

/** Add or edit an on-duty entry: the attendant, the phone announcements go to, the interval, and a window per weekday. */
export default function OnDutyDialog({ entry, onClose, onSaved }: { entry: OnDutyView | null; onClose(): void; onSaved?(entry: OnDutyView): void }) {
  const t = useT();
  const creating = entry === null;
  const { values, set, bind, errors, check } = useForm<OnDutyFormValues, OnDutyField>(
    () => (entry ? onDutyFormOf(entry) : emptyOnDutyForm()),
    validateOnDutyForm,
  );
  const { data: users = [] } = useOnDutyUsersQuery();
  const [createOnDuty] = useCreateOnDutyMutation();
  const [updateOnDuty] = useUpdateOnDutyMutation();
  const feedback = useFeedback(feedbackTexts);

  const setDay = (weekdayEn: OnDutyDayValues['weekdayEn'], field: 'startTime' | 'endTime', typed: string) =>
    set(
      'days',
      values.days.map((day) => (day.weekdayEn === weekdayEn ? { ...day, [field]: maskTime(typed) } : day)),
    );

  const submit = saveAndClose({ check, feedback, onClose }, async () => {
    const request = onDutyRequestOf(values);
    const saved = creating ? await createOnDuty(request).unwrap() : await updateOnDuty({ id: entry.id, ...request }).unwrap();
    onSaved?.(saved);
  });

  return (
    <FormDialog
      title={t(creating ? 'onDuty.dialog.addTitle' : 'onDuty.dialog.editTitle')}
      testId="on-duty-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="on-duty-save"
      size="lg"
    >
      <Stack gap="4">
        <SelectField
          label={t('onDuty.field.user')}
          value={values.userId}
          onChange={(value) => set('userId', value)}
          options={namedOptions(users, t('onDuty.field.userNone'))}
          testId="on-duty-field-user"
          error={errors.userId}
          errorTestId="on-duty-field-user-error"
          required
        />
        <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="3">
          <TextField
            label={t('onDuty.field.phone')}
            {...bind('phone')}
            required
            inputMode="tel"
            maxLength={30}
            helper={t('onDuty.field.phoneHelp')}
            testId="on-duty-field-phone"
            errorTestId="on-duty-field-phone-error"
          />
          <TextField
            label={t('onDuty.field.interval')}
            value={values.interval}
            onChange={(typed) => set('interval', typed.replace(/\D/g, ''))}
            error={errors.interval}
            required
            inputMode="numeric"
            maxLength={2}
            testId="on-duty-field-interval"
          />
        </Grid>
        <Stack gap="2">
          <Text fontWeight="medium">{t('onDuty.field.days')}</Text>
          {values.days.map((day) => {
            const dayName = t(`onDuty.day.${day.weekdayEn}`);
            const time = (field: 'startTime' | 'endTime', edge: 'start' | 'end') => (
              <TextField
                size="sm"
                placeholder="##:##"
                aria-label={`${dayName} ${t(`onDuty.field.${edge}`)}`}
                value={day[field]}
                onChange={(typed) => setDay(day.weekdayEn, field, typed)}
                error={errors[`${edge}-${day.weekdayEn}`]}
                testId={`on-duty-${edge}-${day.weekdayEn}`}
              />
            );
            return (
              <Grid key={day.weekdayEn} templateColumns="8rem 1fr 1fr" gap="3" alignItems="start">
                <Text pt="2">{dayName}</Text>
                {time('startTime', 'start')}
                {time('endTime', 'end')}
              </Grid>
            );
          })}
          {errors.days && (
            <Text color="fg.error" fontSize="sm" data-testid="on-duty-days-error">
              {t(errors.days)}
            </Text>
          )}
        </Stack>
      </Stack>
    </FormDialog>
  );
}
