import { Field, Fieldset, Input, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import type { WebhookView, WebhookWithSecretView } from '@conversa/contracts';
import { useT } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { CheckboxGroup } from '../../shared/CheckboxGroup';
import { FormDialog } from '../../shared/FormDialog';
import { useForm } from '../../shared/useForm';
import { hasErrors } from '../../shared/validation';
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
  const { values, set, errors, check } = useForm<WebhookFormValues, WebhookField>(
    () => (webhook ? webhookFormOf(webhook) : emptyWebhookForm()),
    validateWebhookForm,
  );
  const [createWebhook] = useCreateWebhookMutation();
  const [updateWebhook] = useUpdateWebhookMutation();
  const feedback = useFeedback(feedbackTexts);

  const submit = async () => {
    if (hasErrors(check())) return;
    try {
      if (creating) onCreated(await createWebhook(webhookRequestOf(values)).unwrap());
      else await updateWebhook({ id: webhook.id, ...webhookRequestOf(values), active: values.active }).unwrap();
      feedback.succeeded();
      onClose();
    } catch (error) {
      feedback.saveFailed(error);
    }
  };

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
        <Field.Root invalid={!!errors.url} required>
          <Field.Label>{t('webhooks.field.url')}</Field.Label>
          <Input value={values.url} autoFocus placeholder="https://" onChange={(event) => set('url', event.target.value)} data-testid="webhook-field-url" />
          {errors.url && <Field.ErrorText data-testid="webhook-field-url-error">{t(errors.url)}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!errors.description}>
          <Field.Label>{t('webhooks.field.description')}</Field.Label>
          <Textarea value={values.description} rows={2} onChange={(event) => set('description', event.target.value)} data-testid="webhook-field-description" />
          {errors.description && <Field.ErrorText>{t(errors.description)}</Field.ErrorText>}
        </Field.Root>
        <CheckboxGroup
          label={t('webhooks.field.events')}
          header={
            <Switch.Root checked={values.all} onCheckedChange={(details) => set('all', details.checked)} data-testid="webhook-field-all">
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{t('webhooks.field.all')}</Switch.Label>
            </Switch.Root>
          }
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
        {!creating && (
          <Switch.Root checked={values.active} onCheckedChange={(details) => set('active', details.checked)} data-testid="webhook-field-active">
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('webhooks.field.active')}</Switch.Label>
          </Switch.Root>
        )}
      </Stack>
    </FormDialog>
  );
}
