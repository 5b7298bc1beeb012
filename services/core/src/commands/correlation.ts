// The context lives in the event store's package, which the projector runtime shares (reactors' batches run in it).
export { currentCorrelationId, withCorrelation } from '@conversa/eventstore';
