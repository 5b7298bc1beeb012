import type { CompanySettings, ConnectionView, ScheduleEntry, ChatbotOptionView, QueueWithOptions } from '@conversa/contracts';
import type { ChatbotOption, RoutingConnection, RoutingFileList, RoutingQueue } from '@conversa/core';
import { companySchedules, companySettingsOf } from '@conversa/projections/companies/queries';
import { findConnection } from '@conversa/projections/connections/queries';
import { fileListsByIds } from '@conversa/projections/files/queries';
import { findQueue, listQueuesWithOptions } from '@conversa/projections/queues/queries';
import { waitingInQueues } from '@conversa/projections/routing/queries';
import { autoAssignQueues } from '@conversa/projections/assignment/queries';
import { findUser, onlineUserIds } from '@conversa/projections/users/queries';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';

/**
 * What the routing reads besides the streams: the company's settings and hours, the connection's
 * routing fields, the queues with their chatbot trees, who is online, how many wait. A port, so
 * the reactors' tests can hand over a company's set-up without writing every read model first.
 */
/** A connection's routing fields and the queues its menu offers. */
export type DirectoryConnection = RoutingConnection & { companyId: number; queueIds: number[] };

export interface RoutingDirectory {
  settings(companyId: number): Promise<CompanySettings>;
  companySchedules(companyId: number): Promise<ScheduleEntry[]>;
  /** A live connection (of the company, when one is named). */
  connection(whatsappId: number | null, companyId?: number): Promise<DirectoryConnection | null>;
  /** The connection's queues in menu order, with their chatbot trees. */
  menuQueues(connection: DirectoryConnection | null): Promise<RoutingQueue[]>;
  queue(companyId: number, queueId: number): Promise<RoutingQueue | null>;
  waitingInQueues(companyId: number, queueIds: readonly number[], exceptTicketId: number): Promise<Record<number, number>>;
  /** Queues with assignment on: their line tells the contact her place, so the bot does not. */
  lineQueueIds(companyId: number): Promise<number[]>;
  onlineUsersOfQueue(companyId: number, queueId: number): Promise<number[]>;
  user(companyId: number, userId: number): Promise<{ name: string; farewellMessage: string } | null>;
  /** The company's live file lists among `ids` (others are left out). */
  fileLists(companyId: number, ids: readonly number[]): Promise<RoutingFileList[]>;
}

/** A connection as the routing engine reads it. */
export function routingConnectionOf(view: ConnectionView): DirectoryConnection {
  return {
    id: view.id,
    companyId: view.companyId,
    name: view.name,
    greetingMessage: view.greetingMessage,
    complationMessage: view.complationMessage,
    outOfHoursMessage: view.outOfHoursMessage,
    ratingMessage: view.ratingMessage,
    maxUseBotQueues: view.maxUseBotQueues,
    maxUseBotQueuesNPS: view.maxUseBotQueuesNPS,
    expiresTicket: view.expiresTicket,
    expiresTicketNPS: view.expiresTicketNPS,
    whenExpiresTicket: view.whenExpiresTicket === '1' ? '1' : '0',
    expiresInactiveMessage: view.expiresInactiveMessage,
    timeUseBotQueues: view.timeUseBotQueues,
    timeSendQueue: view.timeSendQueue,
    sendIdQueue: view.sendIdQueue,
    timeInactiveMessage: view.timeInactiveMessage,
    inactiveMessage: view.inactiveMessage,
    schedules: view.schedules,
    queueIds: view.queueIds,
    integrationId: view.integrationId,
    promptId: view.promptId,
  };
}

const optionOf = (view: ChatbotOptionView): ChatbotOption => ({
  id: view.id,
  name: view.name,
  greetingMessage: view.greetingMessage,
  queueType: view.queueType,
  optQueueId: view.optQueueId,
  optUserId: view.optUserId,
  optIntegrationId: view.optIntegrationId,
  optFileId: view.optFileId,
  closeTicket: view.closeTicket,
  options: view.options.map(optionOf),
});

