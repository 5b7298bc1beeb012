import {
  isHttpUrl,
  serviceAccountOf,
  TYPEBOT_DEFAULT_DELAY_MS,
  TYPEBOT_DEFAULT_EXPIRES_MINUTES,
  type CreateQueueIntegrationRequest,
  type DialogflowLanguage,
  type QueueIntegrationType,
  type QueueIntegrationView,
} from '@conversa/contracts';
import type { FieldErrors } from '../../shared/validation';

export interface IntegrationFormValues {
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: DialogflowLanguage;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotDelayMessage: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
}

export type IntegrationField = keyof IntegrationFormValues;

/** A new integration: typebot's spec defaults (1000 ms between messages, sessions expire after 1 minute). */
export const emptyIntegrationForm = (): IntegrationFormValues => ({
  type: 'typebot',
  name: '',
  projectName: '',
  jsonContent: '',
  language: 'pt-BR',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: String(TYPEBOT_DEFAULT_EXPIRES_MINUTES),
  typebotDelayMessage: String(TYPEBOT_DEFAULT_DELAY_MS),
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotUnknownMessage: '',
  typebotRestartMessage: '',
});

/** An integration being edited: its key is never sent to the browser, so the JSON field starts empty (empty keeps it). */
export const integrationFormOf = (view: QueueIntegrationView): IntegrationFormValues => ({
  ...emptyIntegrationForm(),
  ...view,
  jsonContent: '',
  typebotExpires: String(view.typebotExpires),
  typebotDelayMessage: String(view.typebotDelayMessage),
});

const wholeNumber = (value: string, max: number) => /^\d+$/.test(value.trim()) && Number(value) <= max;

/** The API's rules (spec 2 §5): a name of 2 to 50; n8n and webhook need a url; typebot a url and slug; dialogflow a project and a key. */
export function validateIntegrationForm(values: IntegrationFormValues, hasStoredKey = false): FieldErrors<IntegrationField> {
  const errors: FieldErrors<IntegrationField> = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'integrations.validation.required';
  else if (name.length < 2) errors.name = 'integrations.validation.tooShort';
  else if (name.length > 50) errors.name = 'integrations.validation.tooLong';
  if (values.type === 'dialogflow') {
    if (values.projectName.trim() === '') errors.projectName = 'integrations.validation.required';
    if (values.jsonContent.trim() === '' ? !hasStoredKey : serviceAccountOf(values.jsonContent) === null) errors.jsonContent = 'integrations.validation.json';
  } else {
    if (values.urlN8N.trim() === '') errors.urlN8N = 'integrations.validation.required';
    else if (!isHttpUrl(values.urlN8N.trim())) errors.urlN8N = 'integrations.validation.url';
    if (values.type === 'typebot') {
      if (values.typebotSlug.trim() === '') errors.typebotSlug = 'integrations.validation.required';
      if (!wholeNumber(values.typebotExpires, 2_147_483_647)) errors.typebotExpires = 'integrations.validation.number';
      if (!wholeNumber(values.typebotDelayMessage, 60_000)) errors.typebotDelayMessage = 'integrations.validation.delay';
    }
  }
  return errors;
}

export const integrationRequestOf = (values: IntegrationFormValues): CreateQueueIntegrationRequest => ({
  ...values,
  name: values.name.trim(),
  urlN8N: values.urlN8N.trim(),
  typebotExpires: Number(values.typebotExpires),
  typebotDelayMessage: Number(values.typebotDelayMessage),
});
