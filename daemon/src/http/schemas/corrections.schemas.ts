import { z } from 'zod';

/** A correction, confirmation or rejection of a job, as the API shows it. */
export const CorrectionSchema = z
  .object({
    id: z.string(),
    job_id: z.string(),
    field: z.string().nullable(),
    kind: z.enum(['corrected', 'confirmed', 'rejected']),
    old_value: z.unknown(),
    new_value: z.unknown(),
    corrected_by: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Correction' });
