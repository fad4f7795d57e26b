import { z } from 'zod';
import { ERP_CONNECTION_TYPES } from '@intake/core/erp';

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
