export * from './port';
export * from './postgres/index';
export * from './correlation';
export * from './state/index';
