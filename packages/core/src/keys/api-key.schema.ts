import { z } from 'zod';
import { ENVIRONMENTS, SCOPES } from './scopes.js';

export const ScopeSchema = z.enum(SCOPES);
export const EnvironmentSchema = z.enum(ENVIRONMENTS);

/** Body of `POST /v1/api-keys`. */
export const CreateApiKeyInputSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    description: z.string().max(1000).optional(),
    environment: EnvironmentSchema,
    scopes: z.array(ScopeSchema).min(1).max(SCOPES.length),
    expires_in_days: z.number().int().min(1).max(3650).optional(),
  })
  .meta({ id: 'CreateApiKeyRequest' });
/** The input of creating an API key: a name, an environment and scopes, optionally a description and an expiry. */
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInputSchema>;

/** An API key as the API shows it (never its secret). */
export const ApiKeySchema = z
  .object({
    id: z.string(),
    org_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    environment: EnvironmentSchema,
    scopes: z.array(ScopeSchema),
    key_prefix: z.string(),
    created_at: z.string(),
    expires_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });

/** A new API key, with its secret shown this once. */
export const CreatedApiKeySchema = ApiKeySchema.extend({
  key: z.string().describe('The secret key. Shown only in this response.'),
}).meta({ id: 'CreatedApiKey' });
