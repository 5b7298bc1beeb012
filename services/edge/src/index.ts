export { closeCodes } from './client';
export {
  type EdgeOptions,
  type EdgeStats,
  type FrameFilter,
  registerSocketEdge,
  type SocketConnection,
  type SocketConnectionRef,
  type SocketEdge,
  type SocketPrincipal,
} from './edge';
export { authFilter } from './filters';
export { ClientMessage, parseCompanySubject, rooms, TicketStatusRoom } from './protocol';
export type { FrameSource, SequencedFrame } from './sequencer';
