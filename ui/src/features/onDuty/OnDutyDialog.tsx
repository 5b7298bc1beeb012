import { Field, Grid, Input, Stack, Text } from '@chakra-ui/react';
import type { OnDutyView } from '@conversa/contracts';
import { useT } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { namedOptions, SelectField } from '../../shared/SelectField';
import { useForm } from '../../shared/useForm';
import { hasErrors } from '../../shared/validation';
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
  const { values, set, errors, check } = useForm<OnDutyFormValues, OnDutyField>(() => (entry ? onDutyFormOf(entry) : emptyOnDutyForm()), validateOnDutyForm);
  const { data: users = [] } = useOnDutyUsersQuery();
  const [createOnDuty] = useCreateOnDutyMutation();
  const [updateOnDuty] = useUpdateOnDutyMutation();
  const feedback = useFeedback(feedbackTexts);

  const setDay = (weekdayEn: OnDutyDayValues['weekdayEn'], field: 'startTime' | 'endTime', typed: string) =>
    set(
      'days',
      values.days.map((day) => (day.weekdayEn === weekdayEn ? { ...day, [field]: maskTime(typed) } : day)),
    );

  const submit = async () => {
    if (hasErrors(check())) return;
    try {
      const request = onDutyRequestOf(values);
      const saved = creating ? await createOnDuty(request).unwrap() : await updateOnDuty({ id: entry.id, ...request }).unwrap();
      feedback.succeeded();
      onSaved?.(saved);
      onClose();
    } catch (error) {
      feedback.saveFailed(error);
    }
  };

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
          invalid={!!errors.userId}
          required
        >
          {errors.userId && <Field.ErrorText data-testid="on-duty-field-user-error">{t(errors.userId)}</Field.ErrorText>}
        </SelectField>
        <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="3">
          <Field.Root invalid={!!errors.phone} required>
            <Field.Label>{t('onDuty.field.phone')}</Field.Label>
            <Input
              value={values.phone}
              inputMode="tel"
              maxLength={30}
              onChange={(event) => set('phone', event.target.value)}
              data-testid="on-duty-field-phone"
            />
            {errors.phone ? (
              <Field.ErrorText data-testid="on-duty-field-phone-error">{t(errors.phone)}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t('onDuty.field.phoneHelp')}</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={!!errors.interval} required>
            <Field.Label>{t('onDuty.field.interval')}</Field.Label>
            <Input
              value={values.interval}
              inputMode="numeric"
              maxLength={2}
              onChange={(event) => set('interval', event.target.value.replace(/\D/g, ''))}
              data-testid="on-duty-field-interval"
            />
            {errors.interval && <Field.ErrorText>{t(errors.interval)}</Field.ErrorText>}
          </Field.Root>
        </Grid>
        <Stack gap="2">
          <Text fontWeight="medium">{t('onDuty.field.days')}</Text>
          {values.days.map((day) => {
            const startError = errors[`start-${day.weekdayEn}`];
            const endError = errors[`end-${day.weekdayEn}`];
            return (
              <Grid key={day.weekdayEn} templateColumns="8rem 1fr 1fr" gap="3" alignItems="start">
                <Text pt="2">{t(`onDuty.day.${day.weekdayEn}`)}</Text>
                <Field.Root invalid={!!startError}>
                  <Input
                    size="sm"
                    placeholder="##:##"
                    aria-label={`${t(`onDuty.day.${day.weekdayEn}`)} ${t('onDuty.field.start')}`}
                    value={day.startTime}
                    onChange={(event) => setDay(day.weekdayEn, 'startTime', event.target.value)}
                    data-testid={`on-duty-start-${day.weekdayEn}`}
                  />
                  {startError && <Field.ErrorText>{t(startError)}</Field.ErrorText>}
                </Field.Root>
                <Field.Root invalid={!!endError}>
                  <Input
                    size="sm"
                    placeholder="##:##"
                    aria-label={`${t(`onDuty.day.${day.weekdayEn}`)} ${t('onDuty.field.end')}`}
                    value={day.endTime}
                    onChange={(event) => setDay(day.weekdayEn, 'endTime', event.target.value)}
                    data-testid={`on-duty-end-${day.weekdayEn}`}
                  />
                  {endError && <Field.ErrorText>{t(endError)}</Field.ErrorText>}
                </Field.Root>
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
