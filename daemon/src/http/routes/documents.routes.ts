import { z } from 'zod';
import { type Intake, type JobPipeline, type JobRecord } from '@intake/core';
import { toCorrectionResource, type CorrectionService } from '@intake/core/corrections';
import { STATS_PERIODS, toJobResource, type DocumentLinks, registerFields } from '@intake/core/jobs';
import { readDocumentUpload, type UploadLimits } from '../read-document-upload.js';
import { authErrors, ErrorBodySchema, pageQuery } from './common.schemas.js';
import { decodeJobCursor, decodeRegisterCursor, encodeJobCursor, encodeRegisterCursor } from './job-cursor.js';
import { parseSort, RegisterFilterQuery, RegisterSchema, toJobFilter } from './register-query.js';
import { registerRoutes } from './register.routes.js';
import { reprocessRoutes } from './documents-reprocess.routes.js';
import { defineRoute, type RouteDef } from './route.js';
import type { JsonThread } from '../json-thread/json-threads.js';
import { CorrectionSchema } from '../schemas/corrections.schemas.js';
import { JobSchema, JobStatsSchema, SubmitDocumentJsonSchema } from '../schemas/jobs.schemas.js';

export interface DocumentRouteDeps {
  intake: Intake;
  pipeline: JobPipeline;
  links: DocumentLinks;
  limits: UploadLimits;
  /** Parses and decodes JSON uploads off the event loop. */
  jsonThread: JsonThread;
  /** The correction history, for `?include=corrections` (left out, that include is refused). */
  corrections?: Pick<CorrectionService, 'history'>;
  /** Wakes this daemon's idle workers after a submission. */
  onSubmitted?: () => void;
  /** Forgets a deleted document's page pictures (left out: none are rendered). */
  forgetPages?: (blobKey: string) => Promise<void>;
  /** A total counted match by match stops beyond this many (`total_capped`); the list's default is LIST_COUNT_LIMIT. */
  countLimit: number;
}

const ListQuery = RegisterFilterQuery.extend({
  cursor: z
    .string()
    .optional()
    .describe(
      '`next_cursor` of the previous page: this page starts after its last job (the same filters and sort apply)',
    ),
  ...pageQuery(100),
});
const ListResponse = z
  .object({
    jobs: z.array(JobSchema.extend({ register: RegisterSchema })),
    total: z
      .number()
      .int()
      .describe('The whole filtered list; with `total_capped`, at least this many (counting stopped there)'),
    total_capped: z
      .boolean()
      .describe(
        'True when `total` is the count limit (REGISTER_COUNT_LIMIT, 10,000 by default) and more match: a search or filter the rollups cannot count',
      ),
    limit: z.number().int(),
    offset: z.number().int(),
    next_cursor: z
      .string()
      .nullable()
      .describe(
        'Pass as `cursor` for the next page (a deep page then costs what the first does); null on the last page',
      ),
  })
  .meta({ id: 'JobList' });
const DailyQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });
/** One UTC day's finished jobs, also in `GET /v1/overview`. */
export const DayCountsSchema = z.object({
  day: z.string().describe('YYYY-MM-DD (UTC)'),
  completed: z.number().int(),
  failed: z.number().int(),
});
const DailyResponse = z.object({ days: z.array(DayCountsSchema) }).meta({ id: 'DailyJobCounts' });
const StatsQuery = z.object({
  period: z.enum(Object.keys(STATS_PERIODS) as [keyof typeof STATS_PERIODS]).default('30d'),
});
const IdParams = z.object({ job_id: z.string() });
const GetQuery = z.object({
  include: z
    .literal('corrections')
    .optional()
    .describe('`corrections`: the job with its correction history (as GET .../corrections) in one answer'),
});
const JobWithCorrections = JobSchema.extend({ corrections: z.array(CorrectionSchema).optional() });

/** `metadata[key]=value` query members: Koa's parser keeps them flat, as `metadata[key]`. */
function metadataFilter(query: Record<string, unknown>): Record<string, string> | undefined {
  const entries = Object.entries(query)
    .map(([name, value]) => [/^metadata\[([^\]]+)\]$/.exec(name)?.[1], value] as const)
    .filter((e): e is [string, string] => typeof e[0] === 'string' && typeof e[1] === 'string');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** A job as the API shows it, with its document's signed link. */
const jobResource = (deps: DocumentRouteDeps, job: JobRecord) =>
  toJobResource(job, deps.links.urlFor(job.org_id, job.id, deps.intake.clock.now()));

const submitDocument = (deps: DocumentRouteDeps) =>
  defineRoute({
    method: 'post',
    path: '/v1/documents',
    summary: 'Submit a document (JSON with base64, or multipart/form-data with `file`); honours Idempotency-Key',
    tag: 'documents',
    scope: 'documents:write',
    body: SubmitDocumentJsonSchema,
    upload: true,
    responses: {
      202: { description: 'The queued job (or, for a repeated Idempotency-Key, the earlier job)', schema: JobSchema },
      400: { description: 'invalid_request', schema: ErrorBodySchema },
      404: { description: 'not_found: unknown extractor', schema: ErrorBodySchema },
      409: {
        description: 'extractor_inactive, or conflict: Idempotency-Key reused with another request',
        schema: ErrorBodySchema,
      },
      413: { description: 'document_too_large', schema: ErrorBodySchema },
      415: { description: 'unsupported_media_type', schema: ErrorBodySchema },
      ...authErrors,
    },
    handler: async ({ ctx, auth }) => {
      const upload = await readDocumentUpload(ctx, deps.limits, deps.jsonThread);
      const key = ctx.get('idempotency-key') || undefined;
      const { job, replayed } = await deps.pipeline.submissions.submit(auth, {
        ...upload,
        ...(key ? { idempotencyKey: key } : {}),
      });
      if (!replayed) deps.onSubmitted?.();
      return {
        status: 202,
        body: jobResource(deps, job),
        headers: { Location: `/v1/documents/${job.id}`, ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}) },
      };
    },
  });

