export * from './routing.js';
export * from './routing-job-hook.js';
