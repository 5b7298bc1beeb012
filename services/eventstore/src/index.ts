export * from './port';
export * from './postgres/index';