const jobStats = (deps: DocumentRouteDeps) =>
  defineRoute<unknown, z.infer<typeof StatsQuery>>({
    method: 'get',
    path: '/v1/documents/stats',
    summary: 'Job statistics over a period: 24h, 7d, 30d (default) or 90d',
    tag: 'documents',
    scope: 'documents:read',
    query: StatsQuery,
    responses: {
      200: { description: 'Statistics', schema: JobStatsSchema },
      400: { description: 'invalid_request: unknown period', schema: ErrorBodySchema },
      ...authErrors,
    },
    handler: async ({ query, auth }) => ({
      status: 200,
      body: await deps.intake.jobs.stats(auth.orgId, auth.environment, query.period),
    }),
  });

const dailyJobCounts = (deps: DocumentRouteDeps) =>
  defineRoute<unknown, z.infer<typeof DailyQuery>>({
    method: 'get',
    path: '/v1/documents/stats/daily',
    summary: 'Completed and failed jobs per UTC day of creation, the last `days` days (default 30), oldest first',
    tag: 'documents',
    scope: 'documents:read',
    query: DailyQuery,
    responses: {
      200: { description: 'One entry per day, zeros included', schema: DailyResponse },
      400: { description: 'invalid_request', schema: ErrorBodySchema },
      ...authErrors,
    },
    handler: async ({ query, auth }) => ({
      status: 200,
      body: { days: await deps.intake.jobs.daily(auth.orgId, auth.environment, query.days) },
    }),
  });

const listDocuments = (deps: DocumentRouteDeps) =>
  defineRoute<unknown, z.infer<typeof ListQuery>>({
    method: 'get',
    path: '/v1/documents',
    summary:
      'List jobs (the documents register): newest first or by `sort`, filters, `q` search; metadata[key]=value where enabled',
    tag: 'documents',
    scope: 'documents:read',
    query: ListQuery,
    responses: {
      200: { description: 'A page of jobs', schema: ListResponse },
      400: { description: 'invalid_request', schema: ErrorBodySchema },
      ...authErrors,
    },
    handler: async ({ query, auth, ctx }) => {
      const { limit, offset, cursor, ...rest } = query;
      const metadata = metadataFilter(ctx.query);
      const sort = parseSort(rest.sort);
      const after =
        cursor === undefined ? undefined : sort ? decodeRegisterCursor(sort, cursor) : decodeJobCursor(cursor);
      // One job more than the page says whether there is a next page, without counting.
      const page = await deps.intake.jobs.list(
        auth.orgId,
        auth.environment,
        { ...toJobFilter(rest), ...(metadata ? { metadata } : {}) },
        {
          limit: limit + 1,
          offset,
          countLimit: deps.countLimit,
          ...(after ? { after } : {}),
          ...(sort ? { sort } : {}),
        },
      );
      const jobs = page.items.slice(0, limit);
      const last = jobs.at(-1);
      const next =
        page.items.length > limit && last ? (sort ? encodeRegisterCursor(sort, last) : encodeJobCursor(last)) : null;
      const items = jobs.map((job) => ({ ...jobResource(deps, job), register: registerFields(job) }));
      const total_capped = page.totalCapped === true;
      return {
        status: 200,
        body: { jobs: items, total: page.total, total_capped, limit, offset, next_cursor: next },
      };
    },
  });

const getDocument = (deps: DocumentRouteDeps) =>
  defineRoute<unknown, z.infer<typeof GetQuery>, z.infer<typeof IdParams>>({
    method: 'get',
    path: '/v1/documents/{job_id}',
    summary: 'Get a job (`include=corrections`: with its correction history)',
    tag: 'documents',
    scope: 'documents:read',
    params: IdParams,
    query: GetQuery,
    responses: {
      200: { description: 'The job', schema: JobWithCorrections },
      400: { description: 'invalid_request: unknown include', schema: ErrorBodySchema },
      404: { description: 'not_found', schema: ErrorBodySchema },
      ...authErrors,
    },
    handler: async ({ params, query, auth }) => {
      const job = jobResource(deps, await deps.intake.jobs.get(auth.orgId, auth.environment, params.job_id));
      if (query.include !== 'corrections' || !deps.corrections) return { status: 200, body: job };
      const history = await deps.corrections.history(auth, params.job_id);
      return { status: 200, body: { ...job, corrections: history.map(toCorrectionResource) } };
    },
  });

export function documentRoutes(deps: DocumentRouteDeps): RouteDef[] {
  return [
    submitDocument(deps),
    jobStats(deps),
    dailyJobCounts(deps),
    listDocuments(deps),
    // Before /v1/documents/{job_id}, which would take `export` for an id.
    ...registerRoutes(deps),
    ...reprocessRoutes(deps),
    getDocument(deps),
  ];
}
