/**
 * The front door of webhooks/: the callback URL check and the delivery headers, which prefixes and
 * the ERP connector share. Other contexts import these from here, never the files behind.
 */
export { checkCallbackUrl, type DestinationCheck } from './callback-url.js';
export { deliveryHeaders } from './webhook-sender.js';
// What the daemon, the adapters and the tests use besides (package subpath @intake/core/webhooks).
export { AddressPolicy } from './address-policy.js';
export { isLocalhostName, literalDestinations } from './callback-url.js';
export { embeddedIpv4 } from './embedded-ipv4.js';
export { delayAfterFailedAttempt, MAX_ATTEMPTS, RETRY_DELAYS_MS } from './retry-schedule.js';
export { type AttemptAnswer, WebhookSender } from './webhook-sender.js';
export { WebhookService } from './webhook-service.js';
export {
  type DeliveryStatus,
  type PrefixWebhookSpec,
  receives,
  type StoredWebhookEndpoint,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './webhook.js';
export { CreateWebhookEndpointSchema, UpdateWebhookEndpointSchema } from './webhook.schema.js';
