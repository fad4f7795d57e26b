/**
 * The front door of erp/: the vendor bill of a job, which a correction resends. Other contexts import
 * these from here, never the files behind.
 */
export { vendorBillOf } from './erp.js';
// What the daemon, the adapters and the tests use besides (package subpath @intake/core/erp).
export { CreateErpConnectionSchema, UpdateErpConnectionSchema } from './erp-connection.schema.js';
export { ErpService } from './erp-service.js';
export {
  ERP_CONNECTION_TYPES,
  type ErpConnection,
  type ErpSyncRecord,
  type ErpSyncStatus,
  type ErpVendorBill,
  type StoredErpConnection,
} from './erp.js';
export { HttpErpConnector } from './http-erp-connector.js';
