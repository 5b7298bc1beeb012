import { blankChatbotOption, defaultOpeningHours, type ChatbotOptionDetails, type QueueDetails, type QueueEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { plannedTreeOf, queue, queueColor, QUEUE_COLOR_CLAIM_TIMEOUT_MS, type PlannedOption } from './queue';

const details: QueueDetails = {
  name: 'Vendas',
  color: '#ff0000',
  orderQueue: 1,
  ativarRoteador: false,
  tempoRoteador: 2,
  greetingMessage: '',
  outOfHoursMessage: '',
  closeTicket: false,
  integrationId: null,
  fileListId: null,
  promptId: null,
  schedules: defaultOpeningHours(),
};
const created: QueueEvent = { type: 'QueueCreated', data: { queueId: 5, ...details } };
const text = (name: string, extra: Partial<ChatbotOptionDetails> = {}): ChatbotOptionDetails => ({
  ...blankChatbotOption(),
  name,
  ...extra,
});
const added = (optionId: number, parentId: number | null, option: ChatbotOptionDetails): QueueEvent => ({
  type: 'ChatbotOptionAdded',
  data: { queueId: 5, optionId, parentId, ...option },
});
const removed = (optionId: number): QueueEvent => ({ type: 'ChatbotOptionRemoved', data: { queueId: 5, optionId } });
const fresh = (optionId: number, option: ChatbotOptionDetails, options: PlannedOption[] = []): PlannedOption => ({
  optionId,
  isNew: true,
  details: option,
  options,
});
const kept = (optionId: number, option: ChatbotOptionDetails, options: PlannedOption[] = []): PlannedOption => ({
  optionId,
  isNew: false,
  details: option,
  options,
});

/** A queue with options 10 (Comercial) → 11 (Planos) → 12 (Mensal), and 20 (Suporte). */
const tree: QueueEvent[] = [
  created,
  added(10, null, text('Comercial')),
  added(11, 10, text('Planos')),
  added(12, 11, text('Mensal')),
  added(20, null, text('Suporte')),
];

describe('queue decider', () => {
  it('creates the first queue of a company without a greeting, with its option tree parents first', () => {
    spec(queue)
      .given([])
      .when({ type: 'CreateQueue', queueId: 5, details, companyQueueCount: 0, options: [fresh(10, text('Comercial'), [fresh(11, text('Planos'))])] })
      .then([created, added(10, null, text('Comercial')), added(11, 10, text('Planos'))]);
  });

  it('requires a greeting once the company has more than one queue (ERR_WAPP_GREETING_REQUIRED)', () => {
    spec(queue).given([]).when({ type: 'CreateQueue', queueId: 5, details, companyQueueCount: 1, options: [] }).thenThrows('ERR_WAPP_GREETING_REQUIRED');
    spec(queue)
      .given([])
      .when({ type: 'CreateQueue', queueId: 5, details: { ...details, greetingMessage: '   ' }, companyQueueCount: 3, options: [] })
      .thenThrows('ERR_WAPP_GREETING_REQUIRED');
    spec(queue)
      .given([])
      .when({ type: 'CreateQueue', queueId: 5, details: { ...details, greetingMessage: 'Olá' }, companyQueueCount: 1, options: [] })
      .then([{ type: 'QueueCreated', data: { queueId: 5, ...details, greetingMessage: 'Olá' } }]);
    // Editing a queue of a company that now has two needs the greeting too; alone, it does not.
    spec(queue)
      .given([created])
      .when({ type: 'ChangeQueue', changes: { name: 'Vendas 2' }, companyQueueCount: 2 })
      .thenThrows('ERR_WAPP_GREETING_REQUIRED');
    spec(queue)
      .given([created])
      .when({ type: 'ChangeQueue', changes: { name: 'Vendas 2' }, companyQueueCount: 1 })
      .then([{ type: 'QueueChanged', data: { queueId: 5, changes: { name: 'Vendas 2' } } }]);
  });

  it('records only what changed', () => {
    spec(queue)
      .given([created])
      .when({ type: 'ChangeQueue', changes: { name: 'Vendas', ativarRoteador: true, tempoRoteador: 10 }, companyQueueCount: 1 })
      .then([{ type: 'QueueChanged', data: { queueId: 5, changes: { ativarRoteador: true, tempoRoteador: 10 } } }]);
    spec(queue)
      .given([created])
      .when({ type: 'ChangeQueue', changes: { color: '#ff0000' }, companyQueueCount: 1 })
      .then([]);
  });

  it('replaces the option tree: left-out options go deepest first, kept ones change, new ones are added under their parent', () => {
    spec(queue)
      .given(tree)
      .when({
        type: 'ChangeQueue',
        changes: {},
        companyQueueCount: 1,
        options: [kept(20, text('Suporte técnico'), [fresh(30, text('Internet'))]), fresh(40, text('Financeiro'))],
      })
      .then([
        removed(12),
        removed(11),
        removed(10),
        { type: 'ChatbotOptionChanged', data: { queueId: 5, optionId: 20, changes: { name: 'Suporte técnico' } } },
        added(30, 20, text('Internet')),
        added(40, null, text('Financeiro')),
      ]);
  });

  it('keeps the tree when a change does not name it, and an unchanged tree records nothing', () => {
    spec(queue)
      .given(tree)
      .when({ type: 'ChangeQueue', changes: { name: 'Vendas' }, companyQueueCount: 1 })
      .then([]);
    spec(queue)
      .given(tree)
      .when({ type: 'ChangeQueue', changes: {}, companyQueueCount: 1, options: plannedTreeOf(queue.initialState()) })
      .then([removed(12), removed(11), removed(10), removed(20)]);
    const state = tree.reduce(queue.evolve, queue.initialState());
    spec(queue)
      .given(tree)
      .when({ type: 'ChangeQueue', changes: {}, companyQueueCount: 1, options: plannedTreeOf(state) })
      .then([]);
  });

  it('refuses options that move between parents, repeat, or name options the queue lacks', () => {
    spec(queue)
      .given(tree)
      .when({
        type: 'ChangeQueue',
        changes: {},
        companyQueueCount: 1,
        options: [kept(10, text('Comercial'), [kept(11, text('Planos'))]), kept(20, text('Suporte'), [kept(12, text('Mensal'))])],
      })
      .thenThrows('ERR_VALIDATION');
    spec(queue)
      .given(tree)
      .when({ type: 'ChangeQueue', changes: {}, companyQueueCount: 1, options: [fresh(30, text('Outro')), fresh(30, text('Outro'))] })
      .thenThrows('ERR_VALIDATION');
    spec(queue)
      .given(tree)
      .when({ type: 'ChangeQueue', changes: {}, companyQueueCount: 1, options: [kept(99, text('Outro'))] })
      .thenThrows('ERR_NO_CHATBOT_FOUND');
    spec(queue)
      .given(tree)
      .when({ type: 'ChangeQueue', changes: {}, companyQueueCount: 1, options: [fresh(10, text('Outro'))] })
      .thenThrows('ERR_VALIDATION');
  });

  it('refuses an option whose queueType lacks its target, and drops targets the type does not use', () => {
    spec(queue)
      .given([created])
      .when({ type: 'AddChatbotOption', parentId: null, option: fresh(30, text('Vendas', { queueType: 'queue' })) })
      .thenThrows('ERR_VALIDATION');
    spec(queue)
      .given([created])
      .when({
        type: 'AddChatbotOption',
        parentId: null,
        option: fresh(30, text('Falar com Ana', { queueType: 'attendent', optUserId: 3, optQueueId: 7, optFileId: 9 })),
      })
      .then([added(30, null, text('Falar com Ana', { queueType: 'attendent', optUserId: 3, optQueueId: 7 }))]);
    spec(queue)
      .given(tree)
      .when({ type: 'ChangeChatbotOption', optionId: 20, changes: { queueType: 'file' } })
      .thenThrows('ERR_VALIDATION');
  });

  it('adds a nested option after its siblings, and refuses an unknown parent', () => {
    spec(queue)
      .given(tree)
      .when({ type: 'AddChatbotOption', parentId: 11, option: fresh(13, text('Anual')) })
      .then([added(13, 11, text('Anual'))]);
    spec(queue)
      .given(tree)
      .when({ type: 'AddChatbotOption', parentId: 77, option: fresh(13, text('Anual')) })
      .thenThrows('ERR_NO_CHATBOT_FOUND');
  });

  it('changes an option, switching its type clears the old target, and may replace its nested options', () => {
    const toQueue: QueueEvent[] = [
      ...tree,
      { type: 'ChatbotOptionChanged', data: { queueId: 5, optionId: 20, changes: { queueType: 'queue', optQueueId: 8 } } },
    ];
    spec(queue)
      .given(toQueue)
      .when({ type: 'ChangeChatbotOption', optionId: 20, changes: { queueType: 'text' } })
      .then([{ type: 'ChatbotOptionChanged', data: { queueId: 5, optionId: 20, changes: { queueType: 'text', optQueueId: null } } }]);
    spec(queue)
      .given(tree)
      .when({ type: 'ChangeChatbotOption', optionId: 10, changes: { greetingMessage: 'Escolha' }, options: [fresh(14, text('Avulso'))] })
      .then([
        { type: 'ChatbotOptionChanged', data: { queueId: 5, optionId: 10, changes: { greetingMessage: 'Escolha' } } },
        removed(12),
        removed(11),
        added(14, 10, text('Avulso')),
      ]);
  });

  it('keeps the nested options of a kept option that does not list them, and removes them when it lists none', () => {
    const withoutList: PlannedOption = { optionId: 10, isNew: false, details: text('Comercial 2') };
    spec(queue)
      .given(tree)
      .when({ type: 'ChangeQueue', changes: {}, companyQueueCount: 1, options: [withoutList, kept(20, text('Suporte'))] })
      .then([{ type: 'ChatbotOptionChanged', data: { queueId: 5, optionId: 10, changes: { name: 'Comercial 2' } } }]);
    spec(queue)
      .given(tree)
      .when({ type: 'ChangeQueue', changes: {}, companyQueueCount: 1, options: [{ ...withoutList, options: [] }, kept(20, text('Suporte'))] })
      .then([{ type: 'ChatbotOptionChanged', data: { queueId: 5, optionId: 10, changes: { name: 'Comercial 2' } } }, removed(12), removed(11)]);
  });

  it('removes an option with everything nested under it', () => {
    spec(queue)
      .given(tree)
      .when({ type: 'RemoveChatbotOption', optionId: 10 })
      .then([removed(12), removed(11), removed(10)]);
    spec(queue).given(tree).when({ type: 'RemoveChatbotOption', optionId: 99 }).thenThrows('ERR_NO_CHATBOT_FOUND');
  });

  it('bounds the depth of the tree', () => {
    let nested: PlannedOption[] = [];
    for (let level = 11; level >= 1; level--) nested = [fresh(100 + level, text(`Nível ${level}`), nested)];
    spec(queue).given([created]).when({ type: 'ChangeQueue', changes: {}, companyQueueCount: 1, options: nested }).thenThrows('ERR_VALIDATION');
    spec(queue)
      .given([created])
      .when({ type: 'ChangeQueue', changes: {}, companyQueueCount: 1, options: nested[0]!.options })
      .thenState((state) => {
        expect(state.status === 'active' && state.options.size).toBe(10);
      });
  });

  it('deletes a queue, after which it cannot change', () => {
    spec(queue)
      .given(tree)
      .when({ type: 'DeleteQueue' })
      .then([{ type: 'QueueDeleted', data: { queueId: 5 } }]);
    spec(queue)
      .given([...tree, { type: 'QueueDeleted', data: { queueId: 5 } }])
      .when({ type: 'ChangeQueue', changes: { name: 'X1' }, companyQueueCount: 1 })
      .thenThrows('ERR_NO_QUEUE_FOUND');
    spec(queue).given([]).when({ type: 'DeleteQueue' }).thenThrows('ERR_NO_QUEUE_FOUND');
    spec(queue).given([created]).when({ type: 'CreateQueue', queueId: 5, details, companyQueueCount: 0, options: [] }).thenThrows('ERR_VALIDATION');
  });
});

describe('queue colour guard', () => {
  const claimedAt = '2026-01-15T12:00:00.000Z';
  const claimed = { type: 'QueueColorClaimed' as const, data: { companyId: 1, color: '#ff0000', queueId: 5, at: claimedAt } };

  it('gives a colour to one queue of the company at a time', () => {
    spec(queueColor).given([]).when({ type: 'ClaimQueueColor', companyId: 1, color: '#ff0000', queueId: 5 }).then([claimed]);
    spec(queueColor).given([claimed]).when({ type: 'ClaimQueueColor', companyId: 1, color: '#ff0000', queueId: 5 }).then([]);
    spec(queueColor)
      .given([claimed])
      .when({ type: 'ClaimQueueColor', companyId: 1, color: '#ff0000', queueId: 6 })
      .thenThrows('ERR_QUEUE_COLOR_ALREADY_EXISTS', { ownerId: 5 });
  });

  it('frees the colour when its queue releases it; another queue cannot release it', () => {
    spec(queueColor).given([claimed]).when({ type: 'ReleaseQueueColor', companyId: 1, color: '#ff0000', queueId: 6 }).then([]);
    spec(queueColor)
      .given([claimed, { type: 'QueueColorReleased', data: { companyId: 1, color: '#ff0000', queueId: 5 } }])
      .when({ type: 'ClaimQueueColor', companyId: 1, color: '#ff0000', queueId: 6 })
      .then([{ type: 'QueueColorClaimed', data: { companyId: 1, color: '#ff0000', queueId: 6, at: claimedAt } }]);
  });

  it('lets an abandoned claim be taken over only once it is old', () => {
    const takeOver = { type: 'ClaimQueueColor' as const, companyId: 1, color: '#ff0000', queueId: 6, takeOverFrom: 5 };
    spec(queueColor)
      .given([claimed])
      .when(takeOver, new Date(Date.parse(claimedAt) + 1_000))
      .thenThrows('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    const later = new Date(Date.parse(claimedAt) + QUEUE_COLOR_CLAIM_TIMEOUT_MS);
    spec(queueColor)
      .given([claimed])
      .when(takeOver, later)
      .then([{ type: 'QueueColorClaimed', data: { companyId: 1, color: '#ff0000', queueId: 6, at: later.toISOString() } }]);
    spec(queueColor)
      .given([claimed])
      .when({ ...takeOver, takeOverFrom: 4 }, later)
      .thenThrows('ERR_QUEUE_COLOR_ALREADY_EXISTS');
  });
});