export const routingQueueOf = (view: QueueWithOptions): RoutingQueue => ({
  id: view.id,
  name: view.name,
  greetingMessage: view.greetingMessage,
  outOfHoursMessage: view.outOfHoursMessage,
  schedules: view.schedules,
  ativarRoteador: view.ativarRoteador,
  tempoRoteador: view.tempoRoteador,
  options: view.chatbots.map(optionOf),
  integrationId: view.integrationId,
  promptId: view.promptId,
  fileListId: view.fileListId,
});

/** The directory over the product's read models. */
export function readModelDirectory(db: Kysely<ReadDatabase>): RoutingDirectory {
  return {
    settings: (companyId) => companySettingsOf(db, companyId),
    companySchedules: (companyId) => companySchedules(db, companyId),
    async connection(whatsappId, companyId) {
      if (whatsappId === null) return null;
      const view = await findConnection(db, whatsappId, companyId === undefined ? {} : { companyId });
      return view ? routingConnectionOf(view) : null;
    },
    async menuQueues(connection) {
      if (!connection || connection.queueIds.length === 0) return [];
      const queues = await listQueuesWithOptions(db, connection.companyId);
      return queues.filter((queue) => connection.queueIds.includes(queue.id)).map(routingQueueOf);
    },
    async queue(companyId, queueId) {
      const view = await findQueue(db, companyId, queueId);
      return view ? routingQueueOf(view) : null;
    },
    waitingInQueues: (companyId, queueIds, exceptTicketId) => waitingInQueues(db, companyId, queueIds, exceptTicketId),
    lineQueueIds: async (companyId) => (await autoAssignQueues(db, companyId)).map((queue) => queue.queueId),
    onlineUsersOfQueue: (companyId, queueId) => onlineUserIds(db, companyId, queueId),
    async user(companyId, userId) {
      const found = await findUser(db, userId, companyId);
      return found ? { name: found.name, farewellMessage: found.farewellMessage } : null;
    },
    fileLists: (companyId, ids) => fileListsByIds(db, companyId, ids),
  };
}

/**
 * The directory with the company's set-up (settings, hours, connections, queues, users) read once:
 * for one batch of triggers, which then all see the set-up as it was when the batch began. Who is
 * online and how many wait are read every time.
 */
export function memoizedDirectory(directory: RoutingDirectory): RoutingDirectory {
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    let found = memo.get(key) as Promise<T> | undefined;
    if (!found) {
      found = read();
      memo.set(key, found);
      // A failed read is not remembered: the next trigger tries again.
      found.catch(() => memo.delete(key));
    }
    return found;
  };
  return {
    settings: (companyId) => once(`settings:${companyId}`, () => directory.settings(companyId)),
    companySchedules: (companyId) => once(`schedules:${companyId}`, () => directory.companySchedules(companyId)),
    connection: (whatsappId, companyId) => once(`connection:${whatsappId}:${companyId}`, () => directory.connection(whatsappId, companyId)),
    menuQueues: (connection) =>
      connection ? once(`menu:${connection.companyId}:${connection.id}`, () => directory.menuQueues(connection)) : directory.menuQueues(connection),
    queue: (companyId, queueId) => once(`queue:${companyId}:${queueId}`, () => directory.queue(companyId, queueId)),
    waitingInQueues: (companyId, queueIds, exceptTicketId) => directory.waitingInQueues(companyId, queueIds, exceptTicketId),
    lineQueueIds: (companyId) => once(`lines:${companyId}`, () => directory.lineQueueIds(companyId)),
    onlineUsersOfQueue: (companyId, queueId) => directory.onlineUsersOfQueue(companyId, queueId),
    user: (companyId, userId) => once(`user:${companyId}:${userId}`, () => directory.user(companyId, userId)),
    fileLists: (companyId, ids) => once(`files:${companyId}:${[...ids].sort((a, b) => a - b).join(',')}`, () => directory.fileLists(companyId, ids)),
  };
}
