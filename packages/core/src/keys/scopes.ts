/**
 * Every scope a key can hold: the five of the spec plus the ones Intake adds for its own endpoints.
 */
export const SCOPES = [
  'documents:read',
  'documents:write',
  'extractors:read',
  'extractors:write',
  'credits:read',
  'api_keys:write',
  'webhooks:write',
  'email_ingestion:read',
  'email_ingestion:write',
] as const;
/** One of SCOPES: a permission an API key holds. */
export type Scope = (typeof SCOPES)[number];

/** Key modes: `test` keys get simulated results and cost nothing, `live` keys read documents and spend credits. */
export const ENVIRONMENTS = ['test', 'live'] as const;
/** One of ENVIRONMENTS: a key's mode, which its jobs inherit. */
export type Environment = (typeof ENVIRONMENTS)[number];

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);
