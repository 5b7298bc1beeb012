export * from './vault';
export * from './postgres-vault';
export * from './sealed-store';
export { isSealedValue } from './cipher';
export * from './migrate';
