import { z } from 'zod';

const FieldHintSchema = z.strictObject({
  anchor: z.array(z.string().min(1).max(100)).min(1).max(8),
  position: z.enum(['right', 'below']),
  learned_from: z.string().max(100),
});

// Not strict: an export's id, created_at and updated_at are left out, the vendor gets new ones.
const VendorSchema = z.object({
  keys: z
    .array(
      z
        .string()
        .regex(/^(vat|iban|name|domain):.{1,200}$/, 'a key is vat:, iban:, name: or domain: followed by the value'),
    )
    .min(1)
    .max(20),
  name: z.string().max(500).nullable().optional(),
  fields: z.record(z.string().regex(/^\w{1,100}$/), FieldHintSchema),
});

/** Body of `POST /v1/vendor-hints/import`: what `GET /v1/vendor-hints` exported (ids and times are made anew). */
export const VendorHintsImportSchema = z
  .strictObject({ vendors: z.array(VendorSchema).max(10_000) })
  .meta({ id: 'VendorHintsImport' });
