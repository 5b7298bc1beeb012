import { Button, Field, Fieldset, HStack, Input, SimpleGrid, Stack, Tabs, Text, Wrap } from '@chakra-ui/react';
import type { ConnectionChannel } from '@conversa/contracts';
import { useEffect, useState } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import { errorCodeOf } from '../../app/api';
import { useErrorToast } from '../../app/notify';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { CheckboxGroup, ColorLabel } from '../../shared/CheckboxGroup';
import { SchedulesEditor } from '../queues/SchedulesEditor';
import {
  useConnectionIntegrationChoicesQuery,
  useConnectionPromptChoicesQuery,
  useConnectionQuery,
  useConnectionQueueChoicesQuery,
  useCreateConnectionMutation,
  useUpdateConnectionMutation,
  useUploadGreetingMediaMutation,
} from './api';
import {
  connectionFormOf,
  connectionRequestOf,
  emptyConnectionForm,
  newConnectionToken,
  TIME_CREATE_NEW_TICKET_CHOICES,
  TIME_SEND_QUEUE_CHOICES,
  validateConnectionForm,
  type ConnectionFormErrors,
  type ConnectionFormValues,
} from './connectionForm';
import { GreetingMediaField, useConnectionFields } from './connectionFields';
import { CloudApiSection, useCloudApiForm } from '../meta/CloudApiSection';

type Tab = 'general' | 'integrations' | 'messages' | 'chatbot' | 'assessments' | 'schedules';

/** Which tab holds a field, so a refused save opens the tab with the problem. */
const tabOf: Partial<Record<keyof ConnectionFormValues, Tab>> = {
  integrationId: 'integrations',
  promptId: 'integrations',
  wavoip: 'integrations',
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  expiresInactiveMessage: 'messages',
  inactiveMessage: 'messages',
  timeInactiveMessage: 'messages',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  timeCreateNewTicket: 'chatbot',
  expiresTicket: 'chatbot',
  ratingMessage: 'assessments',
  maxUseBotQueuesNPS: 'assessments',
  expiresTicketNPS: 'assessments',
  schedules: 'schedules',
};

/**
 * Adds (connectionId null) or edits a connection: tabs general,
 * integrations, messages, chatbot, assessments, and opening hours when the company's scheduleType is
 * 'connection'. Every field of a connection an administrator sets is saved.
 */
