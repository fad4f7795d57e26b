import { z } from 'zod';
import { type Intake } from '@intake/core';
import {
  CreateExtractorInputSchema,
  DuplicateExtractorInputSchema,
  inMode,
  toSummary,
  UpdateExtractorInputSchema,
} from '@intake/core/extractors';
import { authErrors, booleanQuery, ErrorBodySchema, pageQuery } from './common.schemas.js';
import { defineRoute, type RouteDef } from './route.js';
import { ExtractorSchema, ExtractorSummarySchema } from '../schemas/extractors.schemas.js';

const IdParams = z.object({ extractor_id: z.string() });
const ListQuery = z.object({
  document_type: z.string().optional(),
  is_active: booleanQuery.optional(),
  ...pageQuery(100),
});
const ListResponse = z
  .object({
    extractors: z.array(ExtractorSummarySchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: 'ExtractorList' });

const notFound = {
  404: { description: "not_found (also for another organization's extractor)", schema: ErrorBodySchema },
};
const invalid = { 400: { description: 'invalid_request with details', schema: ErrorBodySchema } };

const createExtractor = (svc: Intake['extractors']) =>
  defineRoute({
    method: 'post',
    path: '/v1/extractors',
    summary: 'Create an extractor',
    tag: 'extractors',
    scope: 'extractors:write',
    sharedConfiguration: 'extractors',
    body: CreateExtractorInputSchema,
    responses: { 201: { description: 'The new extractor', schema: ExtractorSchema }, ...invalid, ...authErrors },
    handler: async ({ body, auth }) => ({
      status: 201,
      body: inMode(await svc.create(auth.orgId, body, auth.keyId), auth.environment),
    }),
  });

const listExtractors = (svc: Intake['extractors']) =>
  defineRoute<unknown, z.infer<typeof ListQuery>>({
    method: 'get',
    path: '/v1/extractors',
    summary: 'List extractors, newest first (created_at, then id, descending)',
    tag: 'extractors',
    scope: 'extractors:read',
    query: ListQuery,
    responses: { 200: { description: 'A page of extractors', schema: ListResponse }, ...invalid, ...authErrors },
    handler: async ({ query, auth }) => {
      const { limit, offset, document_type, is_active } = query;
      const page = await svc.list(auth.orgId, { document_type, is_active }, { limit, offset });
      return {
        status: 200,
        body: {
          extractors: page.items.map((e) => toSummary(inMode(e, auth.environment))),
          total: page.total,
          limit,
          offset,
        },
      };
    },
  });

const getExtractor = (svc: Intake['extractors']) =>
  defineRoute<unknown, unknown, z.infer<typeof IdParams>>({
    method: 'get',
    path: '/v1/extractors/{extractor_id}',
    summary: 'Get an extractor',
    tag: 'extractors',
    scope: 'extractors:read',
    params: IdParams,
    responses: { 200: { description: 'The extractor', schema: ExtractorSchema }, ...notFound, ...authErrors },
    handler: async ({ params, auth }) => ({
      status: 200,
      body: inMode(await svc.get(auth.orgId, params.extractor_id), auth.environment),
    }),
  });

const updateExtractor = (svc: Intake['extractors']) =>
  defineRoute<unknown, unknown, z.infer<typeof IdParams>>({
    method: 'patch',
    path: '/v1/extractors/{extractor_id}',
    summary: 'Update an extractor (only the supplied members change; is_active deactivates it)',
    tag: 'extractors',
    scope: 'extractors:write',
    sharedConfiguration: 'extractors',
    params: IdParams,
    body: UpdateExtractorInputSchema,
    responses: {
      200: { description: 'The updated extractor', schema: ExtractorSchema },
      ...invalid,
      ...notFound,
      ...authErrors,
    },
    handler: async ({ params, body, auth }) => ({
      status: 200,
      body: inMode(await svc.update(auth.orgId, params.extractor_id, body), auth.environment),
    }),
  });

const duplicateExtractor = (svc: Intake['extractors']) =>
  defineRoute<unknown, unknown, z.infer<typeof IdParams>>({
    method: 'post',
    path: '/v1/extractors/{extractor_id}/duplicate',
    summary: 'Copy an extractor under a new id',
    tag: 'extractors',
    scope: 'extractors:write',
    sharedConfiguration: 'extractors',
    params: IdParams,
    body: DuplicateExtractorInputSchema,
    responses: { 201: { description: 'The copy', schema: ExtractorSchema }, ...invalid, ...notFound, ...authErrors },
    handler: async ({ params, body, auth }) => ({
      status: 201,
      body: inMode(await svc.duplicate(auth.orgId, params.extractor_id, body, auth.keyId), auth.environment),
    }),
  });

const deleteExtractor = (svc: Intake['extractors']) =>
  defineRoute<unknown, unknown, z.infer<typeof IdParams>>({
    method: 'delete',
    path: '/v1/extractors/{extractor_id}',
    summary: 'Delete an extractor permanently',
    tag: 'extractors',
    scope: 'extractors:write',
    sharedConfiguration: 'extractors',
    params: IdParams,
    responses: { 204: { description: 'Deleted' }, ...notFound, ...authErrors },
    handler: async ({ params, auth }) => {
      await svc.delete(auth.orgId, params.extractor_id);
      return { status: 204 };
    },
  });

export function extractorRoutes(intake: Intake): RouteDef[] {
  return [
    createExtractor(intake.extractors),
    listExtractors(intake.extractors),
    getExtractor(intake.extractors),
    updateExtractor(intake.extractors),
    duplicateExtractor(intake.extractors),
    deleteExtractor(intake.extractors),
  ];
}
