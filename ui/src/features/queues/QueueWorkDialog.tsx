import { HStack, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useErrorToast } from '../../app/notify';
import { toaster } from '../../app/toaster';
import { useT, type MessageKey } from '../../i18n';
import { CheckboxGroup } from '../../shared/CheckboxGroup';
import { FormDialog } from '../../shared/FormDialog';
import { TextField } from '../../shared/form/fields';
import { PlainSwitch } from '../../shared/plainControls';
import { useAllTagsQuery } from '../tags/api';
import { useQueueUserChoicesQuery, useQueueWorkQuery, useSetQueueWorkMutation } from './api';
import { hasWorkErrors, queueWorkFormOf, queueWorkRequestOf, validateQueueWorkForm, type QueueWorkFormErrors, type QueueWorkFormValues } from './queueWorkForm';

/** A queue's assignment (on, capacities, line step, priority tags) and SLA targets, in business minutes. */
export default function QueueWorkDialog({ queue, onClose }: { queue: { id: number; name: string }; onClose: () => void }) {
  const t = useT();
  const showError = useErrorToast();
  const saved = useQueueWorkQuery(queue.id, { refetchOnMountOrArgChange: true });
  const users = useQueueUserChoicesQuery();
  const tags = useAllTagsQuery();
  const [save] = useSetQueueWorkMutation();
  const [values, setValues] = useState<QueueWorkFormValues | null>(null);
  const [errors, setErrors] = useState<QueueWorkFormErrors>({});
  useEffect(() => {
    if (saved.data && values === null) setValues(queueWorkFormOf(saved.data));
  }, [saved.data, values]);

  const submit = async () => {
    if (!values) return;
    const found = validateQueueWorkForm(values);
    setErrors(found);
    if (hasWorkErrors(found)) return;
    try {
      await save({ id: queue.id, ...queueWorkRequestOf(values) }).unwrap();
      toaster.create({ type: 'success', description: t('queues.saved') });
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  const set = <K extends keyof QueueWorkFormValues>(key: K, value: QueueWorkFormValues[K]) => {
    setValues((current) => current && { ...current, [key]: value });
    // A corrected field stops showing its error; saving checks everything again.
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
  };
  const number = (key: 'positionStep' | 'firstResponseMinutes' | 'resolutionMinutes', label: MessageKey, helper: MessageKey) => (
    <TextField
      label={t(label)}
      inputMode="numeric"
      value={values?.[key] ?? ''}
      onChange={(typed) => set(key, typed)}
      error={errors[key]}
      helper={t(helper)}
      testId={`queue-work-${key}`}
    />
  );

  return (
    <FormDialog
      title={t('queues.work.title', { name: queue.name })}
      testId="queue-work-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="queue-work-save"
      cancelTestId="queue-work-cancel"
      saveDisabled={!values}
      size="lg"
      scrollInside
    >
      {!values ? (
        <HStack justify="center" py="10">
          <Spinner />
        </HStack>
      ) : (
        <Stack gap="5">
          <PlainSwitch checked={values.autoAssign} onChange={(checked) => set('autoAssign', checked)} testId="queue-work-autoAssign">
            {t('queues.work.autoAssign')}
          </PlainSwitch>
          <Text fontSize="sm" color="fg.muted">
            {t('queues.work.autoAssignHelp')}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {number('firstResponseMinutes', 'queues.work.firstResponse', 'queues.work.minutesHelp')}
            {number('resolutionMinutes', 'queues.work.resolution', 'queues.work.minutesHelp')}
            {number('positionStep', 'queues.work.positionStep', 'queues.work.positionStepHelp')}
          </SimpleGrid>
          <CheckboxGroup
            label={t('queues.work.priorityTags')}
            options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name, testId: `queue-work-tag-${tag.id}` }))}
            value={values.priorityTagIds}
            onChange={(priorityTagIds) => set('priorityTagIds', priorityTagIds)}
            testId="queue-work-priorityTags"
          />
          <Stack gap="2">
            <Text fontWeight="medium">{t('queues.work.capacities')}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t('queues.work.capacitiesHelp')}
            </Text>
            <Table.Root size="sm">
              <Table.Body>
                {(users.data ?? []).map((user) => (
                  <Table.Row key={user.id}>
                    <Table.Cell>{user.name}</Table.Cell>
                    <Table.Cell>
                      <TextField
                        size="sm"
                        maxW="28"
                        inputMode="numeric"
                        aria-label={t('queues.work.capacityOf', { name: user.name })}
                        placeholder={t('queues.work.unlimited')}
                        value={values.capacities[user.id] ?? ''}
                        onChange={(typed) => set('capacities', { ...values.capacities, [user.id]: typed })}
                        error={errors.capacities?.[user.id]}
                        testId={`queue-work-capacity-${user.id}`}
                      />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Stack>
        </Stack>
      )}
    </FormDialog>
  );
}
