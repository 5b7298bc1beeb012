export * from './events/envelope';
export * from './events/registry';
export * from './errors';
export * from './companies/settings';
export * from './session/api';
export * from './session/permissions';
