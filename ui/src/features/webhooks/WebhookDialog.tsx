import { Fieldset, Stack, Text } from '@chakra-ui/react';
import type { WebhookView, WebhookWithSecretView } from '@conversa/contracts';
import { useT } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { CheckboxGroup } from '../../shared/CheckboxGroup';
import { FormDialog } from '../../shared/FormDialog';
import { SwitchField, TextAreaField, TextField } from '../../shared/form/fields';
import { saveAndClose } from '../../shared/form/save';
import { useForm } from '../../shared/useForm';
import { useCreateWebhookMutation, useUpdateWebhookMutation } from './api';
import { emptyWebhookForm, eventNames, validateWebhookForm, webhookFormOf, webhookRequestOf, type WebhookField, type WebhookFormValues } from './webhookForm';

const feedbackTexts = { success: 'webhooks.saved', saveFailed: 'webhooks.saveFailed', deleteFailed: 'webhooks.deleteFailed' } as const;

/** Add or edit an endpoint: its address, the events it receives (all, or the ones ticked), a description and, when editing, whether it is active. */
export default function WebhookDialog({
  webhook,
  onClose,
  onCreated,
}: {
  webhook: WebhookView | null;
  onClose(): void;
  onCreated(created: WebhookWithSecretView): void;
}) {
  const t = useT();
  const creating = webhook === null;
  const { values, set, bind, errors, check } = useForm<WebhookFormValues, WebhookField>(
    () => (webhook ? webhookFormOf(webhook) : emptyWebhookForm()),
    validateWebhookForm,
  );
  const [createWebhook] = useCreateWebhookMutation();
  const [updateWebhook] = useUpdateWebhookMutation();
  const feedback = useFeedback(feedbackTexts);

  const submit = saveAndClose({ check, feedback, onClose }, async () => {
    if (creating) onCreated(await createWebhook(webhookRequestOf(values)).unwrap());
    else await updateWebhook({ id: webhook.id, ...webhookRequestOf(values), active: values.active }).unwrap();
  });

  return (
    <FormDialog
      title={t(creating ? 'webhooks.dialog.addTitle' : 'webhooks.dialog.editTitle')}
      testId="webhook-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="webhook-save"
      size="lg"
    >
      <Stack gap="4">
        <TextField
          label={t('webhooks.field.url')}
          {...bind('url')}
          required
          autoFocus
          placeholder="https://"
          testId="webhook-field-url"
          errorTestId="webhook-field-url-error"
        />
        <TextAreaField label={t('webhooks.field.description')} {...bind('description')} rows={2} testId="webhook-field-description" />
        <CheckboxGroup
          label={t('webhooks.field.events')}
          header={<SwitchField label={t('webhooks.field.all')} {...bind('all')} testId="webhook-field-all" />}
          options={
            values.all
              ? []
              : eventNames.map((name) => ({
                  value: name,
                  label: (
                    <Text as="span" fontFamily="mono" fontSize="sm">
                      {name}
                    </Text>
                  ),
                  testId: `webhook-event-${name}`,
                }))
          }
          value={values.events}
          onChange={(events) => set('events', events)}
          invalid={!!errors.events}
          testId="webhook-field-events"
        >
          {errors.events && <Fieldset.ErrorText>{t(errors.events)}</Fieldset.ErrorText>}
        </CheckboxGroup>
        {!creating && <SwitchField label={t('webhooks.field.active')} {...bind('active')} testId="webhook-field-active" />}
      </Stack>
    </FormDialog>
  );
}
