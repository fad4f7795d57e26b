/**
 * The front door of erp/: the vendor bill of a job, which a correction resends. Other contexts import
 * these from here, never the files behind.
 */
export { vendorBillOf } from './erp.js';
