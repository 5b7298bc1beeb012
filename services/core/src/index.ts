export * from './commands/decider';
export * from './commands/handle';
