import type { PromptFrame, PromptPage, PromptView } from '@conversa/contracts';
import { useStore } from 'react-redux';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import type { AppStore } from '../../app/store';
import { promptsApi } from './api';

const byName = (a: PromptView, b: PromptView) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;

/** The list after a `prompt` frame (spec 3: create and update insert or replace, delete removes). */
export function applyPromptFrame(page: PromptPage, frame: PromptFrame): PromptPage {
  const { action, prompt, promptId } = frame;
  if (action === 'delete' && typeof promptId === 'number') return { prompts: page.prompts.filter((row) => row.id !== promptId) };
  if (!prompt || typeof prompt.id !== 'number') return page;
  return { prompts: [...page.prompts.filter((row) => row.id !== prompt.id), prompt].sort(byName) };
}

export function usePromptFrames(): void {
  const store = useStore() as AppStore;
  useSocketEvent('prompt', (frame) => {
    store.dispatch(promptsApi.util.updateQueryData('prompts', undefined, (draft) => applyPromptFrame(draft, frame)));
  });
  useSocketReconnect(() => store.dispatch(promptsApi.util.invalidateTags(['Prompts'])));
}
