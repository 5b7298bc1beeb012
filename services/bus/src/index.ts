export * from './port';
export * from './subjects';
export { createInProcessBus } from './in-process';
export { createNatsBus } from './nats';
