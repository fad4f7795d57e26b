import { z } from 'zod';
import type { AuthContext, Intake, Scope } from '@intake/core';
import { toJobResource, type DocumentLinks } from '@intake/core/jobs';
import { requireScope } from '@intake/core/keys';
import type { InboundMailService } from '@intake/core/email';
import { httpStatusOf } from '../error-status.js';
import { authErrors, ErrorBodySchema } from './common.schemas.js';
import { BalanceSchema } from './credits.routes.js';
import { DayCountsSchema } from './documents.routes.js';
import { defineRoute, type RouteDef } from './route.js';
import { JobSchema, JobStatsSchema } from '../schemas/jobs.schemas.js';

export interface OverviewRouteDeps {
  intake: Intake;
  links: DocumentLinks;
  /** Mail in (left out, `classification_items` is 0: there is no review queue). */
  inboundMail?: InboundMailService;
}

/** How many recent failures and days of counts the overview carries. */
const RECENT_FAILURES = 5;
const DAYS = 30;

const OverviewSchema = z
  .object({
    last_24h: JobStatsSchema,
    last_30d: JobStatsSchema,
    daily: z.array(DayCountsSchema).describe('Completed and failed jobs per UTC day, the last 30 days, oldest first'),
    recent_failures: z.array(JobSchema).describe('The five newest failed jobs'),
    credits: z
      .union([BalanceSchema, ErrorBodySchema])
      .describe('The balance, or the error GET /v1/credits/balance gives a key without credits:read'),
    pending_reviews: z
      .object({
        total: z.number().int().describe('documents_to_review plus classification_items (those the key may read)'),
        documents_to_review: z
          .number()
          .int()
          .describe('Completed jobs that need review (GET /v1/documents?status=completed&needs_review=true)'),
        classification_items: z
          .number()
          .int()
          .nullable()
          .describe('Pending email classification review items; null for a key without email_ingestion:read'),
      })
      .describe('What waits for a person: documents to review and email classification items'),
  })
  .meta({ id: 'Overview' });

/**
 * A part the key may not read is the error its own endpoint would answer (so a read-only key
 * still gets the rest in one request, and the dashboard shows that error in place).
 */
async function part<T>(
  auth: AuthContext,
  scope: Scope,
  read: () => Promise<T>,
): Promise<T | z.infer<typeof ErrorBodySchema>> {
  try {
    requireScope(auth, scope);
  } catch (err) {
    const e = err as { code: 'insufficient_permissions'; message: string };
    return { error: { code: e.code, message: e.message, status: httpStatusOf(e.code) } };
  }
  return read();
}

/** Documents to review (the route's documents:read covers them) and, with email_ingestion:read, classification items. */
async function pendingReviews(deps: OverviewRouteDeps, auth: AuthContext) {
  const { orgId, environment } = auth;
  const documents = await deps.intake.jobs.list(
    orgId,
    environment,
    { status: 'completed', needs_review: true },
    { limit: 1, offset: 0 },
  );
  const items = await part(auth, 'email_ingestion:read', async () =>
    deps.inboundMail
      ? (await deps.inboundMail.triage.list(orgId, environment, { status: 'pending' }, { limit: 1, offset: 0 })).total
      : 0,
  );
  const classification = typeof items === 'number' ? items : null;
  return {
    total: documents.total + (classification ?? 0),
    documents_to_review: documents.total,
    classification_items: classification,
  };
}

/** `GET /v1/overview`: what the dashboard's first screen shows, in one request instead of six. */
export function overviewRoutes(deps: OverviewRouteDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/overview',
      summary:
        'Stats of the last 24 hours and 30 days, jobs per day, the newest failures, the credit balance and what waits for review (documents and email items), in one answer',
      tag: 'documents',
      scope: 'documents:read',
      responses: { 200: { description: 'The overview', schema: OverviewSchema }, ...authErrors },
      handler: async ({ auth }) => {
        const { orgId, environment } = auth;
        const jobs = deps.intake.jobs;
        const now = deps.intake.clock.now();
        const [last24h, last30d, daily, failures, credits, reviews] = await Promise.all([
          jobs.stats(orgId, environment, '24h'),
          jobs.stats(orgId, environment, '30d'),
          jobs.daily(orgId, environment, DAYS),
          jobs.list(orgId, environment, { status: 'failed' }, { limit: RECENT_FAILURES, offset: 0 }),
          part(auth, 'credits:read', () => deps.intake.credits.balance(orgId, environment)),
          pendingReviews(deps, auth),
        ]);
        return {
          status: 200,
          body: {
            last_24h: last24h,
            last_30d: last30d,
            daily,
            recent_failures: failures.items.map((job) =>
              toJobResource(job, deps.links.urlFor(job.org_id, job.id, now)),
            ),
            credits,
            pending_reviews: reviews,
          },
        };
      },
    }),
  ];
}
