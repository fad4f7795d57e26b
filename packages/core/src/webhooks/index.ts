/**
 * The front door of webhooks/: the callback URL check and the delivery headers, which prefixes and
 * the ERP connector share. Other contexts import these from here, never the files behind.
 */
export { checkCallbackUrl, type DestinationCheck } from './callback-url.js';
export { deliveryHeaders } from './webhook-sender.js';
