export * from './port';
export * from './recording';
export * from './sender';
export * from './inbound';
