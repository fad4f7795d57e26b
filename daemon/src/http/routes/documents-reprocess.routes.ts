import { z } from 'zod';
import { reviewReasons, type Intake, type JobPipeline } from '@intake/core';
import { reprocessJob, toJobResource, type DocumentLinks } from '@intake/core/jobs';
import { type ResultVersion } from '@intake/core/ports';
import { authErrors, ErrorBodySchema } from './common.schemas.js';
import { defineRoute, type RouteDef } from './route.js';
import { JobSchema, ReviewReasonSchema } from '../schemas/jobs.schemas.js';

/** What the reprocessing routes need of documentRoutes' dependencies. */
export interface ReprocessRouteDeps {
  intake: Intake;
  pipeline: JobPipeline;
  links: DocumentLinks;
  /** Wakes this daemon's idle workers after a job is queued. */
  onSubmitted?: () => void;
}

const IdParams = z.object({ job_id: z.string() });

const VersionSchema = z
  .object({
    version: z.number().int(),
    current: z.boolean().describe('true for the result the job holds now (the last entry)'),
    replaced_at: z.string().nullable().describe('When a reprocessing replaced it; null for the current one'),
    status: z.enum(['completed', 'failed', 'queued', 'processing']),
    extracted_data: z.record(z.string(), z.unknown()).nullable(),
    confidence: z.record(z.string(), z.number()).nullable(),
    validation_errors: z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() })),
    needs_review: z.boolean(),
    review_reasons: z.array(ReviewReasonSchema),
    review_outcome: z.enum(['confirmed', 'rejected']).nullable(),
    reviewed_at: z.string().nullable(),
    page_count: z.number().int(),
    cost_credits: z.number(),
    completed_at: z.string().nullable(),
    failed_at: z.string().nullable(),
    error_details: JobSchema.shape.error_details.nullable(),
  })
  .meta({ id: 'ResultVersion' });
const VersionsResponse = z
  .object({ job_id: z.string(), versions: z.array(VersionSchema).describe('Oldest first; the last is current') })
  .meta({ id: 'ResultVersionList' });

function versionView(result: Omit<ResultVersion, 'version' | 'replaced_at'>) {
  // A failed or running result has no values of its own (the row may still hold an earlier one's).
  const done = result.status === 'completed';
  return {
    status: result.status,
    extracted_data: done ? result.extracted_data : null,
    confidence: done ? result.confidence : null,
    validation_errors: done ? result.validation_errors : [],
    needs_review: result.needs_review,
    review_reasons: done ? reviewReasons(result) : [],
    review_outcome: result.review_outcome ?? null,
    reviewed_at: result.reviewed_at ?? null,
    page_count: result.page_count,
    cost_credits: result.cost_credits,
    completed_at: result.completed_at,
    failed_at: result.failed_at,
    error_details: result.error_details,
  };
}

/** `POST /v1/documents/{id}/reprocess` and `GET /v1/documents/{id}/versions`. */
export function reprocessRoutes(deps: ReprocessRouteDeps): RouteDef[] {
  return [
    defineRoute<unknown, unknown, z.infer<typeof IdParams>>({
      method: 'post',
      path: '/v1/documents/{job_id}/reprocess',
      summary:
        'Read and extract the stored document again (current reader and extraction); the old result is kept as a version; free; honours Idempotency-Key',
      tag: 'documents',
      scope: 'documents:write',
      params: IdParams,
      responses: {
        202: { description: 'The job, queued again with the next result_version', schema: JobSchema },
        404: { description: 'not_found', schema: ErrorBodySchema },
        409: {
          description:
            'conflict: still queued or processing, 10 results already, or Idempotency-Key reused with another request',
          schema: ErrorBodySchema,
        },
        410: {
          description: 'document_deleted (the job was deleted), document_not_stored (its file is gone)',
          schema: ErrorBodySchema,
        },
        ...authErrors,
      },
      handler: async ({ params, auth, ctx }) => {
        const key = ctx.get('idempotency-key') || undefined;
        const { job, replayed } = await reprocessJob(
          { stores: deps.intake.stores, blobs: deps.pipeline.blobs, clock: deps.intake.clock },
          auth,
          params.job_id,
          key,
        );
        if (!replayed) deps.onSubmitted?.();
        return {
          status: 202,
          body: toJobResource(job, deps.links.urlFor(job.org_id, job.id, deps.intake.clock.now())),
          headers: { Location: `/v1/documents/${job.id}`, ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}) },
        };
      },
    }),
    defineRoute<unknown, unknown, z.infer<typeof IdParams>>({
      method: 'get',
      path: '/v1/documents/{job_id}/versions',
      summary: "A job's results: those reprocessing replaced, oldest first, then the current one",
      tag: 'documents',
      scope: 'documents:read',
      params: IdParams,
      responses: {
        200: { description: 'Every result of the job', schema: VersionsResponse },
        404: { description: 'not_found', schema: ErrorBodySchema },
        ...authErrors,
      },
      handler: async ({ params, auth }) => {
        const job = await deps.intake.jobs.get(auth.orgId, auth.environment, params.job_id);
        const earlier = await deps.intake.stores.jobs.resultVersions(auth.orgId, auth.environment, job.id);
        const versions = [
          ...earlier.map((v) => ({
            version: v.version,
            current: false,
            replaced_at: v.replaced_at,
            ...versionView(v),
          })),
          { version: job.result_version ?? 1, current: true, replaced_at: null, ...versionView(job) },
        ];
        return { status: 200, body: { job_id: job.id, versions } };
      },
    }),
  ];
}
