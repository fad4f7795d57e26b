import { z } from 'zod';

export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      status: z.number().int(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      request_id: z.string().optional(),
    }),
  })
  .meta({ id: 'Error' });

/** `limit` and `offset` of every list; `limit` above the maximum is a 400, not silently clipped. */
export const pageQuery = (max: number, defaultLimit = 50) => ({
  limit: z.coerce.number().int().min(1).max(max).default(defaultLimit),
  offset: z.coerce.number().int().min(0).default(0),
});

export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Error responses every authenticated route can give. */
export const authErrors = {
  401: { description: 'missing_authorization or invalid_api_key', schema: ErrorBodySchema },
  403: { description: 'insufficient_permissions: the key lacks the scope', schema: ErrorBodySchema },
  429: { description: 'rate_limit_exceeded, with Retry-After', schema: ErrorBodySchema },
};
