import { z } from 'zod';

/** Largest metadata object, serialised as JSON. */
export const MAX_METADATA_BYTES = 16_384;

export const MetadataSchema = z
  .record(z.string(), z.unknown())
  .refine((m) => Buffer.byteLength(JSON.stringify(m)) <= MAX_METADATA_BYTES, {
    message: `metadata must be at most ${MAX_METADATA_BYTES} bytes as JSON`,
  })
  .meta({ id: 'Metadata', description: 'Free-form object, returned unchanged (at most 16 KB as JSON)' });
