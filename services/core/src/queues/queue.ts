import {
  CHATBOT_MAX_DEPTH,
  CHATBOT_MAX_OPTIONS_PER_QUEUE,
  CHATBOT_TARGET_MESSAGES,
  DomainError,
  missingChatbotTarget,
  withOnlyUsedTargets,
  type ChatbotOptionDetails,
  type QueueColorEvent,
  type QueueDetails,
  type QueueEvent,
} from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

export interface ChatbotOptionState {
  optionId: number;
  parentId: number | null;
  details: ChatbotOptionDetails;
}

export type Queue =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted';
      queueId: number;
      details: QueueDetails;
      /** Every live option of the tree, by id; the order of insertion is the menu's order. */
      options: Map<number, ChatbotOptionState>;
    };

/**
 * An option as a command carries it: `optionId` was allocated before the command for a new option
 * (`isNew`), or names one of the queue's options; `options` are all its nested options (undefined:
 * an existing option keeps the ones it has, a new one has none).
 */
export interface PlannedOption {
  optionId: number;
  isNew: boolean;
  details: ChatbotOptionDetails;
  options?: PlannedOption[];
}

/**
 * `companyQueueCount` is how many live queues the company has (for ChangeQueue, this one included):
 * a greeting is required when the company has more than one queue.
 */
export type QueueCommand =
  | { type: 'CreateQueue'; queueId: number; details: QueueDetails; companyQueueCount: number; options: PlannedOption[] }
  | { type: 'ChangeQueue'; changes: Partial<QueueDetails>; companyQueueCount: number; options?: PlannedOption[] }
  | { type: 'DeleteQueue' }
  | { type: 'AddChatbotOption'; parentId: number | null; option: PlannedOption }
  | { type: 'ChangeChatbotOption'; optionId: number; changes: Partial<ChatbotOptionDetails>; options?: PlannedOption[] }
  | { type: 'RemoveChatbotOption'; optionId: number };

type ActiveQueue = Extract<Queue, { status: 'active' | 'deleted' }>;

const requireGreeting = (details: Pick<QueueDetails, 'greetingMessage'>, queuesAfter: number) => {
  if (queuesAfter > 1 && details.greetingMessage.trim() === '') throw new DomainError('ERR_WAPP_GREETING_REQUIRED');
};

const requireTarget = (details: ChatbotOptionDetails) => {
  const missing = missingChatbotTarget(details);
  if (missing) throw new DomainError('ERR_VALIDATION', `${missing}: ${CHATBOT_TARGET_MESSAGES[missing]}`);
};

const childrenOf = (options: Map<number, ChatbotOptionState>, parentId: number | null) =>
  [...options.values()].filter((option) => option.parentId === parentId);

const depthOf = (options: Map<number, ChatbotOptionState>, optionId: number | null): number => {
  let depth = 0;
  for (let current = optionId; current !== null; current = options.get(current)?.parentId ?? null) depth++;
  return depth;
};

/** The option and everything nested under it, deepest first (the order removals are recorded in). */
function subtreeDeepestFirst(options: Map<number, ChatbotOptionState>, optionId: number): number[] {
  const ids: number[] = [];
  for (const child of childrenOf(options, optionId)) ids.push(...subtreeDeepestFirst(options, child.optionId));
  ids.push(optionId);
  return ids;
}

/**
 * The facts that make `parentId`'s nested options exactly `planned`: options left out are removed (with
 * their own nested options), planned options that exist change, new ones are added. Options never move
 * between parents: an existing id planned under another parent is refused.
 */
