export * from './schedules/sender';
export * from './scheduler';
export * from './tickets/greetings';
export * from './presence/tracker';
export * from './payments/port';
export * from './payments/asaas';
export * from './payments/charges';
export * from './payments/invoice-scheduler';
