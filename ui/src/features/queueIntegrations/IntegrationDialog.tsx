import { Alert, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { QueueIntegrationType, type IntegrationTestResult, type QueueIntegrationView } from '@conversa/contracts';
import { useState } from 'react';
import { useT, type MessageKey } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { TextAreaField, TextField } from '../../shared/form/fields';
import { saveAndClose } from '../../shared/form/save';
import { SelectField } from '../../shared/SelectField';
import { useForm } from '../../shared/useForm';
import { useCreateQueueIntegrationMutation, useTestIntegrationSessionMutation, useUpdateQueueIntegrationMutation } from './api';
import {
  emptyIntegrationForm,
  integrationFormOf,
  integrationRequestOf,
  validateIntegrationForm,
  type IntegrationField,
  type IntegrationFormValues,
} from './integrationForm';

const feedbackTexts = { success: 'integrations.saved', saveFailed: 'integrations.saveFailed', deleteFailed: 'integrations.deleteFailed' } as const;
const TYPE_LABELS: Record<QueueIntegrationType, string> = { typebot: 'Typebot', n8n: 'N8N', webhook: 'Webhook', dialogflow: 'Dialogflow' };
/** The integration's fields typed as text (all but the type and the language, chosen from lists). */
type IntegrationTextField = Exclude<IntegrationField, 'type' | 'language'>;
const LANGUAGES = [
  { value: 'pt-BR', label: 'Português' },
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
];

/**
 * Add or edit a queue integration: the type decides the fields (dialogflow: project, JSON key, language;
 * n8n and webhook: url; typebot: url, slug, expiry, delay, keywords, messages). "Testar sessão" says
 * 'Olá' to the service with what is typed (a saved key when the JSON field is left empty) and shows its answer.
 */
export default function IntegrationDialog({ integration, onClose }: { integration: QueueIntegrationView | null; onClose(): void }) {
  const t = useT();
  const creating = integration === null;
  const hasStoredKey = integration?.credentialsHint != null;
  const { values, set, errors, check } = useForm<IntegrationFormValues, IntegrationField>(
    () => (integration ? integrationFormOf(integration) : emptyIntegrationForm()),
    (current) => validateIntegrationForm(current, hasStoredKey),
    { dropErrorOnChange: true },
  );
  const [create] = useCreateQueueIntegrationMutation();
  const [update] = useUpdateQueueIntegrationMutation();
  const [test, testing] = useTestIntegrationSessionMutation();
  const [result, setResult] = useState<IntegrationTestResult | null>(null);
  const feedback = useFeedback(feedbackTexts);

  const submit = saveAndClose({ check, feedback, onClose }, async () => {
    if (creating) await create(integrationRequestOf(values)).unwrap();
    else await update({ id: integration.id, ...integrationRequestOf(values) }).unwrap();
  });

  const runTest = async () => {
    setResult(null);
    try {
      const { type, projectName, jsonContent, language, urlN8N, typebotSlug } = values;
      setResult(
        await test({ ...(integration ? { id: integration.id } : {}), type, projectName, jsonContent, language, urlN8N: urlN8N.trim(), typebotSlug }).unwrap(),
      );
    } catch (error) {
      feedback.saveFailed(error);
    }
  };

  const text = (field: IntegrationTextField, label: MessageKey, extra: { multiline?: boolean; type?: string; helper?: string } = {}) => {
    const props = {
      label: t(label),
      value: values[field],
      onChange: (value: string) => set(field, value),
      error: errors[field],
      helper: extra.helper,
      required: field === 'name' || field === 'urlN8N' || field === 'typebotSlug' || field === 'projectName',
      testId: `integration-field-${field}`,
      errorTestId: `integration-field-${field}-error`,
    };
    return extra.multiline ? <TextAreaField rows={6} fontFamily="mono" fontSize="xs" {...props} /> : <TextField type={extra.type ?? 'text'} {...props} />;
  };

  return (
    <FormDialog
      title={t(creating ? 'integrations.dialog.addTitle' : 'integrations.dialog.editTitle')}
      testId="integration-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="integration-save"
      size="lg"
      scrollInside
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField
            label={t('integrations.field.type')}
            value={values.type}
            onChange={(value) => set('type', value as QueueIntegrationType)}
            options={QueueIntegrationType.options.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
            testId="integration-field-type"
          />
          {text('name', 'integrations.field.name')}
        </SimpleGrid>
        {values.type === 'dialogflow' ? (
          <>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {text('projectName', 'integrations.field.projectName')}
              <SelectField
                label={t('integrations.field.language')}
                value={values.language}
                onChange={(value) => set('language', value as IntegrationFormValues['language'])}
                options={LANGUAGES}
                testId="integration-field-language"
              />
            </SimpleGrid>
            {text('jsonContent', 'integrations.field.jsonContent', {
              multiline: true,
              helper: hasStoredKey ? t('integrations.field.jsonKept', { hint: integration!.credentialsHint! }) : undefined,
            })}
          </>
        ) : (
          text('urlN8N', values.type === 'typebot' ? 'integrations.field.typebotUrl' : 'integrations.field.url', { type: 'url' })
        )}
        {values.type === 'typebot' && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {text('typebotSlug', 'integrations.field.typebotSlug')}
            {text('typebotExpires', 'integrations.field.typebotExpires', { type: 'number' })}
            {text('typebotDelayMessage', 'integrations.field.typebotDelayMessage', { type: 'number' })}
            {text('typebotKeywordFinish', 'integrations.field.typebotKeywordFinish')}
            {text('typebotKeywordRestart', 'integrations.field.typebotKeywordRestart')}
            {text('typebotUnknownMessage', 'integrations.field.typebotUnknownMessage')}
            {text('typebotRestartMessage', 'integrations.field.typebotRestartMessage')}
          </SimpleGrid>
        )}
        <Stack gap="2" align="start">
          <Button variant="outline" size="sm" onClick={runTest} loading={testing.isLoading} data-testid="integration-test">
            {t('integrations.test')}
          </Button>
          {result && (
            <Alert.Root status={result.ok ? 'success' : 'error'} data-testid="integration-test-result">
              <Alert.Content>
                <Alert.Title>
                  {result.ok
                    ? t(result.messages.length > 0 ? 'integrations.testOk' : 'integrations.testSilent')
                    : t('integrations.testFailed', { error: result.error ?? '' })}
                </Alert.Title>
                {result.messages.map((message, index) => (
                  <Text key={index} whiteSpace="pre-wrap">
                    {message}
                  </Text>
                ))}
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      </Stack>
    </FormDialog>
  );
}
