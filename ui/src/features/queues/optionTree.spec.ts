import { describe, expect, it } from 'vitest';
import { blankChatbotOption, type ChatbotOptionView as ChatbotOption } from '@conversa/contracts';
import {
  addOption,
  countOptions,
  fromSaved,
  nodeAtPath,
  optionNumber,
  optionsMissingMessage,
  removeOption,
  toRequest,
  updateOption,
  type OptionNode,
} from './optionTree';
import { emptyQueueForm, maskTime, queueRequestOf, validateQueueForm } from './queueForm';

const saved = (id: number, name: string, options: ChatbotOption[] = [], extra: Partial<ChatbotOption> = {}): ChatbotOption => ({
  id,
  queueId: 1,
  parentId: null,
  ...blankChatbotOption(),
  name,
  options,
  ...extra,
});

const named = (tree: OptionNode[], name: string): OptionNode => {
  for (const node of tree) {
    if (node.name === name) return node;
    const nested = node.options.length ? safeNamed(node.options, name) : undefined;
    if (nested) return nested;
  }
  throw new Error(`no option ${name}`);
};
const safeNamed = (tree: OptionNode[], name: string): OptionNode | undefined => {
  try {
    return named(tree, name);
  } catch {
    return undefined;
  }
};

describe('the option tree model', () => {
  const tree = fromSaved([saved(10, 'Comercial', [saved(11, 'Planos', [saved(12, 'Mensal')])]), saved(20, 'Suporte')]);

  it('adds options at the first level and under an option, each with its own key', () => {
    const first = addOption([], null);
    const second = addOption(first.tree, first.added.key);
    expect(second.tree).toHaveLength(1);
    expect(second.tree[0]!.options).toEqual([second.added]);
    expect(second.added.key).not.toBe(first.added.key);
    expect(second.added).toMatchObject({ name: '', queueType: 'text', options: [] });
  });

  it('removes an option with its nested options and leaves the rest', () => {
    const after = removeOption(tree, named(tree, 'Planos').key);
    expect(countOptions(tree)).toBe(4);
    expect(countOptions(after)).toBe(2);
    expect(named(after, 'Comercial').options).toEqual([]);
  });

  it("clears the targets a new queueType does not use, and keeps the attendant's queue", () => {
    const key = named(tree, 'Suporte').key;
    let changed = updateOption(tree, key, { queueType: 'queue', optQueueId: 7 });
    expect(named(changed, 'Suporte')).toMatchObject({ queueType: 'queue', optQueueId: 7 });
    changed = updateOption(changed, key, { queueType: 'attendent', optUserId: 3 });
    expect(named(changed, 'Suporte')).toMatchObject({ queueType: 'attendent', optQueueId: 7, optUserId: 3 });
    changed = updateOption(changed, key, { queueType: 'file' });
    expect(named(changed, 'Suporte')).toMatchObject({ queueType: 'file', optQueueId: null, optUserId: null, optFileId: null });
    // Other fields change without touching targets.
    changed = updateOption(changed, key, { optFileId: 4 });
    changed = updateOption(changed, key, { name: 'Arquivos' });
    expect(named(changed, 'Arquivos').optFileId).toBe(4);
  });

  it('sends saved options with their ids and new ones without, every node listing its nested options', () => {
    const { tree: withNew } = addOption(tree, named(tree, 'Suporte').key);
    const request = toRequest(updateOption(withNew, named(withNew, '').key, { name: ' Internet ' }));
    expect(request).toEqual([
      expect.objectContaining({
        id: 10,
        name: 'Comercial',
        options: [expect.objectContaining({ id: 11, options: [expect.objectContaining({ id: 12, options: [] })] })],
      }),
      expect.objectContaining({ id: 20, name: 'Suporte', options: [expect.not.objectContaining({ id: expect.anything() })] }),
    ]);
    expect(request[1]!.options![0]).toMatchObject({ name: 'Internet', queueType: 'text', options: [] });
    expect(JSON.stringify(request)).not.toContain('"key"');
  });

  it('finds the option a request path names', () => {
    expect(nodeAtPath(tree, [0, 'options', 0, 'options', 0, 'name'])).toEqual({ node: named(tree, 'Mensal'), field: 'name' });
    expect(nodeAtPath(tree, [1, 'optQueueId'])).toEqual({ node: named(tree, 'Suporte'), field: 'optQueueId' });
    expect(nodeAtPath(tree, [5, 'name'])).toBeNull();
  });

  it('flags options that lead further without a message', () => {
    expect([...optionsMissingMessage(tree)].sort()).toEqual([named(tree, 'Comercial').key, named(tree, 'Planos').key].sort());
    const answered = updateOption(tree, named(tree, 'Comercial').key, { greetingMessage: 'Escolha' });
    expect(optionsMissingMessage(answered).has(named(answered, 'Comercial').key)).toBe(false);
  });

  it('numbers options as the contact answers them', () => {
    expect(optionNumber([0])).toBe('1');
    expect(optionNumber([1, 0, 2])).toBe('2.1.3');
  });
});