function replaceChildren(state: ActiveQueue, parentId: number | null, planned: readonly PlannedOption[]): QueueEvent[] {
  const options = new Map(state.options);
  const events: QueueEvent[] = [];
  const seen = new Set<number>();
  const collect = (nodes: readonly PlannedOption[]) => {
    for (const node of nodes) {
      if (seen.has(node.optionId)) throw new DomainError('ERR_VALIDATION', `chatbots: option ${node.optionId} appears twice`);
      seen.add(node.optionId);
      collect(node.options ?? []);
    }
  };
  collect(planned);

  const apply = (event: QueueEvent) => {
    events.push(event);
    evolveOptions(options, event);
  };

  const walk = (parent: number | null, nodes: readonly PlannedOption[], depth: number) => {
    for (const child of childrenOf(options, parent)) {
      if (!nodes.some((node) => !node.isNew && node.optionId === child.optionId)) {
        for (const optionId of subtreeDeepestFirst(options, child.optionId)) {
          if (seen.has(optionId)) throw new DomainError('ERR_VALIDATION', `chatbots: option ${optionId} cannot move to another parent`);
          apply({ type: 'ChatbotOptionRemoved', data: { queueId: state.queueId, optionId } });
        }
      }
    }
    for (const node of nodes) {
      if (depth > CHATBOT_MAX_DEPTH) throw new DomainError('ERR_VALIDATION', `chatbots: at most ${CHATBOT_MAX_DEPTH} levels`);
      const details = withOnlyUsedTargets(node.details);
      requireTarget(details);
      const existing = options.get(node.optionId);
      if (node.isNew) {
        if (existing || state.options.has(node.optionId)) throw new DomainError('ERR_VALIDATION', `chatbots: option ${node.optionId} already exists`);
        apply({ type: 'ChatbotOptionAdded', data: { queueId: state.queueId, optionId: node.optionId, parentId: parent, ...details } });
      } else {
        if (!existing) throw new DomainError('ERR_NO_CHATBOT_FOUND', undefined, { optionId: node.optionId });
        if (existing.parentId !== parent) throw new DomainError('ERR_VALIDATION', `chatbots: option ${node.optionId} cannot move to another parent`);
        const changes = changedFields(existing.details, details);
        if (Object.keys(changes).length > 0) apply({ type: 'ChatbotOptionChanged', data: { queueId: state.queueId, optionId: node.optionId, changes } });
      }
      if (node.options !== undefined) walk(node.optionId, node.options, depth + 1);
    }
  };
  walk(parentId, planned, depthOf(options, parentId) + 1);
  if (options.size > CHATBOT_MAX_OPTIONS_PER_QUEUE)
    throw new DomainError('ERR_VALIDATION', `chatbots: at most ${CHATBOT_MAX_OPTIONS_PER_QUEUE} options per queue`);
  return events;
}

function evolveOptions(options: Map<number, ChatbotOptionState>, event: QueueEvent): void {
  switch (event.type) {
    case 'ChatbotOptionAdded': {
      const { queueId: _queueId, optionId, parentId, ...details } = event.data;
      options.set(optionId, { optionId, parentId, details });
      return;
    }
    case 'ChatbotOptionChanged': {
      const option = options.get(event.data.optionId);
      if (option) options.set(option.optionId, { ...option, details: { ...option.details, ...event.data.changes } });
      return;
    }
    case 'ChatbotOptionRemoved':
      options.delete(event.data.optionId);
      return;
    default:
      return;
  }
}

/**
 * A queue (department) with its chatbot option tree: the options live in the queue's stream, so a
 * tree edit is one atomic append and the tree's shape (parents exist, no moves, bounded size) is one rule set.
 */
export const queue: Decider<Queue, QueueCommand, QueueEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'QueueCreated') {
      const { queueId, ...details } = event.data;
      return { status: 'active', queueId, details, options: new Map() };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'QueueChanged':
        return { ...state, details: { ...state.details, ...event.data.changes } };
      case 'QueueDeleted':
        return { ...state, status: 'deleted' };
      case 'ChatbotOptionAdded':
      case 'ChatbotOptionChanged':
      case 'ChatbotOptionRemoved': {
        const options = new Map(state.options);
        evolveOptions(options, event);
        return { ...state, options };
      }
    }
  },
  decide(state, command) {
    if (command.type === 'CreateQueue') {
      if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Queue already exists');
      requireGreeting(command.details, command.companyQueueCount + 1);
      const created: QueueEvent = { type: 'QueueCreated', data: { queueId: command.queueId, ...command.details } };
      const createdState = queue.evolve(state, created) as ActiveQueue;
      if (command.options.some(namesExistingOption)) throw new DomainError('ERR_NO_CHATBOT_FOUND');
      return [created, ...replaceChildren(createdState, null, command.options)];
    }
    if (state.status !== 'active') throw new DomainError('ERR_NO_QUEUE_FOUND');
    switch (command.type) {
      case 'ChangeQueue': {
        const changes = changedFields(state.details, command.changes);
        requireGreeting({ ...state.details, ...changes }, command.companyQueueCount);
        const events: QueueEvent[] = Object.keys(changes).length === 0 ? [] : [{ type: 'QueueChanged', data: { queueId: state.queueId, changes } }];
        return command.options === undefined ? events : [...events, ...replaceChildren(state, null, command.options)];
      }
      case 'DeleteQueue':
        return [{ type: 'QueueDeleted', data: { queueId: state.queueId } }];
      case 'AddChatbotOption': {
        if (command.parentId !== null && !state.options.has(command.parentId))
          throw new DomainError('ERR_NO_CHATBOT_FOUND', undefined, { optionId: command.parentId });
        const keep: PlannedOption[] = childrenOf(state.options, command.parentId).map((sibling) => ({ ...keepAsIs(state, sibling.optionId) }));
        return replaceChildren(state, command.parentId, [...keep, command.option]);
      }
      case 'ChangeChatbotOption': {
        const option = state.options.get(command.optionId);
        if (!option) throw new DomainError('ERR_NO_CHATBOT_FOUND', undefined, { optionId: command.optionId });
        const siblings = childrenOf(state.options, option.parentId).map((sibling) =>
          sibling.optionId === command.optionId
            ? {
                ...keepAsIs(state, sibling.optionId),
                details: { ...option.details, ...definedOnly(command.changes) },
                options: command.options,
              }
            : keepAsIs(state, sibling.optionId),
        );
        return replaceChildren(state, option.parentId, siblings);
      }
      case 'RemoveChatbotOption': {
        if (!state.options.has(command.optionId)) throw new DomainError('ERR_NO_CHATBOT_FOUND', undefined, { optionId: command.optionId });
        return subtreeDeepestFirst(state.options, command.optionId).map((optionId) => ({
          type: 'ChatbotOptionRemoved',
          data: { queueId: state.queueId, optionId },
        }));
      }
    }
  },
};

