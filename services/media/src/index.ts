export * from './port';
export * from './types';
export { createLocalDiskMediaStore, displayName, type LocalDiskMediaOptions } from './local-disk';
