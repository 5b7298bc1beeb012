export { StateCache, type HeldState, type StateCacheOptions, type StateFold } from './cache';
export { createPostgresSnapshotStore, type PostgresSnapshotStoreOptions, type SnapshotStore, type StoredSnapshot } from './snapshots';
