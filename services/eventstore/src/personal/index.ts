export * from './vault';
export * from './postgres-vault';
export * from './sealed-store';
export * from './migrate';
export * from './move-guards';