/** A new queue has no options yet, so its tree can only hold new ones. */
const namesExistingOption = (option: PlannedOption): boolean => !option.isNew || (option.options ?? []).some(namesExistingOption);

const definedOnly = <T extends object>(changes: Partial<T>): Partial<T> =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;

/** An existing option and its nested options planned unchanged. */
function keepAsIs(state: ActiveQueue, optionId: number): PlannedOption {
  const option = state.options.get(optionId)!;
  return { optionId, isNew: false, details: option.details, options: childrenOf(state.options, optionId).map((child) => keepAsIs(state, child.optionId)) };
}

/** The option tree of a queue's state, first level first, each level in the order the options were added. */
export function plannedTreeOf(state: Queue): PlannedOption[] {
  return state.status === 'none' ? [] : childrenOf(state.options, null).map((option) => keepAsIs(state, option.optionId));
}

/** How long a colour claim may wait for its queue before another queue may take the colour over. */
export const QUEUE_COLOR_CLAIM_TIMEOUT_MS = 30_000;

export type QueueColor = { ownerId: number | null; claimedAt: string | null };
/**
 * `takeOverFrom`: the caller found the owner abandoned (no live queue of that id uses the colour, e.g. a create
 * that crashed between its claim and its queue); the claim passes only if that is still the owner and its claim is old.
 */
export type QueueColorCommand =
  | { type: 'ClaimQueueColor'; companyId: number; color: string; queueId: number; takeOverFrom?: number }
  | { type: 'ReleaseQueueColor'; companyId: number; color: string; queueId: number };

/** Guard aggregate per company and colour: two queues racing for one colour → exactly one wins. */
export const queueColor: Decider<QueueColor, QueueColorCommand, QueueColorEvent> = {
  initialState: () => ({ ownerId: null, claimedAt: null }),
  evolve(_state, event) {
    return event.type === 'QueueColorClaimed' ? { ownerId: event.data.queueId, claimedAt: event.data.at } : { ownerId: null, claimedAt: null };
  },
  decide(state, command, { now }) {
    switch (command.type) {
      case 'ClaimQueueColor': {
        if (state.ownerId === command.queueId) return [];
        if (state.ownerId !== null) {
          const abandoned =
            command.takeOverFrom === state.ownerId && state.claimedAt !== null && now.getTime() - Date.parse(state.claimedAt) >= QUEUE_COLOR_CLAIM_TIMEOUT_MS;
          if (!abandoned) throw new DomainError('ERR_QUEUE_COLOR_ALREADY_EXISTS', undefined, { ownerId: state.ownerId });
        }
        return [{ type: 'QueueColorClaimed', data: { companyId: command.companyId, color: command.color, queueId: command.queueId, at: now.toISOString() } }];
      }
      case 'ReleaseQueueColor':
        return state.ownerId === command.queueId
          ? [{ type: 'QueueColorReleased', data: { companyId: command.companyId, color: command.color, queueId: command.queueId } }]
          : [];
    }
  },
};
