export * from './duplicates.js';
export * from './duplicate-job-hook.js';
