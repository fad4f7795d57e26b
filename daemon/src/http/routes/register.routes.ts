import { Readable } from 'node:stream';
import { z } from 'zod';
import type { AuthContext, Intake, JobPipeline, JobRecord } from '@intake/core';
import { deleteJob, registerFields, sortValue, type JobSort } from '@intake/core/jobs';
import { type JobFilter } from '@intake/core/ports';
import { authErrors, ErrorBodySchema } from './common.schemas.js';
import { csvLine } from './csv.js';
import { parseSort, RegisterFilterQuery, toJobFilter } from './register-query.js';
import { defineRoute, type RouteDef } from './route.js';

/** What the register's routes need of documentRoutes' dependencies. */
export interface RegisterRouteDeps {
  intake: Intake;
  pipeline: JobPipeline;
  /** Forgets a deleted document's page pictures (left out: none are rendered). */
  forgetPages?: (blobKey: string) => Promise<void>;
}

const ExportQuery = RegisterFilterQuery.extend({
  format: z.literal('csv').describe('csv (the only format)'),
});
const IdParams = z.object({ job_id: z.string() });

/** The export's columns, in order: the register's, flattened. */
const HEADER = [
  'id',
  'created_at',
  'file_name',
  'source',
  'sender',
  'subject',
  'extractor_id',
  'extractor_name',
  'document_type',
  'vendor',
  'document_number',
  'document_date',
  'total',
  'currency',
  'lowest_confidence',
  'status',
  'review_state',
];

function csvRow(job: JobRecord): string {
  const r = registerFields(job);
  return csvLine([
    job.id,
    job.created_at,
    r.file_name,
    r.source.kind,
    r.source.sender,
    r.source.subject,
    r.extractor.id,
    r.extractor.name,
    r.document_type,
    r.vendor,
    r.document_number,
    r.document_date,
    r.total,
    r.currency,
    r.lowest_confidence,
    r.status,
    r.review_state,
  ]);
}

const BATCH = 500;

/**
 * Every matching job as CSV lines, read a batch at a time by keyset (the last job of a batch is the
 * position of the next), so memory holds one batch whatever the export's size.
 */
async function* csvLines(deps: RegisterRouteDeps, auth: AuthContext, filter: JobFilter, sort: JobSort | undefined) {
  yield csvLine(HEADER);
  const order = sort ?? { key: 'created_at' as const, descending: true };
  let after: { created_at: string; id: string; value: string | number | null } | undefined;
  for (;;) {
    const page = await deps.intake.jobs.list(auth.orgId, auth.environment, filter, {
      limit: BATCH,
      offset: 0,
      sort: order,
      // The export needs no total: counting every match again for each batch would cost more than the batch.
      countLimit: 0,
      ...(after ? { after } : {}),
    });
    yield page.items.map(csvRow).join('');
    const last = page.items.at(-1);
    if (page.items.length < BATCH || !last) return;
    after = { created_at: last.created_at, id: last.id, value: sortValue(last, order.key) };
  }
}

/** The register's CSV export and the deletion of one document. */
export function registerRoutes(deps: RegisterRouteDeps): RouteDef[] {
  return [
    defineRoute<unknown, z.infer<typeof ExportQuery>>({
      method: 'get',
      path: '/v1/documents/export',
      summary:
        "The list's documents as CSV (its filters, q and sort), streamed; text cells are guarded against formulas",
      tag: 'documents',
      scope: 'documents:read',
      query: ExportQuery,
      responses: {
        200: { description: 'text/csv; charset=utf-8, one header line then one line per document' },
        400: { description: 'invalid_request', schema: ErrorBodySchema },
        ...authErrors,
      },
      handler: ({ query, auth }) => {
        const { format: _format, ...rest } = query;
        // The query is valid here (the schema checked it): a failure after the first line is an
        // outage, which ends the response early; the request log records it.
        return Promise.resolve({
          status: 200,
          body: Readable.from(csvLines(deps, auth, toJobFilter(rest), parseSort(rest.sort))),
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="documents.csv"',
          },
        });
      },
    }),
    defineRoute<unknown, unknown, z.infer<typeof IdParams>>({
      method: 'delete',
      path: '/v1/documents/{job_id}',
      summary: 'Delete a document: its job, result, file and page pictures; a tombstone (id, when, key) remains',
      tag: 'documents',
      scope: 'documents:write',
      params: IdParams,
      responses: {
        204: { description: 'Deleted' },
        404: { description: 'not_found', schema: ErrorBodySchema },
        409: { description: 'conflict: the job is being processed', schema: ErrorBodySchema },
        ...authErrors,
      },
      handler: async ({ params, auth }) => {
        await deleteJob(
          {
            stores: deps.intake.stores,
            blobs: deps.pipeline.blobs,
            clock: deps.intake.clock,
            ...(deps.forgetPages ? { forgetPages: deps.forgetPages } : {}),
          },
          auth,
          params.job_id,
        );
        return { status: 204 };
      },
    }),
  ];
}
