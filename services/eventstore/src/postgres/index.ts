export { createPostgresEventStore, type PostgresEventStoreOptions } from './store';
export { migrateEventStore } from './migration';
export { listenApplicationName } from './notifier';
export { notifyChannel } from './migration';