export default function ConnectionDialog({
  open,
  connectionId,
  channel,
  onClose,
}: {
  open: boolean;
  connectionId: number | null;
  channel: ConnectionChannel;
  onClose: () => void;
}) {
  const t = useT();
  const showError = useErrorToast();
  // A new Cloud API connection whose number the Graph API refused is kept: saving again changes it, not another.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const editing = connectionId !== null;
  const scheduleType = useAppSelector((state) => state.session.user?.company.companieSettings.scheduleType);
  const saved = useConnectionQuery(connectionId ?? 0, { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const queues = useConnectionQueueChoicesQuery(undefined, { skip: !open });
  const integrations = useConnectionIntegrationChoicesQuery(undefined, { skip: !open });
  const prompts = useConnectionPromptChoicesQuery(undefined, { skip: !open });
  const [createConnection] = useCreateConnectionMutation();
  const [updateConnection] = useUpdateConnectionMutation();
  const [uploadMedia, uploading] = useUploadGreetingMediaMutation();
  const [values, setValues] = useState<ConnectionFormValues>(() => emptyConnectionForm(channel));
  const [errors, setErrors] = useState<ConnectionFormErrors>({});
  const [tab, setTab] = useState<Tab>('general');
  const [loadedFor, setLoadedFor] = useState<number | 'new' | null>(null);
  const [pendingMedia, setPendingMedia] = useState<File | null>(null);

  // The form takes the saved connection once per opening; later frames do not overwrite what is being typed.
  useEffect(() => {
    if (!open) return setLoadedFor(null);
    if (!editing && loadedFor !== 'new') {
      setValues(emptyConnectionForm(channel));
      setLoadedFor('new');
    } else if (editing && saved.data && saved.data.id === connectionId && loadedFor !== connectionId && !saved.isFetching) {
      setValues(connectionFormOf(saved.data));
      setLoadedFor(connectionId);
    }
  }, [open, editing, channel, connectionId, saved.data, saved.isFetching, loadedFor]);

  const set = <K extends keyof ConnectionFormValues>(field: K, value: ConnectionFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));
  const showSchedules = scheduleType === 'connection';
  const isSandbox = values.channel === 'sandbox';
  const media = editing ? (saved.data?.greetingMediaAttachment ?? null) : null;
  // Loaded for a saved connection only: a number refused on creation keeps what was typed.
  const cloud = useCloudApiForm(connectionId, values.channel === 'whatsappapi');

  const submit = async () => {
    const found = validateConnectionForm(values);
    setErrors(found);
    const first = Object.keys(found)[0] as keyof ConnectionFormValues | undefined;
    if (first || (cloud.active && !cloud.validate())) {
      setTab(first ? (tabOf[first] ?? 'general') : 'general');
      return;
    }
    try {
      const body = connectionRequestOf(values);
      const target = connectionId ?? createdId;
      const result =
        target !== null ? await updateConnection({ id: target, ...body }).unwrap() : await createConnection({ ...body, channel: values.channel }).unwrap();
      if (target === null) setCreatedId(result.id);
      if (cloud.active) await cloud.save(result.id);
      if (pendingMedia) await uploadMedia({ id: result.id, file: pendingMedia }).unwrap();
      toaster.create({ type: 'success', description: t('connections.saved') });
      onClose();
    } catch (error) {
      if (errorCodeOf(error) === 'ERR_WAPP_GREETING_REQUIRED') {
        setErrors({ greetingMessage: 'errors.ERR_WAPP_GREETING_REQUIRED' });
        setTab('messages');
      }
      showError(error);
    }
  };

  const { text, message, number, toggle, select, choice, minutes, duration } = useConnectionFields(values, errors, set);

  const loading = editing && loadedFor !== connectionId;
  const tabs: Tab[] = ['general', 'integrations', 'messages', 'chatbot', 'assessments', ...(showSchedules ? (['schedules'] as const) : [])];

  return (
    <FormDialog
      open={open}
      title={
        <>
          {t(editing ? 'connections.dialog.editTitle' : 'connections.dialog.addTitle')} · {t(`connections.channel.${values.channel}`)}
        </>
      }
      testId="connection-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="connection-save"
      loading={loading}
      size="xl"
      scrollInside
    >
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as Tab)} variant="line">
        <Tabs.List>
          {tabs.map((name) => (
            <Tabs.Trigger key={name} value={name} data-testid={`connection-tab-${name}`}>
              {t(`connections.tab.${name}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="general">
          <Stack gap="4">
            {isSandbox && (
              <Text fontSize="sm" color="purple.fg" data-testid="connection-sandbox-note">
                {t('connections.sandbox.note')}
              </Text>
            )}
            {text('name', 'connections.field.name')}
            {cloud.active && <CloudApiSection form={cloud} />}
            <Wrap gap="6">
              {toggle('isDefault', 'connections.field.isDefault')}
              {toggle('allowGroup', 'connections.field.allowGroup')}
            </Wrap>
            {select(
              'groupAsTicket',
              'connections.field.groupAsTicket',
              [
                { value: 'disabled', label: t('connections.form.disabled') },
                { value: 'enabled', label: t('connections.form.enabled') },
              ],
              values.groupAsTicket,
              (value) => set('groupAsTicket', value as 'disabled' | 'enabled'),
            )}
            <CheckboxGroup
              label={t('connections.field.queues')}
              options={(queues.data ?? []).map((queue) => ({
                value: queue.id,
                label: <ColorLabel name={queue.name} color={queue.color} />,
                testId: `connection-queue-${queue.id}`,
              }))}
              value={values.queueIds}
              onChange={(queueIds) => set('queueIds', queueIds)}
              invalid={!!errors.queueIds}
              testId="connection-queueIds"
              empty={
                <Text fontSize="sm" color="fg.muted">
                  {t('connections.field.noQueues')}
                </Text>
              }
            >
              {errors.queueIds && <Fieldset.ErrorText data-testid="connection-queueIds-error">{t(errors.queueIds)}</Fieldset.ErrorText>}
            </CheckboxGroup>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {choice('sendIdQueue', 'connections.field.sendIdQueue', queues.data ?? [])}
              {select(
                'timeSendQueue',
                'connections.field.timeSendQueue',
                TIME_SEND_QUEUE_CHOICES.map((value) => ({ value: String(value), label: minutes(value) })),
                values.timeSendQueue,
                (value) => set('timeSendQueue', value),
              )}
            </SimpleGrid>
            <Field.Root invalid={!!errors.token}>
              <Field.Label>{t('connections.field.token')}</Field.Label>
              <HStack>
                <Input
                  value={values.token}
                  placeholder={t('connections.field.tokenGenerated')}
                  onChange={(event) => set('token', event.target.value.toUpperCase())}
                  data-testid="connection-token"
                />
                <Button variant="outline" onClick={() => set('token', newConnectionToken())} data-testid="connection-token-generate">
                  <LuRefreshCw /> {t('connections.field.tokenNew')}
                </Button>
              </HStack>
              {errors.token && <Field.ErrorText>{t(errors.token)}</Field.ErrorText>}
            </Field.Root>
            <GreetingMediaField media={media} pending={pendingMedia} onPick={setPendingMedia} uploading={uploading.isLoading} connectionId={connectionId} />
            {values.channel === 'whatsapp' && (
              <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
                {toggle('importEnabled', 'connections.field.importEnabled')}
                {values.importEnabled && (
                  <>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      {text('importOldMessages', 'connections.field.importOldMessages', undefined, 'date')}
                      {text('importRecentMessages', 'connections.field.importRecentMessages', undefined, 'date')}
                    </SimpleGrid>
                    <Wrap gap="6">
                      {toggle('importOldMessagesGroups', 'connections.field.importOldMessagesGroups')}
                      {toggle('closedTicketsPostImported', 'connections.field.closedTicketsPostImported')}
                    </Wrap>
                    {editing && saved.data?.status === 'CONNECTED' && (
                      <Text fontSize="sm" color="fg.warning">
                        {t('connections.field.importRenews')}
                      </Text>
                    )}
                  </>
                )}
              </Stack>
            )}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="integrations">
          <Stack gap="4">
            {choice('integrationId', 'connections.field.integrationId', integrations.data ?? [])}
            {choice('promptId', 'connections.field.promptId', prompts.data ?? [])}
            {text('wavoip', 'connections.field.wavoip', 'connections.field.wavoipHelper')}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="messages">
          <Stack gap="4">
            {message('greetingMessage', 'connections.field.greetingMessage', 'connections.field.greetingHelper')}
            {message('complationMessage', 'connections.field.complationMessage')}
            {message('outOfHoursMessage', 'connections.field.outOfHoursMessage')}
            {message('expiresInactiveMessage', 'connections.field.expiresInactiveMessage')}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {number('timeInactiveMessage', 'connections.field.timeInactiveMessage', 'connections.form.minutesHelper')}
            </SimpleGrid>
            {message('inactiveMessage', 'connections.field.inactiveMessage')}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="chatbot">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {number('maxUseBotQueues', 'connections.field.maxUseBotQueues')}
            {number('timeUseBotQueues', 'connections.field.timeUseBotQueues', 'connections.form.minutesHelper')}
            {select(
              'timeCreateNewTicket',
              'connections.field.timeCreateNewTicket',
              TIME_CREATE_NEW_TICKET_CHOICES.map((value) => ({ value: String(value), label: duration(value) })),
              values.timeCreateNewTicket,
              (value) => set('timeCreateNewTicket', value),
            )}
            {number('expiresTicket', 'connections.field.expiresTicket', 'connections.form.minutesHelper')}
            {select(
              'whenExpiresTicket',
              'connections.field.whenExpiresTicket',
              [
                { value: '0', label: t('connections.field.whenExpiresTicket.contact') },
                { value: '1', label: t('connections.field.whenExpiresTicket.any') },
              ],
              values.whenExpiresTicket,
              (value) => set('whenExpiresTicket', value as '0' | '1'),
            )}
            {select(
              'provider',
              'connections.field.provider',
              [
                { value: 'beta', label: 'beta' },
                { value: 'stable', label: 'stable' },
              ],
              values.provider,
              (value) => set('provider', value as 'beta' | 'stable'),
            )}
          </SimpleGrid>
        </Tabs.Content>
        <Tabs.Content value="assessments">
          <Stack gap="4">
            {message('ratingMessage', 'connections.field.ratingMessage')}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {number('maxUseBotQueuesNPS', 'connections.field.maxUseBotQueuesNPS')}
              {number('expiresTicketNPS', 'connections.field.expiresTicketNPS', 'connections.form.minutesHelper')}
            </SimpleGrid>
          </Stack>
        </Tabs.Content>
        {showSchedules && (
          <Tabs.Content value="schedules">
            {errors.schedules && (
              <Text color="fg.error" fontSize="sm" mb="2">
                {t(errors.schedules)}
              </Text>
            )}
            <SchedulesEditor schedules={values.schedules} errors={{}} onChange={(schedules) => set('schedules', schedules)} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </FormDialog>
  );
}
