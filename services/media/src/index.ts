export * from './port';
export * from './types';
export { createLocalDiskMediaStore } from './local-disk';
