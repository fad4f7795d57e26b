import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import type { RouteDef } from './routes/route.js';

const MultipartUpload = z
  .object({
    file: z.string().meta({ format: 'binary' }),
    extractor_id: z.string(),
    mime_type: z.string().optional().describe("Optional; the file part's type or its content decide otherwise"),
    metadata: z.string().optional().describe('A JSON object, as text'),
  })
  .meta({ id: 'SubmitDocumentMultipart' });

/** The OpenAPI 3.1 document of the API, generated from the same route objects that Koa mounts. */
export function buildOpenApiDocument(
  routes: readonly RouteDef[],
  serverUrl: string,
): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const operation: ZodOpenApiOperationObject = {
      operationId: `${route.method}${route.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)/g, (_m, c: string) => c.toUpperCase())}`,
      summary: route.summary,
      tags: [route.tag],
      ...(route.scope
        ? {
            security: [{ bearerAuth: [] }],
            description: `Requires scope \`${route.scope}\`${route.sharedConfiguration ? ' and a live key (test and live share this configuration)' : ''}.`,
          }
        : { security: [] }),
      ...(route.params || route.query
        ? {
            requestParams: {
              ...(route.params ? { path: route.params as never } : {}),
              ...(route.query ? { query: route.query as never } : {}),
            },
          }
        : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: route.body },
                ...(route.upload ? { 'multipart/form-data': { schema: MultipartUpload } } : {}),
              },
            },
          }
        : {}),
      responses: Object.fromEntries(
        Object.entries(route.responses).map(([status, r]) => [
          status,
          {
            description: r.description,
            ...(r.schema ? { content: { 'application/json': { schema: r.schema } } } : {}),
          },
        ]),
      ),
    };
    paths[route.path] = { ...paths[route.path], [route.method]: operation };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Intake API',
      version: '1.0.0',
      description:
        'Document extraction: extractors, jobs, API keys, webhooks and email ingestion. Every error body is ' +
        '{"error": {"code", "message", "status"}}. Authenticated responses carry X-RateLimit-Limit, ' +
        'X-RateLimit-Remaining and X-RateLimit-Reset (Unix time in seconds when the one-minute window ends).',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'sk_test_... or sk_live_...' } },
    },
    paths,
  });
}
