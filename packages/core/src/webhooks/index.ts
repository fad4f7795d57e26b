export * from './webhook.js';
export * from './webhook.schema.js';
export * from './signature.js';
export * from './retry-schedule.js';
export * from './address-policy.js';
export * from './callback-url.js';
export * from './webhook-sender.js';
export * from './webhook-service.js';
