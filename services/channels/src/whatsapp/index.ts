export * from './auth-state';
export * from './driver';
export * from './mapping';
export * from './presence';
export * from './session';
