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

/** An ERP connection as the API shows it, without its secret (creation adds it, once). */
export const ErpConnectionViewSchema = z
  .object({
    id: z.string(),
    org_id: z.string(),
    name: z.string(),
    type: z.enum(ERP_CONNECTION_TYPES),
    url: z.string(),
    description: z.string().nullable(),
    is_active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ErpConnection' });

/** One document's sync to one ERP connection, as the API shows it. */
export const ErpSyncViewSchema = z
  .object({
    id: z.string(),
    org_id: z.string(),
    connection_id: z.string(),
    job_id: z.string(),
    prefix: z.string().nullable(),
    status: z.enum(['pending', 'synced', 'failed']),
    record: z.record(z.string(), z.unknown()),
    attempts: z.number().int(),
    next_attempt_at: z.string().nullable(),
    last_attempt_at: z.string().nullable(),
    last_error: z.string().nullable(),
    response_status: z.number().int().nullable(),
    external_id: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'ErpSync' });
