import { DomainError, type WebhookEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

interface WebhookDetails {
  url: string;
  events: string[];
  description: string;
  active: boolean;
}

export type Webhook = { status: 'none' } | { status: 'active' | 'deleted'; webhookId: number; details: WebhookDetails; flagged: boolean; paused: boolean };

export type WebhookCommand =
  | { type: 'CreateWebhook'; webhookId: number; url: string; events: string[]; description: string; secret: string; userId: number | null }
  | { type: 'ChangeWebhook'; changes: Partial<WebhookDetails> }
  | { type: 'RotateWebhookSecret'; secret: string }
  | { type: 'DeleteWebhook' }
  | { type: 'FlagWebhook'; deliveryId: string; reason: string }
  | { type: 'RequestWebhookRedelivery'; deliveryId: string }
  | { type: 'PauseWebhook'; failingSince: string; reason: string }
  | { type: 'ResumeWebhook' };

export const webhook: Decider<Webhook, WebhookCommand, WebhookEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'WebhookCreated') {
      const { webhookId, url, events, description } = event.data;
      return { status: 'active', webhookId, details: { url, events, description, active: true }, flagged: false, paused: false };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'WebhookChanged':
        // Editing an endpoint is how an admin says it is fixed: the flag goes.
        // Switching it off drops its queue, so there is nothing left to hold paused.
        return {
          ...state,
          details: { ...state.details, ...event.data.changes },
          flagged: false,
          paused: event.data.changes.active === false ? false : state.paused,
        };
      case 'WebhookDeleted':
        return { ...state, status: 'deleted' };
      case 'WebhookFlagged':
        return { ...state, flagged: true };
      case 'WebhookPaused':
        return { ...state, paused: true };
      case 'WebhookResumed':
        // Resuming is how an admin says the receiver is back: pause and flag both go.
        return { ...state, paused: false, flagged: false };
      default:
        return state;
    }
  },
  decide(state, command) {
    if (command.type === 'CreateWebhook') {
      if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Webhook already exists');
      const { type: _type, ...data } = command;
      return [{ type: 'WebhookCreated', data }];
    }
    if (state.status !== 'active') throw new DomainError('ERR_NO_WEBHOOK_FOUND');
    const webhookId = state.webhookId;
    switch (command.type) {
      case 'ChangeWebhook': {
        const changes = changedFields(state.details, command.changes);
        return Object.keys(changes).length === 0 && !state.flagged ? [] : [{ type: 'WebhookChanged', data: { webhookId, changes } }];
      }
      case 'RotateWebhookSecret':
        return [{ type: 'WebhookSecretRotated', data: { webhookId, secret: command.secret } }];
      case 'DeleteWebhook':
        return [{ type: 'WebhookDeleted', data: { webhookId } }];
      case 'FlagWebhook':
        return state.flagged ? [] : [{ type: 'WebhookFlagged', data: { webhookId, deliveryId: command.deliveryId, reason: command.reason } }];
      case 'RequestWebhookRedelivery':
        return [{ type: 'WebhookRedeliveryRequested', data: { webhookId, deliveryId: command.deliveryId } }];
      case 'PauseWebhook':
        // An endpoint an admin switched off has no queue left to hold.
        return state.paused || !state.details.active
          ? []
          : [{ type: 'WebhookPaused', data: { webhookId, failingSince: command.failingSince, reason: command.reason } }];
      case 'ResumeWebhook':
        // Also when not paused: "resume now" retries the head at once instead of at its next backoff.
        if (!state.details.active) throw new DomainError('ERR_WEBHOOK_INACTIVE');
        return [{ type: 'WebhookResumed', data: { webhookId } }];
    }
  },
};
