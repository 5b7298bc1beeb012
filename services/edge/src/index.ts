export { type EdgeOptions, registerSocketEdge, type SocketConnection, type SocketConnectionRef, type SocketEdge, type SocketPrincipal } from './edge';
export type { FrameSource, SequencedFrame } from './sequencer';
