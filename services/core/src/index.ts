export * from './commands/decider';
export * from './commands/handle';
export * from './ids';
export * from './plans/plan';
export * from './companies/company';
export * from './users/user';
export * from './session/session';
export * from './commands/changes';
