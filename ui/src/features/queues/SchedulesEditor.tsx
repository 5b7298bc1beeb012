import { Field, Grid, Input, Text } from '@chakra-ui/react';
import type { ScheduleEntry } from '@conversa/contracts';
import { useT, type MessageKey } from '../../i18n';
import { maskTime } from './queueForm';

const windows = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const;
type WindowField = (typeof windows)[number];
const windowLabels: Record<WindowField, MessageKey> = {
  startTimeA: 'queues.schedules.startTimeA',
  endTimeA: 'queues.schedules.endTimeA',
  startTimeB: 'queues.schedules.startTimeB',
  endTimeB: 'queues.schedules.endTimeB',
};

/** Opening hours: for each weekday, window A and window B in HH:mm. */
export function SchedulesEditor({
  schedules,
  errors,
  onChange,
}: {
  schedules: ScheduleEntry[];
  /** `<day index>.<field>` → message. */
  errors: Record<string, MessageKey>;
  onChange: (schedules: ScheduleEntry[]) => void;
}) {
  const t = useT();
  const set = (dayIndex: number, field: WindowField, value: string) =>
    onChange(schedules.map((day, index) => (index === dayIndex ? { ...day, [field]: maskTime(value) } : day)));

  return (
    <Grid templateColumns="minmax(8rem, 1fr) repeat(4, minmax(5.5rem, 1fr))" gap="3" alignItems="start" data-testid="queue-schedules">
      <Text fontWeight="semibold">{t('queues.schedules.weekday')}</Text>
      {windows.map((field) => (
        <Text key={field} fontWeight="semibold">
          {t(windowLabels[field])}
        </Text>
      ))}
      {schedules.map((day, dayIndex) => [
        <Text key={`${day.weekdayEn}-label`} pt="2">
          {t(`queues.weekday.${day.weekdayEn}`)}
        </Text>,
        ...windows.map((field) => {
          const error = errors[`${dayIndex}.${field}`];
          return (
            <Field.Root key={`${day.weekdayEn}-${field}`} invalid={!!error}>
              <Input
                value={day[field]}
                placeholder="HH:mm"
                inputMode="numeric"
                maxLength={5}
                aria-label={`${t(`queues.weekday.${day.weekdayEn}`)} ${t(windowLabels[field])}`}
                onChange={(event) => set(dayIndex, field, event.target.value)}
                data-testid={`schedule-${day.weekdayEn}-${field}`}
              />
              {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
            </Field.Root>
          );
        }),
      ])}
      <Text gridColumn="1 / -1" color="fg.muted" fontSize="sm">
        {t('queues.schedules.hint')}
      </Text>
    </Grid>
  );
}
