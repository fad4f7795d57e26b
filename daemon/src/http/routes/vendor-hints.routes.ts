import { z } from 'zod';
import { toVendorHintsResource } from '@intake/core/learning';
import { notFound, parseInput } from '@intake/core/shared';
import { type Intake } from '@intake/core';
import { authErrors, ErrorBodySchema } from './common.schemas.js';
import { defineRoute, type RouteDef } from './route.js';
import { VendorHintsImportSchema } from '../schemas/vendor-hints.schemas.js';

const HintSchema = z.object({
  anchor: z.array(z.string()),
  position: z.enum(['right', 'below']),
  learned_from: z.string(),
});
const VendorSchema = z
  .object({
    id: z.string(),
    keys: z.array(z.string()),
    name: z.string().nullable(),
    fields: z.record(z.string(), HintSchema),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'VendorHints' });
const ListResponse = z.object({ vendors: z.array(VendorSchema) }).meta({ id: 'VendorHintsList' });
const IdParams = z.object({ vendor_id: z.string() });

/**
 * Learned vendor hints: export (the list), import, removal. Part of the organization's extraction
 * set-up shared by test and live, so changing them needs a live key, like extractors.
 */
export function vendorHintRoutes(intake: Intake): RouteDef[] {
  const store = intake.stores.vendorHints;
  return [
    defineRoute({
      method: 'get',
      path: '/v1/vendor-hints',
      summary: "Every vendor the organization's corrections taught, with its keys and field hints (the export)",
      tag: 'review',
      scope: 'extractors:read',
      responses: { 200: { description: 'The vendors, latest first', schema: ListResponse }, ...authErrors },
      handler: async ({ auth }) => ({
        status: 200,
        body: { vendors: (await store.list(auth.orgId)).map(toVendorHintsResource) },
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/vendor-hints/import',
      summary: 'Adds vendors as GET /v1/vendor-hints exported them (merged into a known vendor sharing a key)',
      tag: 'review',
      scope: 'extractors:write',
      sharedConfiguration: 'vendor hints',
      body: VendorHintsImportSchema,
      responses: {
        200: { description: 'The vendors after the import', schema: ListResponse },
        400: { description: 'invalid_request', schema: ErrorBodySchema },
        ...authErrors,
      },
      handler: async ({ auth, body }) => {
        const { vendors } = parseInput(VendorHintsImportSchema, body, 'body');
        const at = intake.clock.now().toISOString();
        for (const vendor of vendors) {
          const known = await store.find(auth.orgId, vendor.keys);
          await store.save(
            known
              ? {
                  ...known,
                  keys: [...new Set([...known.keys, ...vendor.keys])],
                  name: vendor.name ?? known.name,
                  fields: { ...known.fields, ...vendor.fields },
                  updated_at: at,
                }
              : {
                  id: intake.ids('vh'),
                  org_id: auth.orgId,
                  keys: vendor.keys,
                  name: vendor.name ?? null,
                  fields: vendor.fields,
                  created_at: at,
                  updated_at: at,
                },
          );
        }
        return { status: 200, body: { vendors: (await store.list(auth.orgId)).map(toVendorHintsResource) } };
      },
    }),
    defineRoute<unknown, unknown, z.infer<typeof IdParams>>({
      method: 'delete',
      path: '/v1/vendor-hints/{vendor_id}',
      summary: 'Forgets what was learned about a vendor',
      tag: 'review',
      scope: 'extractors:write',
      sharedConfiguration: 'vendor hints',
      params: IdParams,
      responses: {
        204: { description: 'Forgotten' },
        404: { description: 'not_found', schema: ErrorBodySchema },
        ...authErrors,
      },
      handler: async ({ auth, params }) => {
        if (!(await store.delete(auth.orgId, params.vendor_id))) throw notFound('Vendor hints', params.vendor_id);
        return { status: 204 };
      },
    }),
  ];
}
