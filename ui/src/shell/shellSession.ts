import { useSocketEvent, useSocketJoin } from '../app/SocketProvider';
import { readStorage, storageKeys } from '../app/storage';
import { useAppDispatch, useAppSelector } from '../app/store';
import { userUpdated } from '../app/sessionSlice';
import { toaster } from '../app/toaster';
import { ERROR_TOAST_MS } from '../app/notify';
import { useT } from '../i18n';
import { reloadPage } from '../app/browser';

export const SIGN_OUT_DELAY_MS = 1000;

/** The session id (`sid`) inside an access token: a JWT whose payload the browser may read. */
export function sessionIdOfToken(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sid?: unknown };
    return typeof claims.sid === 'string' ? claims.sid : null;
  } catch {
    return null;
  }
}

export function useShellSession() {
  const t = useT();
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.session.user?.id);
  useSocketJoin({ event: 'joinNotification' });
  // An admin changed this user's profile or flags: the menu and the screens' guards follow the role table at once.
  useSocketEvent('user', (frame) => {
    if (frame.action !== 'update' || frame.user.id !== userId) return;
    const { profile, showDashboard, allowRealTime, allowConnections } = frame.user;
    dispatch(userUpdated({ profile, super: frame.user.super, showDashboard, allowRealTime, allowConnections }));
  });
  // After a login the server sends `auth` to the user's sockets of other sessions. Another tab of this same browser may
  // hold such an older socket while the new login's token already sits in the storage all tabs share: that login is ours.
  useSocketEvent('auth', (frame) => {
    if (frame.action !== 'update' || frame.user.id !== userId) return;
    if (frame.sessionId === sessionIdOfToken(readStorage(storageKeys.token))) return;
    toaster.create({ id: 'accessed-elsewhere', type: 'error', description: t('shell.accessedElsewhere'), duration: ERROR_TOAST_MS });
    setTimeout(() => {
      window.localStorage.clear();
      reloadPage();
    }, SIGN_OUT_DELAY_MS);
  });
}
