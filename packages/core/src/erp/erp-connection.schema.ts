import { z } from 'zod';
import { ERP_CONNECTION_TYPES } from './erp.js';

const httpsUrl = z
  .string()
  .url()
  .refine((u) => u.startsWith('https://'), 'must be an HTTPS URL');

/** Body of POST /v1/erp-connections. */
export const CreateErpConnectionSchema = z
  .strictObject({
    name: z.string().min(1).max(200),
    type: z.enum(ERP_CONNECTION_TYPES).default('http'),
    url: httpsUrl.describe('Where the built-in HTTP connector posts each vendor bill'),
    secret: z
      .string()
      .min(16)
      .max(500)
      .optional()
      .describe('Signs every request (X-Service-Signature); generated when absent'),
    description: z.string().max(1000).nullable().optional(),
    is_active: z.boolean().default(true),
  })
  .meta({ id: 'CreateErpConnectionRequest' });

/** Body of PATCH of an ERP connection: any of the creation fields. */
export const UpdateErpConnectionSchema = z
  .strictObject({
    name: z.string().min(1).max(200).optional(),
    url: httpsUrl.optional(),
    description: z.string().max(1000).nullable().optional(),
    is_active: z.boolean().optional(),
  })
  .meta({ id: 'UpdateErpConnectionRequest' });
