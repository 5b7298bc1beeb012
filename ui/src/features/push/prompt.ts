import { readStorage, writeStorage } from '../../app/storage';

/** This browser can receive Web Push: a service worker, the Push API and notifications. */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The one-time prompt: asked once per user in this browser, whatever the answer (docs/push.md). */
const promptKey = (userId: number) => `push-prompt:${userId}`;
export const promptAnswered = (userId: number): boolean => readStorage(promptKey(userId)) !== null;
export const answerPrompt = (userId: number, answer: 'enabled' | 'later'): void => writeStorage(promptKey(userId), answer);

/** Whether to offer the prompt: supported, permission not yet asked, and not answered before. */
export const shouldPrompt = (userId: number): boolean => pushSupported() && Notification.permission === 'default' && !promptAnswered(userId);
