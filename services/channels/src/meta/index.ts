export * from './driver';
export * from './graph';
export * from './inbound';
export * from './outbound';
export * from './signature';
export * from './webhook';
