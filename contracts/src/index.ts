export * from './events/envelope';
export * from './events/registry';
export * from './errors';
