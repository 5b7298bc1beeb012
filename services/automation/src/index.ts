export * from './schedules/sender';
export * from './scheduler';
export * from './tickets/greetings';
export * from './presence/tracker';
export * from './contacts/import-worker';
