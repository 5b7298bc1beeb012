export * from './port';
export * from './recording';
export * from './sender';
export * from './inbound';
export * from './sessions';
export * from './gateways';
export * from './sandbox/driver';
export * from './sandbox/inbound';
