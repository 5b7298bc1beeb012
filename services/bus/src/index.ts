export * from './port';
export * from './subjects';
export { createInProcessBus } from './in-process';
export { createNatsBus, type NatsBusOptions } from './nats';
