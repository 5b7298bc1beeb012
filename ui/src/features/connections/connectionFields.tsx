import { Button, Field, FileUpload, HStack, Text } from '@chakra-ui/react';
import { LuTrash2, LuUpload } from 'react-icons/lu';
import { useErrorToast } from '../../app/notify';
import { useT, type MessageKey } from '../../i18n';
import { SwitchField, TextAreaField, TextField } from '../../shared/form/fields';
import { SelectField, type SelectOption } from '../../shared/SelectField';
import { useRemoveGreetingMediaMutation, type NamedChoice } from './api';
import type { ConnectionFormErrors, ConnectionFormValues } from './connectionForm';

/** The connection dialog's field builders: each control bound to its value, with its label, helper and error. */
export function useConnectionFields(
  values: ConnectionFormValues,
  errors: ConnectionFormErrors,
  set: <K extends keyof ConnectionFormValues>(field: K, value: ConnectionFormValues[K]) => void,
) {
  const t = useT();
  // Each field's test ids follow its name; its error and helper its rules'.
  const bound = (name: keyof ConnectionFormValues, label: MessageKey, helper?: MessageKey) => ({
    label: t(label),
    error: errors[name],
    errorTestId: `connection-${name}-error`,
    helper: helper && t(helper),
    testId: `connection-${name}`,
  });
  const text = (name: 'name' | 'wavoip' | 'token' | 'importOldMessages' | 'importRecentMessages', label: MessageKey, helper?: MessageKey, type?: 'date') => (
    <TextField type={type} value={values[name]} onChange={(value) => set(name, value)} {...bound(name, label, helper)} />
  );
  const message = (
    name: 'greetingMessage' | 'complationMessage' | 'outOfHoursMessage' | 'ratingMessage' | 'expiresInactiveMessage' | 'inactiveMessage',
    label: MessageKey,
    helper?: MessageKey,
  ) => <TextAreaField rows={3} value={values[name]} onChange={(value) => set(name, value)} {...bound(name, label, helper)} />;
  const number = (
    name: 'maxUseBotQueues' | 'maxUseBotQueuesNPS' | 'expiresTicket' | 'expiresTicketNPS' | 'timeUseBotQueues' | 'timeInactiveMessage',
    label: MessageKey,
    helper?: MessageKey,
  ) => <TextField inputMode="numeric" value={values[name]} onChange={(value) => set(name, value.replace(/\D/g, ''))} {...bound(name, label, helper)} />;
  const toggle = (name: 'isDefault' | 'allowGroup' | 'importOldMessagesGroups' | 'closedTicketsPostImported' | 'importEnabled', label: MessageKey) => (
    <SwitchField label={t(label)} value={values[name]} onChange={(checked) => set(name, checked)} testId={`connection-${name}`} />
  );
  const select = (name: keyof ConnectionFormValues, label: MessageKey, options: readonly SelectOption[], value: string, onChange: (value: string) => void) => (
    <SelectField value={value} onChange={onChange} options={options} {...bound(name, label)} />
  );
  const choice = (name: 'integrationId' | 'promptId' | 'sendIdQueue', label: MessageKey, list: readonly NamedChoice[]) =>
    select(
      name,
      label,
      [{ value: '', label: t('connections.form.none') }, ...list.map((item) => ({ value: String(item.id), label: item.name }))],
      values[name] === null ? '' : String(values[name]),
      (value) => set(name, value === '' ? null : Number(value)),
    );
  const minutes = (value: number) => (value === 0 ? t('connections.form.off') : t('connections.form.minutes', { count: value }));
  /** A duration in seconds in its largest whole unit (10 s, 5 min, 2 h, 7 days). */
  const duration = (value: number) =>
    value === 0
      ? t('connections.form.off')
      : value < 60
        ? t('connections.form.seconds', { count: value })
        : value < 3600
          ? t('connections.form.minutes', { count: value / 60 })
          : value < 86400
            ? t('connections.form.hours', { count: value / 3600 })
            : t('connections.form.days', { count: value / 86400 });
  return { text, message, number, toggle, select, choice, minutes, duration };
}

/** The greeting's media file: the saved one (a link, removable), the one picked to upload with the save. */
export function GreetingMediaField({
  media,
  pending,
  onPick,
  uploading,
  connectionId,
}: {
  media: string | null;
  pending: File | null;
  onPick(file: File | null): void;
  uploading: boolean;
  connectionId: number | null;
}) {
  const t = useT();
  const showError = useErrorToast();
  const [removeMedia, removing] = useRemoveGreetingMediaMutation();
  return (
    <Field.Root>
      <Field.Label>{t('connections.field.greetingMedia')}</Field.Label>
      <HStack wrap="wrap">
        {media && (
          <Text fontSize="sm" data-testid="connection-greeting-media">
            <a href={media} target="_blank" rel="noreferrer">
              {media.split('/').pop()}
            </a>
          </Text>
        )}
        {pending && <Text fontSize="sm">{pending.name}</Text>}
        <FileUpload.Root maxFiles={1} onFileChange={(details) => onPick(details.acceptedFiles[0] ?? null)}>
          <FileUpload.HiddenInput data-testid="connection-greeting-media-input" />
          <FileUpload.Trigger asChild>
            <Button variant="outline" size="sm" loading={uploading}>
              <LuUpload /> {t('connections.field.greetingMediaChoose')}
            </Button>
          </FileUpload.Trigger>
        </FileUpload.Root>
        {media && (
          <Button
            variant="ghost"
            size="sm"
            loading={removing.isLoading}
            onClick={async () => {
              try {
                await removeMedia(connectionId!).unwrap();
              } catch (error) {
                showError(error);
              }
            }}
            data-testid="connection-greeting-media-remove"
          >
            <LuTrash2 /> {t('connections.field.greetingMediaRemove')}
          </Button>
        )}
      </HStack>
    </Field.Root>
  );
}
