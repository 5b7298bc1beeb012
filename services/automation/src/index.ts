export * from './schedules/sender';
export * from './scheduler';
