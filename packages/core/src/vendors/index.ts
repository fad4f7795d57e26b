/**
 * The front door of vendors/: what a person's confirmation of a job remembers. Other contexts
 * import this from here, never the files behind.
 */
export { rememberConfirmedPaymentDetails } from './payment-details-job-hook.js';
// What the daemon, the adapters and the tests use besides (package subpath @intake/core/vendors).
export { paymentDetailsDiffer, type RememberedPaymentDetails, vendorKey } from './vendor-payments.js';
