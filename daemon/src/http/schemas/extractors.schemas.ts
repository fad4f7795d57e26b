import { z } from 'zod';
import { FieldDefinitionSchema } from '@intake/core/extractors';

/** An extractor as the API shows it. */
export const ExtractorSchema = z
  .object({
    id: z.string(),
    org_id: z.string(),
    name: z.string(),
    document_type: z.string(),
    field_definitions: z.array(FieldDefinitionSchema),
    is_active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    created_by: z.string(),
    usage_count: z.number().int(),
  })
  .meta({ id: 'Extractor' });

/** An extractor in lists: without its field definitions. */
export const ExtractorSummarySchema = ExtractorSchema.pick({
  id: true,
  name: true,
  document_type: true,
  field_definitions: true,
  is_active: true,
  created_at: true,
  usage_count: true,
}).meta({ id: 'ExtractorSummary' });
