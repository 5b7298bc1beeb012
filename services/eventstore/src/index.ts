export * from './port';
export * from './postgres/index';
export * from './state/index';
