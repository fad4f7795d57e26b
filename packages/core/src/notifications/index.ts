export * from './notification.js';
export * from './loop-guard.js';
export * from './raw-headers.js';
export * from './notification-texts.js';
export * from './notification-planner.js';
export * from './notification-service.js';
