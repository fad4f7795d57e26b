import { z } from 'zod';
import { FieldDefinitionsSchema } from './field-definition.schema.js';

const documentType = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_]*$/, 'must be lowercase snake_case, e.g. invoice, receipt, purchase_order');

/** Body of `POST /v1/extractors`. Unknown members are refused so typos do not pass silently. */
export const CreateExtractorInputSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    document_type: documentType,
    field_definitions: FieldDefinitionsSchema,
  })
  .meta({ id: 'CreateExtractorRequest' });
/** The input `intake.extractors.create` accepts (it validates whatever it is given against this shape). */
export type CreateExtractorInput = z.infer<typeof CreateExtractorInputSchema>;

/** Body of `PATCH /v1/extractors/{id}`: only what is supplied changes. */
export const UpdateExtractorInputSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    document_type: documentType.optional(),
    field_definitions: FieldDefinitionsSchema.optional(),
    is_active: z.boolean().optional(),
  })
  .meta({ id: 'UpdateExtractorRequest' });
/** The input `intake.extractors.update` accepts: any of the creation fields, and `is_active`. */
export type UpdateExtractorInput = z.infer<typeof UpdateExtractorInputSchema>;

/** Body of POST /v1/extractors/{extractor_id}/duplicate. */
export const DuplicateExtractorInputSchema = z
  .strictObject({ new_name: z.string().trim().min(1).max(200).optional() })
  .meta({ id: 'DuplicateExtractorRequest' });
