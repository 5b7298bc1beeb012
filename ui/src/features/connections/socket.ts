import type { ConnectionFrame, ConnectionSessionFrame, ConnectionView as Connection, ImportFrame } from '@conversa/contracts';
import { useAppDispatch } from '../../app/store';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import { connectionsApi } from './api';

/** `company-<id>-whatsapp` (create, update, delete) and `company-<id>-whatsappSession` (update) bodies. */
type AnyConnectionFrame = ConnectionFrame | ConnectionSessionFrame;

const byName = (a: Connection, b: Connection) => a.name.localeCompare(b.name) || a.id - b.id;

/** Frames never carry the token: a connection keeps the one the list already had. */
const merged = (known: Connection | undefined, fresh: Connection): Connection => ({ ...fresh, token: fresh.token ?? known?.token });

/** The list after a connection or session frame. */
export function applyConnectionFrame(list: readonly Connection[], frame: AnyConnectionFrame): Connection[] {
  const { action, whatsapp, session, whatsappId } = frame;
  if (action === 'delete') return list.filter((row) => row.id !== whatsappId);
  const fresh = whatsapp ?? session;
  if (!fresh || typeof fresh.id !== 'number') return [...list];
  const known = list.find((row) => row.id === fresh.id);
  return [...list.filter((row) => row.id !== fresh.id), merged(known, fresh)].sort(byName);
}

/** The list after an import progress frame: the connection shows processed of total. */
export function applyImportFrame(list: readonly Connection[], frame: ImportFrame): Connection[] {
  const { action, status, whatsappId } = frame;
  if (action !== 'update' || !status || typeof whatsappId !== 'number') return [...list];
  return list.map((row) => (row.id === whatsappId ? { ...row, importProgress: status } : row));
}

/** Keeps the connections list, any open connection and the QR code current. */
export function useConnectionFrames(): void {
  const dispatch = useAppDispatch();
  const onConnection = (frame: AnyConnectionFrame) => {
    dispatch(connectionsApi.util.updateQueryData('connections', undefined, (draft) => applyConnectionFrame(draft, frame)));
    const { action, whatsapp, session } = frame;
    const fresh = whatsapp ?? session;
    if (fresh && action !== 'delete') dispatch(connectionsApi.util.updateQueryData('connection', fresh.id, (draft) => merged(draft, fresh)));
  };
  useSocketEvent('whatsapp', onConnection);
  useSocketEvent('whatsappSession', onConnection);
  useSocketEvent('importMessages', (frame) => {
    if (frame.action === 'refresh') dispatch(connectionsApi.util.invalidateTags(['Connections']));
    else dispatch(connectionsApi.util.updateQueryData('connections', undefined, (draft) => applyImportFrame(draft, frame)));
  });
  useSocketReconnect(() => dispatch(connectionsApi.util.invalidateTags(['Connections'])));
}
