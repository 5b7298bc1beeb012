import { Text } from '@chakra-ui/react';
import type { MessageKey } from '../../i18n';
import { useT } from '../../i18n';
import { TextAreaField, TextField } from '../../shared/form/fields';
import type { ScheduleErrors } from './rules';

export interface ScheduleValues {
  body: string;
  sendAt: string;
}

const errorKey = (error: ScheduleErrors['body']): MessageKey | undefined => error && (error === 'required' ? 'schedule.required' : 'schedule.tooShort');

/**
 * The message and its send time, both schedule dialogs' fields (the ticket's and the page's), and the line saying a
 * failed schedule's send failed. `testId` prefixes each field's test id.
 */
export function ScheduleFields(props: {
  values: ScheduleValues;
  onChange(values: ScheduleValues): void;
  errors: ScheduleErrors;
  readOnly?: boolean;
  failed: boolean;
  testId: string;
}) {
  const t = useT();
  const { values, errors, readOnly } = props;
  return (
    <>
      <TextAreaField
        label={t('schedule.body')}
        indicator
        required
        rows={4}
        value={values.body}
        readOnly={readOnly}
        onChange={(body) => props.onChange({ ...values, body })}
        error={errorKey(errors.body)}
        testId={`${props.testId}-body`}
      />
      <TextField
        label={t('schedule.sendAt')}
        indicator
        required
        type="datetime-local"
        value={values.sendAt}
        readOnly={readOnly}
        onChange={(sendAt) => props.onChange({ ...values, sendAt })}
        error={errorKey(errors.sendAt)}
        testId={`${props.testId}-send-at`}
      />
      {props.failed && (
        <Text color="fg.error" textStyle="sm" data-testid={`${props.testId}-send-error`}>
          {t('schedule.sendError')}
        </Text>
      )}
    </>
  );
}
