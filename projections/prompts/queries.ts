import type { PromptDetails, PromptView, PromptVoice } from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { PromptsTable } from './tables';
import { isoTimes, liveIds, viewing } from '../reads';

type Row = Selectable<PromptsTable> & { queue_name: string | null };

const viewOf = (row: Row): PromptView => ({
  id: row.id,
  companyId: row.company_id,
  name: row.name,
  apiKey: row.api_key_hint,
  prompt: row.prompt,
  voice: row.voice as PromptVoice,
  voiceKey: row.voice_key_hint,
  voiceRegion: row.voice_region,
  temperature: Number(row.temperature),
  maxTokens: row.max_tokens,
  maxMessages: row.max_messages,
  queueId: row.queue_id,
  queue: row.queue_name !== null ? { id: row.queue_id, name: row.queue_name } : null,
  ...isoTimes(row),
});

/** A prompt with its sealed keys, for the AI adapter (never answered to a browser). */
export interface StoredPrompt extends PromptDetails {
  id: number;
  companyId: number;
}

const storedOf = (row: Row): StoredPrompt => ({
  ...viewOf(row),
  apiKey: row.api_key,
  apiKeyHint: row.api_key_hint,
  voiceKey: row.voice_key,
  voiceKeyHint: row.voice_key_hint,
});

const rows = (db: Kysely<ReadDatabase>, companyId: number) =>
  db
    .selectFrom('read.prompts as p')
    .leftJoin('read.queues as q', (join) => join.onRef('q.id', '=', 'p.queue_id').onRef('q.company_id', '=', 'p.company_id').on('q.deleted', '=', false))
    .selectAll('p')
    .select('q.name as queue_name')
    .where('p.company_id', '=', companyId)
    .where('p.deleted', '=', false);

/** The live prompt of the company with this id. */
const byId = (db: Kysely<ReadDatabase>, companyId: number, id: number) => rows(db, companyId).where('p.id', '=', id).executeTakeFirst();

export const findPrompt = viewing(byId, viewOf);
export const storedPrompt = viewing(byId, storedOf);

/** The prompt serving a queue (the newest when several do). */
export async function storedPromptOfQueue(db: Kysely<ReadDatabase>, companyId: number, queueId: number): Promise<StoredPrompt | undefined> {
  const row = await rows(db, companyId).where('p.queue_id', '=', queueId).orderBy('p.id', 'desc').executeTakeFirst();
  return row ? storedOf(row) : undefined;
}

export async function listPrompts(db: Kysely<ReadDatabase>, companyId: number): Promise<PromptView[]> {
  return (
    await rows(db, companyId)
      .orderBy(sql`lower(p.name)`)
      .orderBy('p.id')
      .execute()
  ).map(viewOf);
}

export async function existingPromptIds(db: Kysely<ReadDatabase>, companyId: number, ids: readonly number[]): Promise<number[]> {
  return liveIds(db, 'read.prompts', companyId, ids);
}