describe('the queue form rules', () => {
  const valid = { ...emptyQueueForm(), name: 'Vendas', color: '#3182CE' };

  it('accepts a valid form and sends every field', () => {
    expect(validateQueueForm(valid, 1)).toEqual({ fields: {}, schedules: {}, options: {} });
    const body = queueRequestOf({ ...valid, orderQueue: '2' });
    expect(body).toMatchObject({ name: 'Vendas', color: '#3182CE', orderQueue: 2, tempoRoteador: 2, integrationId: null, chatbots: [] });
    expect(body.schedules).toHaveLength(7);
    expect(queueRequestOf(valid).orderQueue).toBeNull();
  });

  it("shows the spec's messages for name and colour", () => {
    expect(validateQueueForm({ ...valid, name: '' }, 1).fields.name).toBe('queues.validation.required');
    expect(validateQueueForm({ ...valid, name: 'V' }, 1).fields.name).toBe('queues.validation.tooShort');
    expect(validateQueueForm({ ...valid, name: 'V'.repeat(51) }, 1).fields.name).toBe('queues.validation.tooLong');
    expect(validateQueueForm({ ...valid, color: '' }, 1).fields.color).toBe('queues.validation.required');
    expect(validateQueueForm({ ...valid, color: 'azul' }, 1).fields.color).toBe('queues.validation.invalidColor');
  });

  it('requires the greeting once the company has more than one queue', () => {
    expect(validateQueueForm(valid, 1).fields.greetingMessage).toBeUndefined();
    expect(validateQueueForm(valid, 2).fields.greetingMessage).toBe('errors.ERR_WAPP_GREETING_REQUIRED');
    expect(validateQueueForm({ ...valid, greetingMessage: 'Olá' }, 2).fields.greetingMessage).toBeUndefined();
  });

  it('places schedule problems on the day and field', () => {
    const schedules = valid.schedules.map((day, index) => (index === 2 ? { ...day, startTimeB: '11:00' } : index === 4 ? { ...day, endTimeA: '' } : day));
    expect(validateQueueForm({ ...valid, schedules }, 1).schedules).toEqual({
      '2.startTimeB': 'queues.validation.overlap',
      '4.endTimeA': 'queues.validation.halfWindow',
    });
  });

  it('places option problems on the option: names of at least 4 characters, the target its type needs', () => {
    let tree = fromSaved([saved(10, 'Comercial', [saved(11, 'Pix')])]);
    tree = addOption(tree, null).tree;
    const blank = tree[1]!;
    tree = updateOption(tree, blank.key, { name: 'Transferir', queueType: 'queue' });
    const errors = validateQueueForm({ ...valid, chatbots: tree }, 1);
    expect(errors.options).toEqual({
      [named(tree, 'Pix').key]: { name: 'queues.validation.optionTooShort' },
      [blank.key]: { optQueueId: 'queues.validation.targetQueue' },
    });
    const emptyName = updateOption(tree, named(tree, 'Pix').key, { name: '  ' });
    expect(validateQueueForm({ ...valid, chatbots: emptyName }, 1).options[named(emptyName, '  ').key]).toEqual({ name: 'queues.validation.required' });
  });

  it('masks typed times to ##:##', () => {
    expect(maskTime('0')).toBe('0');
    expect(maskTime('083')).toBe('08:3');
    expect(maskTime('08:30')).toBe('08:30');
    expect(maskTime('0830999')).toBe('08:30');
    expect(maskTime('ab12')).toBe('12');
  });
});
