import type { QueueIntegrationFrame, QueueIntegrationPage } from '@conversa/contracts';
import { useStore } from 'react-redux';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import type { AppStore } from '../../app/store';
import { queueIntegrationsApi } from './api';

/** The loaded list after a `queueIntegration` frame: created and changed ones in id order, deleted ones out. */
export function applyQueueIntegrationFrame(page: QueueIntegrationPage, frame: QueueIntegrationFrame): QueueIntegrationPage {
  const { action, queueIntegration, integrationId } = frame;
  if (action === 'delete' && typeof integrationId === 'number')
    return { ...page, queueIntegrations: page.queueIntegrations.filter((row) => row.id !== integrationId) };
  if (!queueIntegration || typeof queueIntegration.id !== 'number') return page;
  const others = page.queueIntegrations.filter((row) => row.id !== queueIntegration.id);
  return { ...page, queueIntegrations: [...others, queueIntegration].sort((a, b) => a.id - b.id) };
}

/** Keeps the loaded list current with the company's `queueIntegration` frames; the pickers are read again. */
export function useQueueIntegrationFrames(): void {
  const store = useStore() as AppStore;
  useSocketEvent('queueIntegration', (frame) => {
    store.dispatch(queueIntegrationsApi.util.updateQueryData('queueIntegrationPage', { pageNumber: 1 }, (draft) => applyQueueIntegrationFrame(draft, frame)));
  });
  useSocketReconnect(() => store.dispatch(queueIntegrationsApi.util.invalidateTags(['QueueIntegrations'])));
}
