export * from './projector';
