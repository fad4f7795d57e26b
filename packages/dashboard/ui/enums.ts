/**
 * The lists the dashboard offers, taken from the generated API types: each is written as a record
 * keyed by the generated union, so the dashboard stops compiling when the API gains or loses a
 * member (a missing key, or a key the union lacks, is a type error). The browser bundle does not
 * import @intake/core.
 */
import type { components } from './api-schema.generated.js';

type Schemas = components['schemas'];

export type Scope = Schemas['CreateApiKeyRequest']['scopes'][number];
/** An event an endpoint subscribes to by name (`*`, every event, is not offered). */
export type WebhookEvent = Exclude<NonNullable<Schemas['CreateWebhookEndpointRequest']['events']>[number], '*'>;
export type EmailWebhookEvent = Schemas['EmailIngestionWebhook']['events'][number];

/** Every member of a union, in the record's order. */
const membersOf = <T extends string>(record: Record<T, true>): T[] => Object.keys(record) as T[];

export const SCOPES = membersOf<Scope>({
  'documents:read': true,
  'documents:write': true,
  'extractors:read': true,
  'extractors:write': true,
  'credits:read': true,
  'api_keys:write': true,
  'webhooks:write': true,
  'email_ingestion:read': true,
  'email_ingestion:write': true,
});

export const WEBHOOK_EVENTS = membersOf<WebhookEvent>({
  'job.completed': true,
  'job.failed': true,
  'job.corrected': true,
  'credits.low_balance': true,
  'credits.depleted': true,
});

export const EMAIL_WEBHOOK_EVENTS = membersOf<EmailWebhookEvent>({
  'email.received': true,
  'document.classified': true,
  'extraction.completed': true,
  'erp.synced': true,
  'erp.failed': true,
});
