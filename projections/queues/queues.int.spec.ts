import { blankChatbotOption, defaultOpeningHours, type RecordedEvent } from '@conversa/contracts';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuesProjector } from './projector';
import { countQueues, findChatbotOption, findQueue, listQueues, listQueuesWithOptions, optionsOf, queuesOfUser, queueSummaries } from './queries';
import { project, readDatabase } from '../testing';

let db: Kysely<ReadDatabase>;
let close: () => Promise<void>;
let position = 0n;

const recorded = (type: string, data: unknown, companyId = 2): RecordedEvent => {
  position += 1n;
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamId: 'test',
    revision: 0,
    type,
    data,
    metadata: {
      companyId,
      actor: { kind: 'system', id: 't' },
      correlationId: 'c',
      causationId: 'c',
      occurredAt: `2026-05-01T12:00:${String(Number(position % 60n)).padStart(2, '0')}.000Z`,
      schemaVersion: 1,
      prevHash: null,
      hash: 'h',
    },
    position: { commit: position, prepare: position },
    createdAt: new Date(),
  };
};

const apply = (events: RecordedEvent[]) => project(db, queuesProjector, events);

const details = (name: string, color: string, orderQueue: number | null = null) => ({
  name,
  color,
  orderQueue,
  ativarRoteador: false,
  tempoRoteador: 2,
  greetingMessage: `Olá de ${name}`,
  outOfHoursMessage: '',
  closeTicket: false,
  integrationId: null,
  fileListId: null,
  promptId: null,
  schedules: defaultOpeningHours(),
});
const option = (queueId: number, optionId: number, parentId: number | null, name: string) => ({
  queueId,
  optionId,
  parentId,
  ...blankChatbotOption(),
  name,
});

beforeAll(async () => {
  ({ db, close } = await readDatabase('queues', [queuesProjector]));
});
afterAll(() => close?.());

describe('queues projection', () => {
  it('replays to the same rows and publishes one frame per queue with its tree', async () => {
    const history = [
      recorded('QueueCreated', { queueId: 1, ...details('Vendas', '#aa0000') }),
      recorded('ChatbotOptionAdded', option(1, 10, null, 'Comercial')),
      recorded('ChatbotOptionAdded', option(1, 11, 10, 'Planos')),
      recorded('ChatbotOptionAdded', option(1, 20, null, 'Suporte')),
      recorded('ChatbotOptionChanged', { queueId: 1, optionId: 20, changes: { queueType: 'queue', optQueueId: 1 } }),
      recorded('QueueChanged', {
        queueId: 1,
        changes: { name: 'Vendas e planos', schedules: defaultOpeningHours().map((day) => ({ ...day, startTimeB: '', endTimeB: '' })) },
      }),
    ];
    const frames = await apply(history);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ companyId: 2, entity: 'queue', data: { action: 'create', queue: { id: 1, name: 'Vendas e planos' } } });
    const first = await findQueue(db, 2, 1);
    await apply(history);
    expect(await findQueue(db, 2, 1)).toEqual(first);
    expect(first?.schedules[0]).toMatchObject({ weekdayEn: 'monday', startTimeA: '08:00', startTimeB: '' });
    expect(first?.chatbots.map((o) => [o.name, o.options.map((n) => n.name)])).toEqual([
      ['Comercial', ['Planos']],
      ['Suporte', []],
    ]);
    expect(first?.chatbots[1]).toMatchObject({ queueType: 'queue', optQueueId: 1 });
    expect((frames[0]!.data as any).queue).toEqual(first);
  });

  it('answers an option with its nested options, and only to its company', async () => {
    expect((await findChatbotOption(db, 2, 10))?.options.map((o) => o.id)).toEqual([11]);
    expect(await findChatbotOption(db, 3, 10)).toBeUndefined();
    expect(await findQueue(db, 3, 1)).toBeUndefined();
    expect(await optionsOf(db, 3, 1)).toEqual([]);
  });

  it('lists live queues in menu order and keeps deleted ones nameable', async () => {
    await apply([
      recorded('QueueCreated', { queueId: 2, ...details('Zeta', '#bb0000', 0) }),
      recorded('QueueCreated', { queueId: 3, ...details('alfa', '#cc0000') }),
      recorded('QueueCreated', { queueId: 4, ...details('Outra empresa', '#aa0000') }, 3),
      recorded('ChatbotOptionAdded', option(3, 30, null, 'Única')),
    ]);
    expect((await listQueues(db, 2)).map((q) => q.name)).toEqual(['Zeta', 'alfa', 'Vendas e planos']);
    expect((await listQueuesWithOptions(db, 2)).map((q) => q.chatbots.length)).toEqual([0, 1, 2]);
    expect(await countQueues(db, 2)).toBe(3);

    const deleted = await apply([recorded('QueueDeleted', { queueId: 3 })]);
    expect(deleted).toEqual([{ companyId: 2, entity: 'queue', data: { action: 'delete', queueId: 3 } }]);
    expect(await countQueues(db, 2)).toBe(2);
    expect(await findChatbotOption(db, 2, 30)).toBeUndefined();
    expect((await queueSummaries(db, 2, [3, 4])).get(3)).toEqual({ id: 3, name: 'alfa', color: '#cc0000' });
    expect((await queueSummaries(db, 2, [3, 4])).has(4)).toBe(false);
    expect((await queuesOfUser(db, 2, [1, 3, 4])).map((q) => q.id)).toEqual([1]);
  });

  it('removes options from the tree', async () => {
    const frames = await apply([
      recorded('ChatbotOptionRemoved', { queueId: 1, optionId: 11 }),
      recorded('ChatbotOptionRemoved', { queueId: 1, optionId: 10 }),
    ]);
    expect(frames).toHaveLength(1);
    expect((frames[0]!.data as any).queue.chatbots.map((o: any) => o.name)).toEqual(['Suporte']);
    expect((await optionsOf(db, 2, 1)).map((o) => o.id)).toEqual([20]);
  });
});
