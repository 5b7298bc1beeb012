import type { FrameEntity } from '@conversa/contracts';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useRefreshTokenMutation } from './sessionApi';
import { sessionCleared, sessionStarted } from './sessionSlice';
import { SocketClient, type FrameHandler, type JoinMessage, type SocketState } from './socket';
import { useAppDispatch, useAppSelector } from './store';

const SocketContext = createContext<SocketClient | null>(null);

/** One socket per signed-in tab; it follows the access token (connect, re-authenticate after refresh, close on logout). */
export function SocketProvider({ client, children }: { client?: SocketClient; children: ReactNode }) {
  const [socket] = useState(() => client ?? new SocketClient());
  const token = useAppSelector((state) => (state.session.status === 'authenticated' ? state.session.token : null));
  const dispatch = useAppDispatch();
  const [refresh] = useRefreshTokenMutation();
  useEffect(() => {
    socket.setToken(token);
  }, [socket, token]);
  // The edge closed the socket as unauthorized: a refresh gives a token it accepts (expiry), or ends the session (revoked).
  useEffect(
    () =>
      socket.onUnauthorized(() => {
        refresh()
          .unwrap()
          .then(
            (session) => dispatch(sessionStarted(session)),
            () => dispatch(sessionCleared()),
          );
      }),
    [socket, refresh, dispatch],
  );
  useEffect(() => () => socket.disconnect(), [socket]);
  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

export function useSocket(): SocketClient {
  const socket = useContext(SocketContext);
  if (!socket) throw new Error('useSocket outside SocketProvider');
  return socket;
}

/**
 * Handles the entity's frames (`company-<id>-<entity>`) for the component's lifetime, their body typed by the frame
 * catalogue; null subscribes to nothing. The latest handler is always called, so it may close over fresh state.
 */
export function useSocketEvent<E extends FrameEntity>(entity: E | null, handler: FrameHandler<E>): void {
  const socket = useSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => (entity === null ? undefined : socket.subscribe(entity, (data, event) => latest.current(data, event))), [socket, entity]);
}

export function useSocketJoin(join: JoinMessage | null): void {
  const socket = useSocket();
  const event = join?.event;
  const data = join?.data;
  useEffect(() => {
    if (!event) return undefined;
    return socket.join(data === undefined ? { event } : { event, data });
  }, [socket, event, data]);
}

export function useSocketReconnect(handler: () => void): void {
  const socket = useSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => socket.onReconnect(() => latest.current()), [socket]);
}

export function useSocketState(): SocketState {
  const socket = useSocket();
  const [state, setState] = useState<SocketState>(socket.state);
  useEffect(() => {
    setState(socket.state);
    return socket.onStateChange(setState);
  }, [socket]);
  return state;
}
