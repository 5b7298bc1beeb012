export * from './schedules/sender';
export * from './scheduler';
export * from './tickets/greetings';
