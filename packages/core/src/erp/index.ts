export * from './erp.js';
export * from './erp-connection.schema.js';
export * from './http-erp-connector.js';
export * from './erp-service.js';
export * from './erp-job-hook.js';
