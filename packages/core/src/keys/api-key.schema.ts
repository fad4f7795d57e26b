import { z } from 'zod';
import { ENVIRONMENTS, SCOPES } from './scopes.js';

const ScopeSchema = z.enum(SCOPES);
const EnvironmentSchema = z.enum(ENVIRONMENTS);

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
