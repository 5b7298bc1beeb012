import type { WebhookFrame, WebhookView } from '@conversa/contracts';
import { useStore } from 'react-redux';
import { useSocketEvent } from '../../app/SocketProvider';
import type { AppStore } from '../../app/store';
import { webhooksApi } from './api';

/** The endpoint list after a `webhook` frame (in id order, as the server lists them). */
export function applyWebhookFrame(list: readonly WebhookView[], frame: WebhookFrame): WebhookView[] {
  if (frame.action === 'delete') return list.filter((row) => row.id !== frame.webhookId);
  const { webhook } = frame;
  return [...list.filter((row) => row.id !== webhook.id), webhook].sort((a, b) => a.id - b.id);
}

/** Endpoints paused in `next` that were not in `before`: the ones the admins are to be told about now. */
export function newlyPaused(before: ReadonlySet<number>, next: readonly WebhookView[]): WebhookView[] {
  return next.filter((webhook) => webhook.pausedAt !== null && !before.has(webhook.id));
}

/** Keeps the endpoint list current (a flag set by the deliverer shows at once). */
export function useWebhookFrames(): void {
  const store = useStore() as AppStore;
  useSocketEvent('webhook', (frame) => {
    store.dispatch(webhooksApi.util.updateQueryData('webhooks', undefined, (draft) => applyWebhookFrame(draft, frame)));
    store.dispatch(webhooksApi.util.invalidateTags(['WebhookDeliveries']));
  });
}
