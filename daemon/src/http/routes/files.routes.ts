import { z } from 'zod';
import { AppError, type Intake, type JobPipeline } from '@intake/core';
import { type DocumentLinks } from '@intake/core/jobs';
import { ErrorBodySchema } from './common.schemas.js';
import { defineRoute, type RouteDef } from './route.js';
import { setServedDocumentHeaders } from './served-document.js';

const Params = z.object({ org_id: z.string(), job_id: z.string() });
const Query = z.object({ expires: z.string(), signature: z.string() });
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/tiff': 'tiff',
};

/** The original document behind a job's `document_url`: no API key, the signature is the credential. */
export function fileRoutes(deps: { intake: Intake; pipeline: JobPipeline; links: DocumentLinks }): RouteDef[] {
  return [
    defineRoute<unknown, z.infer<typeof Query>, z.infer<typeof Params>>({
      method: 'get',
      path: '/v1/files/{org_id}/{job_id}',
      summary: "A job's original document, through the signed, expiring link in the job's document_url",
      tag: 'documents',
      params: Params,
      query: Query,
      responses: {
        200: { description: 'The original bytes, with their media type' },
        404: { description: 'not_found: unknown job, bad signature or expired link', schema: ErrorBodySchema },
      },
      handler: async ({ params, query, ctx }) => {
        // One answer for a bad signature, an expired link and a missing job: the link reveals nothing.
        const gone = new AppError(
          'not_found',
          'This document link is invalid or has expired; fetch the job again for a fresh one',
        );
        if (!deps.links.verify(params.org_id, params.job_id, query.expires, query.signature, deps.intake.clock.now()))
          throw gone;
        const job = await deps.intake.stores.jobs.get(params.org_id, null, params.job_id); // the signed link names the job, of either mode
        const bytes = job ? await deps.pipeline.blobs.get(job.blob_key) : null;
        if (!job || !bytes) throw gone;
        setServedDocumentHeaders(ctx, job.mime_type, `${job.id}.${EXTENSIONS[job.mime_type] ?? 'bin'}`);
        return { status: 200, body: Buffer.from(bytes) };
      },
    }),
  ];
}
