import { Box, Field, HStack, Input, SimpleGrid, Stack, Tabs } from '@chakra-ui/react';
import { FieldFrame, SwitchField, TextAreaField, TextField } from '../../shared/form/fields';
import { useEffect, useMemo, useState } from 'react';
import { QUEUE_ROTATION_MINUTES } from '@conversa/contracts';
import { errorCodeOf } from '../../app/api';
import { useErrorToast } from '../../app/notify';
import { toaster } from '../../app/toaster';
import { useT, type MessageKey } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { useFileListChoicesQuery } from '../files/api';
import { idOf, idValue, namedOptions, SelectField } from '../../shared/SelectField';
import {
  useCreateQueueMutation,
  usePromptChoicesQuery,
  useQueueIntegrationChoicesQuery,
  useQueueQuery,
  useQueuesQuery,
  useQueueUserChoicesQuery,
  useUpdateQueueMutation,
  type NamedRecord,
} from './api';
import { OptionTreeEditor, withCurrent, type TargetChoices } from './OptionTreeEditor';
import {
  emptyQueueForm,
  hasErrors,
  QUEUE_PALETTE,
  queueFormOf,
  queueRequestOf,
  validateQueueForm,
  type QueueFormErrors,
  type QueueFormValues,
} from './queueForm';
import { SchedulesEditor } from './SchedulesEditor';

const noErrors: QueueFormErrors = { fields: {}, schedules: {}, options: {} };

