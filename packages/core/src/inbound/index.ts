export * from './inbound-message.js';
export * from './recipient.js';
export * from './filenames.js';
export * from './attachment-plan.js';
export * from './inbound-mail-service.js';
export * from './test-endpoint.js';
