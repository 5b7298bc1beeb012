export * from './schedules/sender';
export * from './scheduler';
export * from './tickets/greetings';
export * from './presence/tracker';
export * from './onDuty/announcer';
export * from './webhooks/fanout';
export * from './webhooks/deliverer';
export * from './webhooks/post';
