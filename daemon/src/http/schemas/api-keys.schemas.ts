import { z } from 'zod';
import { ENVIRONMENTS, SCOPES } from '@intake/core';

const ScopeSchema = z.enum(SCOPES);
const EnvironmentSchema = z.enum(ENVIRONMENTS);

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
