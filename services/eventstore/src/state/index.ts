export { StateCache, type HeldState, type StateFold } from './cache';
export { createPostgresSnapshotStore, type SnapshotStore } from './snapshots';
