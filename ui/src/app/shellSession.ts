import { useSocketEvent, useSocketJoin } from './SocketProvider';
import { readStorage, storageKeys } from './storage';
import { useAppSelector } from './store';
import { toaster } from './toaster';
import { ERROR_TOAST_MS } from './notify';
import { useT } from '../i18n';
import { reloadPage } from './browser';

/**
 * After a login the server sends `company-<id>-auth {action:'update', user:{id}}` to the user's other sockets.
 * A tab of this browser may still receive it (another tab, or a socket that reconnected during the login),
 * so a login from this browser within this window is treated as our own.
 */
export const OWN_LOGIN_WINDOW_MS = 15_000;
export const SIGN_OUT_DELAY_MS = 1000;

interface AuthFrame {
  action?: string;
  user?: { id?: number };
}

export function useShellSession() {
  const t = useT();
  const userId = useAppSelector((state) => state.session.user?.id);
  useSocketJoin({ event: 'joinNotification' });
  useSocketEvent('auth', (data) => {
    const frame = data as AuthFrame;
    if (frame?.action !== 'update' || frame.user?.id === undefined || frame.user.id !== userId) return;
    const lastLogin = Number(readStorage(storageKeys.lastLoginAt) ?? 0);
    if (Date.now() - lastLogin < OWN_LOGIN_WINDOW_MS) return;
    toaster.create({ id: 'accessed-elsewhere', type: 'error', description: t('shell.accessedElsewhere'), duration: ERROR_TOAST_MS });
    setTimeout(() => {
      window.localStorage.clear();
      reloadPage();
    }, SIGN_OUT_DELAY_MS);
  });
}
