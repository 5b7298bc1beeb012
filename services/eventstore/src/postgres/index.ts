export { createPostgresEventStore, type PostgresEventStoreOptions } from './store';
export { migrateEventStore } from './migration';
export { LISTEN_APPLICATION_NAME } from './notifier';
