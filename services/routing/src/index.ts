export * from './context';
export * from './directory';
export * from './decisions';
export * from './effects';
export * from './timers';
export * from './scheduler';
export * from './random';
export * from './connectors/index';
