import { blankChatbotOption, type ChatbotOptionDetails, type ChatbotOptionInput } from '@conversa/contracts';
import type { ChatbotOptionView as ChatbotOption } from '@conversa/contracts';

/**
 * The option-tree editor's model: the chatbot options of a queue as the dialog edits them. Each node has a
 * local `key` (stable while editing, also for new options that have no id yet); `id` names a saved option.
 */
export interface OptionNode extends ChatbotOptionDetails {
  key: string;
  id?: number;
  options: OptionNode[];
}

export type OptionChanges = Partial<Omit<OptionNode, 'key' | 'id' | 'options'>>;

let nextKey = 0;
const newKey = () => `option-${++nextKey}`;

export const emptyOption = (): OptionNode => ({ ...blankChatbotOption(), key: newKey(), options: [] });

/** The saved tree (GET /queue/{id} `chatbots`) as editor nodes. */
export const fromSaved = (options: readonly ChatbotOption[]): OptionNode[] =>
  options.map(({ queueId: _queue, parentId: _parent, options: nested, ...option }) => ({ ...option, key: newKey(), options: fromSaved(nested) }));

const mapNodes = (nodes: readonly OptionNode[], visit: (node: OptionNode) => OptionNode | null): OptionNode[] =>
  nodes.flatMap((node) => {
    const visited = visit(node);
    return visited === null ? [] : [{ ...visited, options: mapNodes(visited.options, visit) }];
  });

/** Adds an empty option at the end of the queue's first level (parentKey null) or of an option's nested options. */
export function addOption(tree: readonly OptionNode[], parentKey: string | null): { tree: OptionNode[]; added: OptionNode } {
  const added = emptyOption();
  if (parentKey === null) return { tree: [...tree, added], added };
  return { tree: mapNodes(tree, (node) => (node.key === parentKey ? { ...node, options: [...node.options, added] } : node)), added };
}

/** Removes an option with everything nested under it. */
export const removeOption = (tree: readonly OptionNode[], key: string): OptionNode[] => mapNodes(tree, (node) => (node.key === key ? null : node));

/** Changes an option's fields; choosing another queueType clears the targets the new type does not use. */
export const updateOption = (tree: readonly OptionNode[], key: string, changes: OptionChanges): OptionNode[] =>
  mapNodes(tree, (node) => {
    if (node.key !== key) return node;
    const next = { ...node, ...changes };
    if (changes.queueType === undefined || changes.queueType === node.queueType) return next;
    return {
      ...next,
      optQueueId: next.queueType === 'queue' || next.queueType === 'attendent' ? next.optQueueId : null,
      optUserId: next.queueType === 'attendent' ? next.optUserId : null,
      optIntegrationId: next.queueType === 'integration' ? next.optIntegrationId : null,
      optFileId: next.queueType === 'file' ? next.optFileId : null,
    };
  });

/** The tree as PUT /queue sends it: every node lists all its nested options, so the saved tree becomes exactly this one. */
export const toRequest = (tree: readonly OptionNode[]): ChatbotOptionInput[] =>
  tree.map(({ key: _key, id, options, ...fields }) => ({
    ...(id !== undefined ? { id } : {}),
    ...fields,
    name: fields.name.trim(),
    options: toRequest(options),
  }));

/** The node a request path points at (`['chatbots', 0, 'options', 1, 'name']` → the second nested option of the first). */
export function nodeAtPath(tree: readonly OptionNode[], path: readonly PropertyKey[]): { node: OptionNode; field: string } | null {
  let nodes = tree;
  let node: OptionNode | undefined;
  let index = 0;
  while (index < path.length) {
    const position = path[index];
    if (typeof position !== 'number') break;
    node = nodes[position];
    if (!node) return null;
    index++;
    if (path[index] === 'options' && typeof path[index + 1] === 'number') {
      nodes = node.options;
      index++;
      continue;
    }
    break;
  }
  return node ? { node, field: String(path[index] ?? 'name') } : null;
}

/** Options that lead to nested options without a message: the bot would not go on to the next level. */
export function optionsMissingMessage(tree: readonly OptionNode[]): Set<string> {
  const missing = new Set<string>();
  const walk = (nodes: readonly OptionNode[]) => {
    for (const node of nodes) {
      if (node.options.length > 0 && node.greetingMessage.trim() === '') missing.add(node.key);
      walk(node.options);
    }
  };
  walk(tree);
  return missing;
}

/** The menu numbers the contact answers with: '1', '1.2', … */
export const optionNumber = (path: readonly number[]) => path.map((index) => index + 1).join('.');

export const countOptions = (tree: readonly OptionNode[]): number => tree.reduce((sum, node) => sum + 1 + countOptions(node.options), 0);