/** Adds a queue (queueId null) or edits one: every field of the queue, opening hours and the chatbot option tree. */
export default function QueueDialog({ open, queueId, onClose }: { open: boolean; queueId: number | null; onClose: () => void }) {
  const t = useT();
  const showError = useErrorToast();
  const editing = queueId !== null;
  const saved = useQueueQuery(queueId ?? 0, { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const { data: queues = [], isSuccess: queuesLoaded } = useQueuesQuery(undefined, { skip: !open });
  const users = useQueueUserChoicesQuery(undefined, { skip: !open });
  const integrations = useQueueIntegrationChoicesQuery(undefined, { skip: !open });
  const files = useFileListChoicesQuery(undefined, { skip: !open });
  const prompts = usePromptChoicesQuery(undefined, { skip: !open });
  const [createQueue] = useCreateQueueMutation();
  const [updateQueue] = useUpdateQueueMutation();
  const [values, setValues] = useState<QueueFormValues>(() => emptyQueueForm());
  const [errors, setErrors] = useState<QueueFormErrors>(noErrors);
  const [tab, setTab] = useState('data');
  const [loadedFor, setLoadedFor] = useState<number | 'new' | null>(null);

  // The form takes the saved queue once per opening; later frames do not overwrite what is being typed.
  useEffect(() => {
    if (!open) {
      setLoadedFor(null);
      return;
    }
    // A new queue waits for the list: its starting colour is one no other queue has.
    if (!editing && loadedFor !== 'new' && queuesLoaded) {
      setValues(emptyQueueForm(queues.map((queue) => queue.color)));
      setErrors(noErrors);
      setTab('data');
      setLoadedFor('new');
    } else if (editing && saved.data && saved.data.id === queueId && loadedFor !== queueId && !saved.isFetching) {
      setValues(queueFormOf(saved.data));
      setErrors(noErrors);
      setTab('data');
      setLoadedFor(queueId);
    }
  }, [open, editing, queueId, saved.data, saved.isFetching, loadedFor, queuesLoaded, queues]);

  const choices: TargetChoices = useMemo(
    () => ({
      optQueueId: queues.map((queue) => ({ id: queue.id, name: queue.name })),
      optUserId: users.data ?? [],
      optIntegrationId: integrations.data ?? [],
      optFileId: files.data ?? [],
    }),
    [queues, users.data, integrations.data, files.data],
  );

  const set = <K extends keyof QueueFormValues>(field: K, value: QueueFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));
  const queuesAfterSave = editing ? queues.length : queues.length + 1;

  const submit = async () => {
    const found = validateQueueForm(values, queuesAfterSave);
    setErrors(found);
    if (hasErrors(found)) {
      setTab(Object.keys(found.fields).some((field) => field !== 'chatbots') ? 'data' : Object.keys(found.schedules).length > 0 ? 'schedules' : 'chatbot');
      return;
    }
    try {
      const body = queueRequestOf(values);
      if (editing) await updateQueue({ id: queueId, ...body }).unwrap();
      else await createQueue(body).unwrap();
      toaster.create({ type: 'success', description: t('queues.saved') });
      onClose();
    } catch (error) {
      // The two queue rules the server alone can settle also mark their field.
      const code = errorCodeOf(error);
      if (code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS') setErrors({ ...noErrors, fields: { color: 'errors.ERR_QUEUE_COLOR_ALREADY_EXISTS' } });
      if (code === 'ERR_WAPP_GREETING_REQUIRED') setErrors({ ...noErrors, fields: { greetingMessage: 'errors.ERR_WAPP_GREETING_REQUIRED' } });
      if (code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS' || code === 'ERR_WAPP_GREETING_REQUIRED') setTab('data');
      showError(error);
    }
  };

  const fieldError = (field: keyof QueueFormErrors['fields']) => errors.fields[field];
  const text = (field: 'name' | 'greetingMessage' | 'outOfHoursMessage', label: MessageKey, multiline = false) => {
    const props = {
      label: t(label),
      value: values[field],
      onChange: (value: string) => set(field, value),
      error: fieldError(field),
      helper: field === 'greetingMessage' ? t('queues.field.greetingHelper') : undefined,
      testId: `queue-${field}`,
      errorTestId: `queue-${field}-error`,
    };
    return multiline ? <TextAreaField rows={3} {...props} /> : <TextField {...props} />;
  };
  const link = (field: 'integrationId' | 'fileListId' | 'promptId', label: MessageKey, list: readonly NamedRecord[]) => (
    <SelectField
      label={t(label)}
      value={idValue(values[field])}
      onChange={(value) => set(field, idOf(value))}
      options={namedOptions(withCurrent(list, values[field]), t('queues.field.none'))}
      testId={`queue-${field}`}
    />
  );

  const loading = editing && loadedFor !== queueId;
  const optionErrorCount = Object.keys(errors.options).length + (errors.fields.chatbots ? 1 : 0);

  return (
    <FormDialog
      open={open}
      title={t(editing ? 'queues.dialog.editTitle' : 'queues.dialog.addTitle')}
      testId="queue-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="queue-save"
      cancelTestId="queue-cancel"
      loading={loading}
      size="xl"
      scrollInside
    >
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line" lazyMount unmountOnExit>
        <Tabs.List>
          <Tabs.Trigger value="data" data-testid="queue-tab-data">
            {t('queues.tab.data')}
          </Tabs.Trigger>
          <Tabs.Trigger value="schedules" data-testid="queue-tab-schedules">
            {t('queues.tab.schedules')}
          </Tabs.Trigger>
          <Tabs.Trigger value="chatbot" data-testid="queue-tab-chatbot">
            {t('queues.tab.chatbot')}
            {optionErrorCount > 0 && ` (${optionErrorCount})`}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="data">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {text('name', 'queues.field.name')}
              <FieldFrame label={t('queues.field.color')} error={fieldError('color')} errorTestId="queue-color-error">
                <HStack>
                  <Box w="9" h="9" flexShrink={0} borderRadius="md" borderWidth="1px" bg={values.color || 'transparent'} data-testid="queue-color-swatch" />
                  <Input value={values.color} maxLength={9} onChange={(event) => set('color', event.target.value)} data-testid="queue-color" />
                </HStack>
                <HStack gap="1" wrap="wrap" pt="1">
                  {QUEUE_PALETTE.map((color) => (
                    <Box
                      as="button"
                      key={color}
                      w="6"
                      h="6"
                      borderRadius="full"
                      bg={color}
                      borderWidth={values.color.toLowerCase() === color ? '3px' : '1px'}
                      borderColor="fg"
                      aria-label={color}
                      onClick={(event) => {
                        event.preventDefault();
                        set('color', color);
                      }}
                      data-testid={`queue-color-${color.slice(1)}`}
                    />
                  ))}
                </HStack>
              </FieldFrame>
              <TextField
                label={t('queues.field.orderQueue')}
                type="number"
                min={0}
                value={values.orderQueue}
                onChange={(value) => set('orderQueue', value)}
                error={fieldError('orderQueue')}
                testId="queue-orderQueue"
              />
              <Stack gap="2">
                <SwitchField
                  label={t('queues.field.ativarRoteador')}
                  value={values.ativarRoteador}
                  onChange={(checked) => set('ativarRoteador', checked)}
                  testId="queue-ativarRoteador"
                />
                <SelectField
                  label={t('queues.field.tempoRoteador')}
                  value={String(values.tempoRoteador)}
                  onChange={(value) => set('tempoRoteador', Number(value))}
                  options={QUEUE_ROTATION_MINUTES.map((minutes) => ({ value: String(minutes), label: t('queues.field.minutes', { minutes }) }))}
                  testId="queue-tempoRoteador"
                  disabled={!values.ativarRoteador}
                  invalid={!!fieldError('tempoRoteador')}
                />
              </Stack>
            </SimpleGrid>
            {text('greetingMessage', 'queues.field.greetingMessage', true)}
            {text('outOfHoursMessage', 'queues.field.outOfHoursMessage', true)}
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              {link('integrationId', 'queues.field.integrationId', integrations.data ?? [])}
              {link('fileListId', 'queues.field.fileListId', files.data ?? [])}
              {link('promptId', 'queues.field.promptId', prompts.data ?? [])}
            </SimpleGrid>
            <SwitchField
              label={t('queues.field.closeTicket')}
              value={values.closeTicket}
              onChange={(checked) => set('closeTicket', checked)}
              testId="queue-closeTicket"
            />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="schedules">
          <SchedulesEditor schedules={values.schedules} errors={errors.schedules} onChange={(schedules) => set('schedules', schedules)} />
        </Tabs.Content>
        <Tabs.Content value="chatbot">
          <OptionTreeEditor tree={values.chatbots} onChange={(tree) => set('chatbots', tree)} errors={errors.options} choices={choices} />
          {errors.fields.chatbots && (
            <Field.Root invalid>
              <Field.ErrorText>{t(errors.fields.chatbots)}</Field.ErrorText>
            </Field.Root>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </FormDialog>
  );
}
