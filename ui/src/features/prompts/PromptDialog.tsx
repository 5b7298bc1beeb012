import { Group, IconButton, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { PromptVoice, type PromptView } from '@conversa/contracts';
import { useState } from 'react';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { useT, type MessageKey } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { FieldFrame, TextAreaField, TextField } from '../../shared/form/fields';
import { saveAndClose } from '../../shared/form/save';
import { namedOptions, SelectField } from '../../shared/SelectField';
import { useForm } from '../../shared/useForm';
import { useQueuesQuery } from '../queues/api';
import { useCreatePromptMutation, useUpdatePromptMutation } from './api';
import { emptyPromptForm, promptFormOf, promptRequestOf, validatePromptForm, type PromptField, type PromptFormValues } from './promptForm';

const feedbackTexts = { success: 'prompts.saved', saveFailed: 'prompts.saveFailed', deleteFailed: 'prompts.deleteFailed' } as const;

/** 'pt-BR-FranciscaNeural' → 'Francisca'. */
const voiceName = (voice: string) => voice.replace(/^pt-BR-/, '').replace(/Neural$/, '');

/**
 * Add or edit an AI prompt (spec 3 §2): name, the API key masked with show/hide, the prompt (10 rows),
 * the queue (required: 'Informe o setor'), the voice with its key and region, temperature, max tokens
 * and max messages. The form starts afresh (voice texto) on each opening.
 */
export default function PromptDialog({ prompt, onClose }: { prompt: PromptView | null; onClose(): void }) {
  const t = useT();
  const creating = prompt === null;
  const { values, set, errors, check } = useForm<PromptFormValues, PromptField>(() => (prompt ? promptFormOf(prompt) : emptyPromptForm()), validatePromptForm, {
    dropErrorOnChange: true,
  });
  const [showKey, setShowKey] = useState(false);
  const queues = useQueuesQuery();
  const [create] = useCreatePromptMutation();
  const [update] = useUpdatePromptMutation();
  const feedback = useFeedback(feedbackTexts);

  const submit = saveAndClose({ check, feedback, onClose }, async () => {
    if (creating) await create(promptRequestOf(values)).unwrap();
    else await update({ id: prompt.id, ...promptRequestOf(values) }).unwrap();
  });

  const input = (field: Exclude<PromptField, 'voice'>, label: MessageKey, type = 'text') => (
    <TextField
      label={t(label)}
      type={type}
      step={field === 'temperature' ? '0.1' : undefined}
      value={values[field]}
      onChange={(value) => set(field, value)}
      error={errors[field]}
      testId={`prompt-field-${field}`}
      errorTestId={`prompt-field-${field}-error`}
    />
  );

  return (
    <FormDialog
      title={t(creating ? 'prompts.dialog.addTitle' : 'prompts.dialog.editTitle')}
      testId="prompt-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="prompt-save"
      size="xl"
      scrollInside
    >
      <Stack gap="4">
        {input('name', 'prompts.field.name')}
        <FieldFrame label={t('prompts.field.apiKey')} error={errors.apiKey} errorTestId="prompt-field-apiKey-error" required>
          <Group attached w="full">
            <Input
              type={showKey ? 'text' : 'password'}
              autoComplete="off"
              value={values.apiKey}
              onChange={(event) => set('apiKey', event.target.value)}
              data-testid="prompt-field-apiKey"
            />
            <IconButton
              variant="outline"
              aria-label={t(showKey ? 'prompts.field.hideKey' : 'prompts.field.showKey')}
              onClick={() => setShowKey((shown) => !shown)}
              data-testid="prompt-toggle-key"
            >
              {showKey ? <LuEyeOff /> : <LuEye />}
            </IconButton>
          </Group>
        </FieldFrame>
        <TextAreaField
          label={t('prompts.field.prompt')}
          value={values.prompt}
          onChange={(value) => set('prompt', value)}
          error={errors.prompt}
          required
          rows={10}
          testId="prompt-field-prompt"
          errorTestId="prompt-field-prompt-error"
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField
            label={t('prompts.field.queue')}
            value={values.queueId}
            onChange={(value) => set('queueId', value)}
            options={namedOptions(queues.data ?? [], t('prompts.field.noQueue'))}
            error={errors.queueId}
            errorTestId="prompt-field-queueId-error"
            required
            testId="prompt-field-queueId"
          />
          <SelectField
            label={t('prompts.field.voice')}
            value={values.voice}
            onChange={(value) => set('voice', value as PromptVoice)}
            options={PromptVoice.options.map((voice) => ({ value: voice, label: voice === 'texto' ? t('prompts.field.voiceText') : voiceName(voice) }))}
            testId="prompt-field-voice"
          />
          {input('voiceKey', 'prompts.field.voiceKey', 'password')}
          {input('voiceRegion', 'prompts.field.voiceRegion')}
          {input('temperature', 'prompts.field.temperature', 'number')}
          {input('maxTokens', 'prompts.field.maxTokens', 'number')}
          {input('maxMessages', 'prompts.field.maxMessages', 'number')}
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
}
