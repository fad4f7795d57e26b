import type { Environment, JobRecord } from '@intake/core';
import { type InboundMailService } from '@intake/core/email';
import { type JobStore } from '@intake/core/ports';
import { parseInput } from '@intake/core/shared';
import { DecodedTestSchema, EmailIngestionTestSchema } from './schemas/email-ingestion-test.schemas.js';

/** What `POST /api/email-ingestion/test` needs beside the inbound mail service (and the review queue: `onJobCreated`). */
export interface PrefixTestEndpoint {
  jobs: Pick<JobStore, 'get'>;
  /** How long to wait for the job's extraction before answering (TEST_EXTRACTION_WAIT_MS; 0: do not wait). */
  waitForExtractionMs: number;
  /** Called once the job is queued (wakes the job workers). */
  onJobCreated?: (() => void) | undefined;
}

/** The job's result as the test endpoint shows it. */
export interface TestExtraction {
  job_id: string;
  status: string;
  extracted_data: Record<string, unknown> | null;
  confidence: Record<string, number> | null;
  needs_review: boolean;
  validation_errors: unknown[];
  error_details: unknown;
  /** True when the job waits for credits (a live job of an organization without enough). */
  blocked_on_credits: boolean;
}

/** The answer of `POST /api/email-ingestion/test`. */
export type EmailIngestionTestResult = Awaited<ReturnType<InboundMailService['test']>> & {
  /**
   * Without simulateOnly, when a job was created: its outcome, waited for up to the server's limit
   * (status `queued` or `processing` when it had not finished by then; poll the job). Null otherwise.
   */
  extraction: TestExtraction | null;
};

/**
 * `POST /api/email-ingestion/test`: one document through a prefix's steps (core's PrefixTestRun);
 * without simulateOnly, the job it created as it was when it finished or when the wait passed,
 * with the final routing and duplicate verdicts when the extraction finished within it.
 */
export async function testPrefix(
  svc: InboundMailService,
  endpoint: PrefixTestEndpoint,
  auth: { orgId: string; environment: Environment },
  body: unknown,
  document: Uint8Array | undefined,
): Promise<EmailIngestionTestResult> {
  // Without a decoded document the body has no base64 `testDocument`: the full schema says so.
  const input = document ? parseInput(DecodedTestSchema, body) : parseInput(EmailIngestionTestSchema, body);
  const result = await svc.test(auth.orgId, auth.environment, { ...input, document: document ?? new Uint8Array() });
  if (!result.jobId) return { ...result, extraction: null };
  endpoint.onJobCreated?.();
  const job = await waitForJob(endpoint.jobs, auth, result.jobId, endpoint.waitForExtractionMs);
  if (!job) return { ...result, extraction: null };
  const extraction: TestExtraction = {
    job_id: job.id,
    status: job.status,
    extracted_data: job.extracted_data,
    confidence: job.confidence,
    needs_review: job.needs_review,
    validation_errors: job.validation_errors,
    error_details: job.error_details,
    blocked_on_credits: job.blocked_on_credits,
  };
  return {
    ...result,
    routing: job.routing?.decision ?? result.routing,
    duplicate: job.duplicate?.verdict ?? result.duplicate,
    extraction,
  };
}

/** The job once it has finished, or as it is when `waitMs` has passed. */
async function waitForJob(
  jobs: Pick<JobStore, 'get'>,
  auth: { orgId: string; environment: Environment },
  jobId: string,
  waitMs: number,
): Promise<JobRecord | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const job = await jobs.get(auth.orgId, auth.environment, jobId);
    if (
      !job ||
      job.status === 'completed' ||
      job.status === 'failed' ||
      job.blocked_on_credits ||
      Date.now() >= deadline
    )
      return job;
    // Polled in the store: the job workers record the result in a transaction of their own.
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, Math.max(1, deadline - Date.now()))));
  }
}
