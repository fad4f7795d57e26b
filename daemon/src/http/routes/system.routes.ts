import { z } from 'zod';
import { AppError } from '@intake/core';
import { ErrorBodySchema } from './common.schemas.js';
import { defineRoute, type RouteDef } from './route.js';

export interface SystemDeps {
  /** Resolves when the database answers. */
  ping(): Promise<void>;
  /** WORKER_CONCURRENCY: this daemon's job workers (0: it queues jobs and claims none). */
  jobWorkers: number;
  /** The OpenAPI document; computed once, on first request. */
  openapi(): Promise<unknown>;
}

const Health = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
const Ready = z
  .object({
    status: z.literal('ok'),
    job_workers: z
      .number()
      .int()
      .describe('Jobs this daemon runs at once (WORKER_CONCURRENCY); 0: it queues jobs and claims none'),
  })
  .meta({ id: 'Ready' });

export function systemRoutes(deps: SystemDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: '/healthz',
      summary: 'Liveness: the process answers',
      tag: 'system',
      responses: { 200: { description: 'Alive', schema: Health } },
      handler: () => Promise.resolve({ status: 200, body: { status: 'ok' } }),
    }),
    defineRoute({
      method: 'get',
      path: '/readyz',
      summary: 'Readiness: the database answers',
      tag: 'system',
      responses: {
        200: { description: 'Ready', schema: Ready },
        503: { description: 'service_unavailable', schema: ErrorBodySchema },
      },
      handler: async () => {
        try {
          await deps.ping();
        } catch (cause) {
          throw new AppError('service_unavailable', 'The database does not answer', { retryable: true, cause });
        }
        return { status: 200, body: { status: 'ok', job_workers: deps.jobWorkers } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/openapi.json',
      summary: 'This API, described in OpenAPI 3.1',
      tag: 'system',
      responses: { 200: { description: 'The OpenAPI document' } },
      handler: async () => ({ status: 200, body: await deps.openapi() }),
    }),
  ];
}
