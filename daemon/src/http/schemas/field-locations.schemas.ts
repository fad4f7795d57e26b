import { z } from 'zod';

const BoxSchema = z
  .object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() })
  .meta({ id: 'BoundingBox' });
const pageBox = {
  page: z.number().int().describe('1-based page number, as in GET /v1/documents/{job_id}/pages/{n}'),
  box: BoxSchema,
  page_width: z.number().describe('The page width in the units of the box (PDF points or image pixels)'),
  page_height: z.number(),
};

export const FieldLocationSchema = z
  .object({
    source: z.enum(['label', 'layout', 'fallback', 'xml', 'table', 'nested', 'default', 'correction']),
    page: pageBox.page.optional(),
    box: BoxSchema.optional(),
    page_width: z.number().optional(),
    page_height: z.number().optional(),
    label: z
      .object({ text: z.string(), ...pageBox })
      .optional()
      .describe('The label the value was read beside'),
    rows: z
      .array(z.object({ ...pageBox, cells: z.record(z.string(), z.object(pageBox)) }))
      .optional()
      .describe('Array fields read from a table: each row and its cells, by member name'),
    fields: z.record(z.string(), z.unknown()).optional().describe('Object fields: a FieldLocation per member'),
    corrected: z.literal(true).optional().describe('A person corrected or confirmed the value'),
    learned: z
      .literal(true)
      .optional()
      .describe('Found through a hint learned from a corrected document of the vendor'),
  })
  .meta({ id: 'FieldLocation' });
