import type { PromptDetails } from '@conversa/contracts';
import { defineProjector } from '@conversa/platform';
import type { Transaction, Updateable } from 'kysely';
import type { ReadDatabase } from '../database';
import { entityFrames, type TouchedRecords } from '../frames';
import { migratePrompts } from './migration';
import { findPrompt } from './queries';
import type { PromptsTable } from './tables';

function columns(details: Partial<PromptDetails>): Updateable<PromptsTable> {
  const row: Updateable<PromptsTable> = {};
  if (details.name !== undefined) row.name = details.name;
  if (details.apiKey !== undefined) row.api_key = details.apiKey;
  if (details.apiKeyHint !== undefined) row.api_key_hint = details.apiKeyHint;
  if (details.prompt !== undefined) row.prompt = details.prompt;
  if (details.voice !== undefined) row.voice = details.voice;
  if (details.voiceKey !== undefined) row.voice_key = details.voiceKey;
  if (details.voiceKeyHint !== undefined) row.voice_key_hint = details.voiceKeyHint;
  if (details.voiceRegion !== undefined) row.voice_region = details.voiceRegion;
  if (details.temperature !== undefined) row.temperature = details.temperature;
  if (details.maxTokens !== undefined) row.max_tokens = details.maxTokens;
  if (details.maxMessages !== undefined) row.max_messages = details.maxMessages;
  if (details.queueId !== undefined) row.queue_id = details.queueId;
  return row;
}

export const promptsProjector = defineProjector({
  name: 'prompts',
  version: 1,
  eventTypes: ['PromptCreated', 'PromptChanged', 'PromptDeleted'],
  tables: ['read.prompts'],
  migrate: migratePrompts,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched: TouchedRecords = new Map();
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      switch (event.type) {
        case 'PromptCreated': {
          const { promptId, ...details } = event.data;
          const row = columns(details) as Required<Updateable<PromptsTable>>;
          await trx
            .insertInto('read.prompts')
            .values({ ...row, id: promptId, company_id: companyId, created_at: at, updated_at: at, deleted: false })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          touched.set(promptId, { companyId, action: 'create' });
          break;
        }
        case 'PromptChanged':
          await trx.updateTable('read.prompts').set({ ...columns(event.data.changes), updated_at: at }).where('id', '=', event.data.promptId).execute();
          touched.set(event.data.promptId, { companyId, action: touched.get(event.data.promptId)?.action ?? 'update' });
          break;
        case 'PromptDeleted':
          await trx.updateTable('read.prompts').set({ deleted: true, updated_at: at }).where('id', '=', event.data.promptId).execute();
          touched.set(event.data.promptId, { companyId, action: 'delete' });
          break;
      }
    }
    return entityFrames(touched, { entity: 'prompt', idKey: 'promptId', viewKey: 'prompt' }, (companyId, id) => findPrompt(trx, companyId, id));
  },
});
