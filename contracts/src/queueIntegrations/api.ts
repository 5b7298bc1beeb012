import { z } from 'zod';
import { Count32Param, INT32_MAX, RecordIdParam, safeText } from '../common/bounds';
import { SearchParam } from '../common/inputs';
import { DialogflowLanguage, QueueIntegrationType, TYPEBOT_DEFAULT_DELAY_MS, TYPEBOT_DEFAULT_EXPIRES_MINUTES, type QueueIntegrationDetails } from './events';

/** The dialog's texts for a name outside 2 to 50 characters (spec 2 §5). */
export const INTEGRATION_NAME_MESSAGES = { required: 'Obrigatório', short: 'Muito curto!', long: 'Muito longo!' } as const;
export const INTEGRATION_URL_REQUIRED = 'Informe a URL';
export const INTEGRATION_URL_INVALID = 'URL inválida';
export const INTEGRATION_SLUG_REQUIRED = 'Informe o nome do fluxo (slug)';
export const INTEGRATION_PROJECT_REQUIRED = 'Informe o nome do projeto';
export const INTEGRATION_JSON_INVALID = 'Credenciais JSON inválidas (conta de serviço com client_email e private_key)';

const name = safeText({ error: INTEGRATION_NAME_MESSAGES.required })
  .trim()
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: 'custom', message: INTEGRATION_NAME_MESSAGES.required });
    else if (value.length < 2) ctx.addIssue({ code: 'custom', message: INTEGRATION_NAME_MESSAGES.short });
    else if (value.length > 50) ctx.addIssue({ code: 'custom', message: INTEGRATION_NAME_MESSAGES.long });
  });

/** An http(s) URL, or empty (the type decides whether it is needed). */
const url = safeText()
  .trim()
  .max(2_000)
  .refine((value) => value === '' || isHttpUrl(value), { message: INTEGRATION_URL_INVALID });

export function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A Dialogflow service-account key: JSON with client_email and private_key. Empty keeps the stored key. */
const jsonContent = safeText()
  .max(20_000)
  .refine((value) => value.trim() === '' || serviceAccountOf(value) !== null, { message: INTEGRATION_JSON_INVALID });

export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
  project_id?: string;
}

export function serviceAccountOf(json: string): ServiceAccount | null {
  try {
    const parsed = JSON.parse(json) as Partial<ServiceAccount>;
    if (typeof parsed?.client_email !== 'string' || typeof parsed.private_key !== 'string' || parsed.client_email === '' || parsed.private_key === '')
      return null;
    return parsed as ServiceAccount;
  } catch {
    return null;
  }
}

const millis = z.coerce.number().int().min(0).max(60_000);
const minutes = z.coerce.number().int().min(0).max(INT32_MAX);

const fields = {
  type: QueueIntegrationType,
  name,
  projectName: safeText().trim().max(200),
  jsonContent,
  language: DialogflowLanguage,
  urlN8N: url,
  typebotSlug: safeText().trim().max(200),
  typebotExpires: minutes,
  typebotDelayMessage: millis,
  typebotKeywordFinish: safeText().trim().max(100),
  typebotKeywordRestart: safeText().trim().max(100),
  typebotUnknownMessage: safeText().max(4_000),
  typebotRestartMessage: safeText().max(4_000),
};

/** What each type needs beyond a name (spec 2 §5); messages name the missing field. */
export function integrationProblems(
  details: Pick<QueueIntegrationDetails, 'type' | 'urlN8N' | 'typebotSlug' | 'projectName' | 'jsonContent'>,
): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  if (details.type === 'dialogflow') {
    if (details.projectName.trim() === '') problems.push({ path: 'projectName', message: INTEGRATION_PROJECT_REQUIRED });
    if (details.jsonContent.trim() === '') problems.push({ path: 'jsonContent', message: INTEGRATION_JSON_INVALID });
  } else {
    if (details.urlN8N.trim() === '') problems.push({ path: 'urlN8N', message: INTEGRATION_URL_REQUIRED });
    if (details.type === 'typebot' && details.typebotSlug.trim() === '') problems.push({ path: 'typebotSlug', message: INTEGRATION_SLUG_REQUIRED });
  }
  return problems;
}

/** POST /queueIntegration. */
export const CreateQueueIntegrationRequest = z
  .object({
    type: fields.type,
    name: fields.name,
    projectName: fields.projectName.default(''),
    jsonContent: fields.jsonContent.default(''),
    language: fields.language.default('pt-BR'),
    urlN8N: fields.urlN8N.default(''),
    typebotSlug: fields.typebotSlug.default(''),
    typebotExpires: fields.typebotExpires.default(TYPEBOT_DEFAULT_EXPIRES_MINUTES),
    typebotDelayMessage: fields.typebotDelayMessage.default(TYPEBOT_DEFAULT_DELAY_MS),
    typebotKeywordFinish: fields.typebotKeywordFinish.default(''),
    typebotKeywordRestart: fields.typebotKeywordRestart.default(''),
    typebotUnknownMessage: fields.typebotUnknownMessage.default(''),
    typebotRestartMessage: fields.typebotRestartMessage.default(''),
  })
  .superRefine((value, ctx) => {
    for (const problem of integrationProblems(value)) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
export type CreateQueueIntegrationRequest = z.infer<typeof CreateQueueIntegrationRequest>;

/** PUT /queueIntegration/{id}: the fields given change; an empty jsonContent keeps the stored key. */
export const UpdateQueueIntegrationRequest = z.object({
  type: fields.type.optional(),
  name: fields.name.optional(),
  projectName: fields.projectName.optional(),
  jsonContent: fields.jsonContent.optional(),
  language: fields.language.optional(),
  urlN8N: fields.urlN8N.optional(),
  typebotSlug: fields.typebotSlug.optional(),
  typebotExpires: fields.typebotExpires.optional(),
  typebotDelayMessage: fields.typebotDelayMessage.optional(),
  typebotKeywordFinish: fields.typebotKeywordFinish.optional(),
  typebotKeywordRestart: fields.typebotKeywordRestart.optional(),
  typebotUnknownMessage: fields.typebotUnknownMessage.optional(),
  typebotRestartMessage: fields.typebotRestartMessage.optional(),
});
export type UpdateQueueIntegrationRequest = z.infer<typeof UpdateQueueIntegrationRequest>;

/** GET /queueIntegration: `searchParam` in the name; `pageNumber` from 1 (infinite scroll). */
export const ListQueueIntegrationsQuery = z.object({
  searchParam: SearchParam,
  pageNumber: Count32Param.pipe(z.number().int().min(1)).default(1),
});
export type ListQueueIntegrationsQuery = z.infer<typeof ListQueueIntegrationsQuery>;
export const QUEUE_INTEGRATIONS_PAGE_SIZE = 40;

/**
 * POST /queueIntegration/testSession: the spec's Dialogflow fields (projectName, jsonContent,
 * language); Conversa also tests the other types (type, urlN8N, typebotSlug) and a saved
 * integration (`id`: its stored key is used when jsonContent is empty).
 */
export const TestIntegrationSessionRequest = z.object({
  id: RecordIdParam.optional(),
  type: fields.type.default('dialogflow'),
  projectName: fields.projectName.default(''),
  jsonContent: fields.jsonContent.default(''),
  language: fields.language.default('pt-BR'),
  urlN8N: fields.urlN8N.default(''),
  typebotSlug: fields.typebotSlug.default(''),
  /** What the test says to the service. */
  text: safeText().trim().min(1).max(1_000).default('Olá'),
});
export type TestIntegrationSessionRequest = z.infer<typeof TestIntegrationSessionRequest>;
