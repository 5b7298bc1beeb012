import type { RecordedEvent } from '@conversa/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectors } from '../index';
import { queueIntegrationsProjector } from '../queueIntegrations/projector';
import { existingQueueIntegrationIds, findQueueIntegration, listQueueIntegrations, storedQueueIntegration } from '../queueIntegrations/queries';
import { promptsProjector } from './projector';
import { existingPromptIds, findPrompt, listPrompts, storedPrompt, storedPromptOfQueue } from './queries';
import { eventRecorder, project, readDatabase } from '../testing';

// The queue integrations and prompts read models against a real Postgres: rows, masking, frames, tenancy.
let db: Kysely<any>;
let close: () => Promise<void>;

const recorded = eventRecorder();
const run = async (projector: Parameters<typeof project>[1], events: RecordedEvent[]) =>
  (await project(db, projector, events)) as Array<{ companyId: number; entity: string; data: any }>;

const integration = {
  type: 'dialogflow',
  name: 'Agente',
  projectName: 'p',
  jsonContent: 'enc:v1:a:b:c',
  credentialsHint: 'bot@p.iam.gserviceaccount.com',
  language: 'pt-BR',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotUnknownMessage: '',
  typebotRestartMessage: '',
};
const prompt = {
  name: 'Assistente',
  apiKey: 'enc:v1:x:y:z',
  apiKeyHint: 'sk-…1234',
  prompt: 'Você atende.',
  voice: 'texto',
  voiceKey: '',
  voiceKeyHint: '',
  voiceRegion: '',
  temperature: 0.7,
  maxTokens: 100,
  maxMessages: 10,
  queueId: 4,
};

beforeAll(async () => {
  ({ db, close } = await readDatabase('prompts', projectors));
});
afterAll(() => close?.());

describe('queue integrations read model', () => {
  it('keeps the sealed key for the connectors and answers only its hint; frames carry the view', async () => {
    const created = await run(queueIntegrationsProjector, [recorded('QueueIntegrationCreated', { integrationId: 7, ...integration })]);
    expect(created).toEqual([
      {
        companyId: 2,
        entity: 'queueIntegration',
        data: { action: 'create', queueIntegration: expect.objectContaining({ id: 7, jsonContent: '', credentialsHint: 'bot@p.iam.gserviceaccount.com' }) },
      },
    ]);
    expect((await findQueueIntegration(db, 2, 7))!.jsonContent).toBe('');
    expect((await storedQueueIntegration(db, 2, 7))!.jsonContent).toBe('enc:v1:a:b:c');
    expect(await findQueueIntegration(db, 3, 7)).toBeUndefined();
    await run(queueIntegrationsProjector, [recorded('QueueIntegrationChanged', { integrationId: 7, changes: { name: 'Agente 2' } })]);
    expect((await listQueueIntegrations(db, 2)).queueIntegrations.map((row) => row.name)).toEqual(['Agente 2']);
    const deleted = await run(queueIntegrationsProjector, [recorded('QueueIntegrationDeleted', { integrationId: 7 })]);
    expect(deleted).toEqual([{ companyId: 2, entity: 'queueIntegration', data: { action: 'delete', integrationId: 7 } }]);
    expect(await existingQueueIntegrationIds(db, 2, [7])).toEqual([]);
  });
});

describe('prompts read model', () => {
  it('answers the masked key, names the queue, and finds the prompt of a queue', async () => {
    await db
      .insertInto('read.queues')
      .values({
        id: 4,
        company_id: 2,
        name: 'Suporte',
        color: '#123456',
        order_queue: null,
        ativar_roteador: false,
        tempo_roteador: 0,
        greeting_message: '',
        out_of_hours_message: '',
        close_ticket: false,
        integration_id: null,
        file_list_id: null,
        prompt_id: null,
        schedules: JSON.stringify([]),
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    await run(promptsProjector, [recorded('PromptCreated', { promptId: 9, ...prompt })]);
    expect(await findPrompt(db, 2, 9)).toMatchObject({ apiKey: 'sk-…1234', temperature: 0.7, queueId: 4, queue: { id: 4, name: 'Suporte' } });
    expect((await storedPrompt(db, 2, 9))!.apiKey).toBe('enc:v1:x:y:z');
    expect((await storedPromptOfQueue(db, 2, 4))!.id).toBe(9);
    expect(await findPrompt(db, 3, 9)).toBeUndefined();
    expect((await listPrompts(db, 2)).map((row) => row.id)).toEqual([9]);
    await run(promptsProjector, [recorded('PromptDeleted', { promptId: 9 })]);
    expect(await existingPromptIds(db, 2, [9])).toEqual([]);
  });
});
