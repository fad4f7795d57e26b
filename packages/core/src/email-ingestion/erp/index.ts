export * from './erp.js';
export * from './erp-connection.schema.js';
export * from './erp-store.port.js';
export * from './erp-connector.port.js';
export * from './http-erp-connector.js';
export * from './erp-service.js';
