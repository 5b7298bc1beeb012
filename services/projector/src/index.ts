export * from './projector';
export * from './checkpoints';
export * from './lease';
export * from './progress';
export * from './rebuild';
export * from './runtime';
export * from './schemas';
export * from './cli';
