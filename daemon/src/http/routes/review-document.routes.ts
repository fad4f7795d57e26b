import { z } from 'zod';
import { AppError, type Intake, type JobPipeline } from '@intake/core';
import { authErrors, ErrorBodySchema } from './common.schemas.js';
import { defineRoute, type RouteDef } from './route.js';
import { setServedDocumentHeaders } from './served-document.js';

const Params = z.object({ review_id: z.string() });

/**
 * The document a review item waits on, so a reviewer can look at it before deciding (the
 * dashboard's review queue previews it). Read with the key's scope and mode, like the item itself.
 */
export function reviewDocumentRoutes(deps: { intake: Intake; pipeline: JobPipeline }): RouteDef[] {
  return [
    defineRoute<unknown, unknown, z.infer<typeof Params>>({
      method: 'get',
      path: '/api/email-ingestion/review/{review_id}/document',
      summary: "A review item's document (the attachment as received), for a reviewer to look at",
      tag: 'email-ingestion',
      scope: 'email_ingestion:read',
      params: Params,
      responses: {
        200: { description: 'The document bytes, with their media type' },
        404: { description: 'not_found', schema: ErrorBodySchema },
        ...authErrors,
      },
      handler: async ({ auth, params, ctx }) => {
        const item = await deps.intake.stores.triageItems.get(auth.orgId, auth.environment, params.review_id);
        const bytes = item ? await deps.pipeline.blobs.get(item.blob_key) : null;
        if (!item || !bytes) throw new AppError('not_found', `Review item ${params.review_id} not found`);
        setServedDocumentHeaders(ctx, item.mime_type, item.filename);
        return { status: 200, body: Buffer.from(bytes) };
      },
    }),
  ];
}
