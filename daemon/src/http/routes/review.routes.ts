import { z } from 'zod';
import { CorrectionRequestSchema, toCorrectionResource, type CorrectionService } from '@intake/core/corrections';
import { toJobResource, type DocumentLinks } from '@intake/core/jobs';
import { type PageImages } from '@intake/core/pages';
import { notFound } from '@intake/core/shared';
import type { Intake } from '@intake/core';
import { authErrors, ErrorBodySchema } from './common.schemas.js';
import { defineRoute, type RouteDef } from './route.js';
import { CorrectionSchema } from '../schemas/corrections.schemas.js';
import { JobSchema } from '../schemas/jobs.schemas.js';

export interface ReviewRouteDeps {
  intake: Intake;
  links: DocumentLinks;
  pages: PageImages;
  corrections: CorrectionService;
}

const JobParams = z.object({ job_id: z.string() });
const PageParams = z.object({ job_id: z.string(), page: z.string() });
const PageQuery = z.object({ width: z.coerce.number().int().min(100).max(2000).default(1000) });
const BoxSchema = z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() });
const PageWordsResponse = z
  .object({
    page: z.number().int(),
    page_width: z.number(),
    page_height: z.number(),
    source: z.enum(['text_layer', 'ocr']),
    words: z.array(z.object({ text: z.string(), box: BoxSchema })),
  })
  .meta({ id: 'PageWords' });
const CorrectionsResponse = z.object({ corrections: z.array(CorrectionSchema) }).meta({ id: 'CorrectionList' });
const CorrectedResponse = z
  .object({ job: JobSchema, corrections: z.array(CorrectionSchema) })
  .meta({ id: 'CorrectionResult' });

/** A page number in the path: a positive integer in plain digits, or a page that cannot exist (404). */
function pageNumber(text: string, jobId: string): number {
  if (!/^[1-9]\d{0,5}$/.test(text)) throw notFound(`Page ${text} of job`, jobId);
  return Number(text);
}

/** The review workspace's API: pages as pictures, corrections and their history. */
export function reviewRoutes(deps: ReviewRouteDeps): RouteDef[] {
  return [...pageRoutes(deps.pages), ...correctionRoutes(deps)];
}

/** The document's pages as the reviewer sees them: pictures, and the words on them with their boxes. */
function pageRoutes(pages: PageImages): RouteDef[] {
  return [
    defineRoute<unknown, z.infer<typeof PageQuery>, z.infer<typeof PageParams>>({
      method: 'get',
      path: '/v1/documents/{job_id}/pages/{page}',
      summary:
        "A page of the job's document as a PNG image, `width` pixels wide (100 to 2000, rounded to a multiple of 50)",
      tag: 'review',
      scope: 'documents:read',
      params: PageParams,
      query: PageQuery,
      responses: {
        200: { description: 'image/png; X-Page-Width / X-Page-Height give its size, X-Cache hit or miss' },
        400: { description: 'invalid_request: width out of range', schema: ErrorBodySchema },
        404: { description: 'not_found: unknown job, or no such page', schema: ErrorBodySchema },
        409: { description: 'conflict: the document cannot be rendered (damaged)', schema: ErrorBodySchema },
        ...authErrors,
      },
      handler: async ({ params, query, auth }) => {
        const image = await pages.page(auth, params.job_id, pageNumber(params.page, params.job_id), query.width);
        return {
          status: 200,
          body: Buffer.from(image.bytes),
          headers: {
            'Content-Type': image.contentType,
            // The document never changes under its job: a browser may keep the picture, privately.
            'Cache-Control': 'private, max-age=3600',
            'X-Page-Width': String(image.width),
            'X-Page-Height': String(image.height),
            'X-Cache': image.cached ? 'hit' : 'miss',
          },
        };
      },
    }),
    defineRoute<unknown, unknown, z.infer<typeof PageParams>>({
      method: 'get',
      path: '/v1/documents/{job_id}/pages/{page}/words',
      summary: "The words of a page of the job's document with their boxes, in the page's units (as field_locations)",
      tag: 'review',
      scope: 'documents:read',
      params: PageParams,
      responses: {
        200: { description: 'The page size and its words', schema: PageWordsResponse },
        404: { description: 'not_found: unknown job, or no such page', schema: ErrorBodySchema },
        409: { description: 'conflict: the document cannot be read (damaged)', schema: ErrorBodySchema },
        ...authErrors,
      },
      handler: async ({ params, auth }) => ({
        status: 200,
        body: await pages.words(auth, params.job_id, pageNumber(params.page, params.job_id)),
      }),
    }),
  ];
}

/** The reviewer's corrections of a job's fields, and their history. */
function correctionRoutes(deps: ReviewRouteDeps): RouteDef[] {
  return [
    defineRoute<unknown, unknown, z.infer<typeof JobParams>>({
      method: 'patch',
      path: '/v1/documents/{job_id}/fields',
      summary: "Correct or confirm a completed job's fields; every change and confirmation is recorded",
      tag: 'review',
      scope: 'documents:write',
      params: JobParams,
      body: CorrectionRequestSchema,
      responses: {
        200: {
          description: 'The job with its corrected fields, and the corrections recorded',
          schema: CorrectedResponse,
        },
        400: {
          description: 'invalid_request: unknown field, a value of the wrong type or breaking a rule, nothing to do',
          schema: ErrorBodySchema,
        },
        404: { description: 'not_found', schema: ErrorBodySchema },
        409: { description: 'conflict: the job is not completed', schema: ErrorBodySchema },
        ...authErrors,
      },
      handler: async ({ params, body, auth }) => {
        const { job, corrections } = await deps.corrections.correct(auth, params.job_id, body);
        const resource = toJobResource(job, deps.links.urlFor(job.org_id, job.id, deps.intake.clock.now()));
        return { status: 200, body: { job: resource, corrections: corrections.map(toCorrectionResource) } };
      },
    }),
    defineRoute<unknown, unknown, z.infer<typeof JobParams>>({
      method: 'get',
      path: '/v1/documents/{job_id}/corrections',
      summary: "The job's correction history, oldest first",
      tag: 'review',
      scope: 'documents:read',
      params: JobParams,
      responses: {
        200: { description: 'Every correction and confirmation', schema: CorrectionsResponse },
        404: { description: 'not_found', schema: ErrorBodySchema },
        ...authErrors,
      },
      handler: async ({ params, auth }) => ({
        status: 200,
        body: { corrections: (await deps.corrections.history(auth, params.job_id)).map(toCorrectionResource) },
      }),
    }),
  ];
}
