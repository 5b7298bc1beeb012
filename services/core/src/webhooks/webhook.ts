import { DomainError, type WebhookEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

interface WebhookDetails {
  url: string;
  events: string[];
  description: string;
  active: boolean;
}

export type Webhook = { status: 'none' } | { status: 'active' | 'deleted'; webhookId: number; details: WebhookDetails; flagged: boolean };

export type WebhookCommand =
  | { type: 'CreateWebhook'; webhookId: number; url: string; events: string[]; description: string; secret: string; userId: number | null }
  | { type: 'ChangeWebhook'; changes: Partial<WebhookDetails> }
  | { type: 'RotateWebhookSecret'; secret: string }
  | { type: 'DeleteWebhook' }
  | { type: 'FlagWebhook'; deliveryId: string; reason: string }
  | { type: 'RequestWebhookRedelivery'; deliveryId: string };

export const webhook: Decider<Webhook, WebhookCommand, WebhookEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'WebhookCreated') {
      const { webhookId, url, events, description } = event.data;
      return { status: 'active', webhookId, details: { url, events, description, active: true }, flagged: false };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'WebhookChanged':
        // Editing an endpoint is how an admin says it is fixed: the flag goes.
        return { ...state, details: { ...state.details, ...event.data.changes }, flagged: false };
      case 'WebhookDeleted':
        return { ...state, status: 'deleted' };
      case 'WebhookFlagged':
        return { ...state, flagged: true };
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
    }
  },
};
