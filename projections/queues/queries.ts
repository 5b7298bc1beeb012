import type { ChatbotOptionView, QueueSummary, QueueView, QueueWithOptions } from '@conversa/contracts';
import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { ReadDatabase } from '../database';
import type { QueueOptionsTable, QueuesTable } from './tables';
import { countOf, isoTimes, liveById, liveIds, liveRow, liveRows } from '../reads';

const queueFromRow = (row: Selectable<QueuesTable>): QueueView => ({
  id: row.id,
  companyId: row.company_id,
  name: row.name,
  color: row.color,
  orderQueue: row.order_queue,
  ativarRoteador: row.ativar_roteador,
  tempoRoteador: row.tempo_roteador,
  greetingMessage: row.greeting_message,
  outOfHoursMessage: row.out_of_hours_message,
  closeTicket: row.close_ticket,
  integrationId: row.integration_id,
  fileListId: row.file_list_id,
  promptId: row.prompt_id,
  schedules: row.schedules,
  ...isoTimes(row),
});

const optionFromRow = (row: Selectable<QueueOptionsTable>): ChatbotOptionView => ({
  id: row.id,
  queueId: row.queue_id,
  parentId: row.parent_id,
  name: row.name,
  greetingMessage: row.greeting_message,
  queueType: row.queue_type,
  optQueueId: row.opt_queue_id,
  optUserId: row.opt_user_id,
  optIntegrationId: row.opt_integration_id,
  optFileId: row.opt_file_id,
  closeTicket: row.close_ticket,
  options: [],
});

/** Rows (any order) → the forest of first-level options, siblings in id order (the order they were added). */
function treeOf(rows: readonly Selectable<QueueOptionsTable>[]): ChatbotOptionView[] {
  const views = rows.map(optionFromRow).sort((a, b) => a.id - b.id);
  const byId = new Map(views.map((view) => [view.id, view]));
  const roots: ChatbotOptionView[] = [];
  for (const view of views) {
    const parent = view.parentId === null ? undefined : byId.get(view.parentId);
    if (parent) parent.options.push(view);
    else if (view.parentId === null) roots.push(view);
  }
  return roots;
}

/** Menu order: orderQueue first (unordered queues after), then name, then id. */
const inMenuOrder = <O>(query: SelectQueryBuilder<ReadDatabase, 'read.queues', O>) =>
  query
    .orderBy(sql`order_queue asc nulls last`)
    .orderBy(sql`lower(name)`)
    .orderBy('id');

/** The company's live queues in menu order, without their option trees. */
export async function listQueues(db: Kysely<ReadDatabase>, companyId: number): Promise<QueueView[]> {
  const rows = await inMenuOrder(liveRows(db, 'read.queues', companyId).selectAll()).execute();
  return rows.map(queueFromRow);
}

/** The company's live queues in menu order, each with its option tree (the greeting's numbered menu). */
export async function listQueuesWithOptions(db: Kysely<ReadDatabase>, companyId: number): Promise<QueueWithOptions[]> {
  const queues = await listQueues(db, companyId);
  const trees = await optionTrees(
    db,
    companyId,
    queues.map((q) => q.id),
  );
  return queues.map((q) => ({ ...q, chatbots: trees.get(q.id) ?? [] }));
}

/** A live queue of the company with its option tree. */
export async function findQueue(db: Kysely<ReadDatabase>, companyId: number, queueId: number): Promise<QueueWithOptions | undefined> {
  const row = await liveRow(db, 'read.queues', companyId, queueId);
  if (!row) return undefined;
  return { ...queueFromRow(row), chatbots: await optionsOf(db, companyId, queueId) };
}

/** How many live queues the company has (more than one makes the greeting required). */
export async function countQueues(db: Kysely<ReadDatabase>, companyId: number): Promise<number> {
  return countOf(liveRows(db, 'read.queues', companyId));
}

/** Which of these ids are live queues of the company. */
export async function existingQueueIds(db: Kysely<ReadDatabase>, companyId: number, ids: readonly number[]): Promise<number[]> {
  return liveIds(db, 'read.queues', companyId, ids);
}

/**
 * Id, name and colour of these queues of the company, deleted ones included: a ticket or a user still
 * names the queue it was in. The users screen and the ticket rows use it.
 */
export async function queueSummaries(db: Kysely<ReadDatabase>, companyId: number, ids: readonly number[]): Promise<Map<number, QueueSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('read.queues')
    .select(['id', 'name', 'color'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, color: row.color }]));
}

/** The live queues a user attends, in menu order (a user's `queueIds` may name queues deleted since). */
export async function queuesOfUser(db: Kysely<ReadDatabase>, companyId: number, queueIds: readonly number[]): Promise<QueueView[]> {
  if (queueIds.length === 0) return [];
  const rows = await inMenuOrder(
    liveRows(db, 'read.queues', companyId)
      .selectAll()
      .where('id', 'in', [...queueIds]),
  ).execute();
  return rows.map(queueFromRow);
}

/** A queue's chatbot options as a tree: first-level options with their nested options, each level in menu order. */
export async function optionsOf(db: Kysely<ReadDatabase>, companyId: number, queueId: number): Promise<ChatbotOptionView[]> {
  return (await optionTrees(db, companyId, [queueId])).get(queueId) ?? [];
}

/** The option trees of these queues of the company, by queue id. */
export async function optionTrees(db: Kysely<ReadDatabase>, companyId: number, queueIds: readonly number[]): Promise<Map<number, ChatbotOptionView[]>> {
  const trees = new Map<number, ChatbotOptionView[]>();
  if (queueIds.length === 0) return trees;
  const rows = await db
    .selectFrom('read.queue_options')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('queue_id', 'in', [...queueIds])
    .where('deleted', '=', false)
    .execute();
  const byQueue = new Map<number, Selectable<QueueOptionsTable>[]>();
  for (const row of rows) byQueue.set(row.queue_id, [...(byQueue.get(row.queue_id) ?? []), row]);
  for (const [queueId, queueRows] of byQueue) trees.set(queueId, treeOf(queueRows));
  return trees;
}

/** A live option of the company with its nested options (GET /chatbot/{id}; where a contact stands in the menu). */
export async function findChatbotOption(db: Kysely<ReadDatabase>, companyId: number, optionId: number): Promise<ChatbotOptionView | undefined> {
  const row = await liveById(db, 'read.queue_options', companyId, optionId).select(['queue_id']).executeTakeFirst();
  if (!row) return undefined;
  const find = (nodes: ChatbotOptionView[]): ChatbotOptionView | undefined => {
    for (const node of nodes) {
      if (node.id === optionId) return node;
      const nested = find(node.options);
      if (nested) return nested;
    }
    return undefined;
  };
  return find(await optionsOf(db, companyId, row.queue_id));
}

/** A queue's name alone (a push notification's body), deleted or not. */
export async function queueName(db: Kysely<ReadDatabase>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('read.queues').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name;
}
