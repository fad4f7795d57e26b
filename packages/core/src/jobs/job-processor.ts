import { DocumentError } from '../shared/document-error.js';
import { coerceError } from '../shared/errors.js';
import type { IdGenerator } from '../shared/ids.js';
import type { BlobStore } from '../ports/blob-store.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { DocumentExtractor, ExtractionOutcome } from '../ports/document-extractor.port.js';
import type { ExtractionStores, TransactionRunner } from '../ports/intake-stores.port.js';
import type { Metrics } from '../ports/metrics.port.js';
import type { CreditService } from '../credits/index.js';
import { jobCompletedData, jobFailedData } from './job-events.js';
import type { ErrorDetails, JobRecord } from './job.js';
import type { CompletionDecision, CompletionFields, JobHooks, TimeLimit } from './job-hooks.js';
import { simulateExtraction } from './simulator.js';

export interface ProcessorOptions {
  /** How long a claim lasts without a heartbeat; a crashed worker's jobs return after it. */
  leaseMs: number;
  /** Attempts before a job fails with temporary_error. */
  maxAttempts: number;
  /** PROCESSING_TIMEOUT_MS: one attempt's limit. */
  timeoutMs: number;
}

export interface ProcessorDeps {
  stores: Pick<ExtractionStores, 'jobs'>;
  transaction: TransactionRunner<ExtractionStores>;
  /** What other contexts do when a job ends (see JobHooks); run in order. */
  hooks: readonly JobHooks<ExtractionStores>[];
  blobs: BlobStore;
  /** Live jobs; test-key jobs use the simulator. */
  extractor: DocumentExtractor;
  credits: CreditService;
  clock: Clock;
  ids: IdGenerator;
  options: ProcessorOptions;
  /** Told about unexpected errors (their details never reach the job). */
  onUnexpectedError?: (error: Error, jobId: string) => void;
  /** Told of every job recorded completed or failed, once its transaction has committed. */
  metrics?: Metrics;
}

/** What one call of the processor did: nothing to do, or which job it completed, failed, left for a retry or lost. */
export type ProcessOutcome =
  | { kind: 'idle' }
  | { kind: 'completed'; jobId: string }
  | { kind: 'failed'; jobId: string; code: string }
  | { kind: 'retry'; jobId: string }
  | { kind: 'lost_lease'; jobId: string };

/** An attempt ran out of time: `limitMs` was its limit, `setting` the setting that decided it. */
class Timeout extends Error {
  constructor(
    readonly limitMs: number,
    readonly setting: string,
  ) {
    super(`no result within ${limitMs} ms`);
  }
}

/** Runs queued jobs: one `runNext` call claims and finishes (or gives back) at most one job. */
export class JobProcessor {
  constructor(private readonly deps: ProcessorDeps) {}

  /** Fails jobs whose workers died on their last allowed attempt. */
  async reapExhausted(): Promise<number> {
    const { stores, clock, options } = this.deps;
    const stuck = await stores.jobs.findExhausted(clock.now().toISOString(), options.maxAttempts, 50);
    let failed = 0;
    for (const job of stuck) {
      const details: ErrorDetails = {
        code: 'temporary_error',
        message: `Processing was interrupted ${job.attempts} times`,
        suggestion: 'Resubmit the document; temporary errors are safe to retry.',
      };
      if (await this.fail(job, null, details, null)) failed++;
    }
    return failed;
  }

  async runNext(workerId: string): Promise<ProcessOutcome> {
    const { stores, clock, options } = this.deps;
    const job = await stores.jobs.claim({
      workerId,
      now: clock.now(),
      leaseMs: options.leaseMs,
      maxAttempts: options.maxAttempts,
    });
    if (!job) return { kind: 'idle' };
    const started = clock.now().getTime();
    const heartbeat = setInterval(
      () => {
        const until = new Date(clock.now().getTime() + options.leaseMs).toISOString();
        stores.jobs.extendLease(job.id, workerId, until).catch(() => {});
      },
      Math.max(50, Math.floor(options.leaseMs / 3)),
    );
    heartbeat.unref?.();
    try {
      const outcome = await this.extractWithTimeout(job);
      return await this.complete(job, workerId, outcome, clock.now().getTime() - started);
    } catch (thrown) {
      return await this.handleFailure(job, workerId, thrown, clock.now().getTime() - started);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async extractWithTimeout(job: JobRecord): Promise<ExtractionOutcome> {
    if (job.environment === 'test')
      return simulateExtraction(job.id, job.field_definitions, job.metadata, job.page_count);
    const limit = await this.timeLimit(job);
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const timeout = new Timeout(limit.ms, limit.setting);
        controller.abort(timeout);
        reject(timeout);
      }, limit.ms);
    });
    // The limit may pass before the race below listens (the stored document still loading): the
    // race still sees the rejection, and the process never takes it for one nobody handled.
    expired.catch(() => {});
    try {
      const bytes = await this.deps.blobs.get(job.blob_key);
      if (!bytes)
        throw new DocumentError('document_unreadable', 'The stored document is missing', 'Resubmit the document.');
      const work = this.deps.extractor.extract({
        bytes,
        mimeType: job.mime_type,
        documentType: job.document_type,
        fieldDefinitions: job.field_definitions,
        signal: controller.signal,
        orgId: job.org_id,
        environment: job.environment,
        receivedAt: new Date(job.created_at),
      });
      return await Promise.race([work, expired]);
    } catch (error) {
      // Work that stops at the abort with its own error (before `expired` settles) still timed out.
      if (controller.signal.reason instanceof Timeout) throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** PROCESSING_TIMEOUT_MS, or a hook's shorter limit for this job (an email prefix's). */
  private async timeLimit(job: JobRecord): Promise<TimeLimit> {
    let limit: TimeLimit = { ms: this.deps.options.timeoutMs, setting: 'PROCESSING_TIMEOUT_MS' };
    for (const hook of this.deps.hooks) {
      const shorter = await hook.timeLimit?.(job);
      if (shorter && shorter.ms < limit.ms) limit = shorter;
    }
    return limit;
  }

  /** The hooks' fields for a completed job, or the first failure one of them decides. */
  private async beforeComplete(job: JobRecord, outcome: ExtractionOutcome): Promise<CompletionDecision> {
    let fields: CompletionFields = {};
    for (const hook of this.deps.hooks) {
      if (!hook.beforeComplete) continue;
      const decision = await hook.beforeComplete(job, outcome.extracted_data, outcome);
      if (decision.kind === 'fail') return decision;
      fields = {
        ...fields,
        ...decision.fields,
        needs_review: Boolean(fields.needs_review) || Boolean(decision.fields.needs_review),
      };
    }
    return { kind: 'complete', fields };
  }

  /**
   * Records the result. A reprocessing (reprocess_requested_at) is not charged again (the job keeps
   * the cost of its first result), counts no new use of the extractor, and runs no hooks: the
   * routing, duplicate verdict, prefix events and ERP push of the first processing stand.
   */
  private async complete(
    job: JobRecord,
    workerId: string,
    outcome: ExtractionOutcome,
    elapsedMs: number,
  ): Promise<ProcessOutcome> {
    const { transaction, credits, clock, ids } = this.deps;
    const at = clock.now().toISOString();
    const again = Boolean(job.reprocess_requested_at);
    const decided: CompletionDecision = again
      ? { kind: 'complete', fields: {} }
      : await this.beforeComplete(job, outcome);
    if (decided.kind === 'fail') {
      const failed = await this.fail(job, workerId, decided.details, elapsedMs, decided.fields.duplicate);
      return failed
        ? { kind: 'failed', jobId: job.id, code: decided.details.code }
        : { kind: 'lost_lease', jobId: job.id };
    }
    const { needs_review: flagged, ...fields } = decided.fields;
    // The per-page price the job was submitted at (0 for test keys), times the pages really read.
    const cost = again
      ? job.cost_credits
      : Math.round((job.estimated_cost / Math.max(1, job.page_count)) * outcome.page_count);
    const scores = Object.values(outcome.confidence);
    const done = await transaction(async (tx) => {
      const finished = await tx.jobs.markCompleted(job.id, workerId, {
        extracted_data: outcome.extracted_data,
        confidence: outcome.confidence,
        overall_confidence: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
        validation_errors: outcome.validation_errors,
        // Flagged at submission (an uncertain email classification) stays flagged.
        needs_review: outcome.needs_review || job.needs_review || Boolean(flagged),
        page_count: outcome.page_count,
        ...(outcome.field_locations ? { field_locations: outcome.field_locations } : {}),
        ...(outcome.document_text !== undefined ? { document_text: outcome.document_text } : {}),
        payment_details: outcome.payment_details ?? null,
        processing_time_ms: elapsedMs,
        cost_credits: cost,
        completed_at: at,
        ...fields,
      });
      if (!finished) return null;
      if (!again) {
        await tx.extractors.incrementUsage(job.org_id, job.extractor_id, job.environment);
        await credits.chargeJob(tx, job.org_id, job.id, cost, at);
      }
      await tx.outbox.add({
        id: ids('evt'),
        org_id: job.org_id,
        environment: job.environment,
        event: 'job.completed',
        data: jobCompletedData(finished),
        created_at: at,
      });
      if (!again) await this.onFinished(tx, finished, at);
      return finished;
    });
    if (done) this.deps.metrics?.jobFinished?.(done);
    return done ? { kind: 'completed', jobId: job.id } : { kind: 'lost_lease', jobId: job.id };
  }

  private async onFinished(tx: ExtractionStores, job: JobRecord, at: string): Promise<void> {
    for (const hook of this.deps.hooks) await hook.onFinished?.(tx, job, at);
  }

  private async handleFailure(
    job: JobRecord,
    workerId: string,
    thrown: unknown,
    elapsedMs: number,
  ): Promise<ProcessOutcome> {
    if (thrown instanceof Timeout) {
      const seconds = Math.round(thrown.limitMs / 100) / 10;
      const details: ErrorDetails = {
        code: 'processing_timeout',
        message: `Processing took longer than ${seconds} s (${thrown.setting}) and was stopped`,
        suggestion: 'Resubmit the document; if it fails again, send a smaller or clearer file.',
      };
      return (await this.fail(job, workerId, details, elapsedMs))
        ? { kind: 'failed', jobId: job.id, code: details.code }
        : { kind: 'lost_lease', jobId: job.id };
    }
    const simulated = job.environment === 'test' && thrown instanceof DocumentError;
    if (thrown instanceof DocumentError && (!thrown.retryable || simulated)) {
      const details: ErrorDetails = { code: thrown.code, message: thrown.message, suggestion: thrown.suggestion };
      return (await this.fail(job, workerId, details, elapsedMs))
        ? { kind: 'failed', jobId: job.id, code: thrown.code }
        : { kind: 'lost_lease', jobId: job.id };
    }
    if (!(thrown instanceof DocumentError)) this.deps.onUnexpectedError?.(coerceError(thrown), job.id);
    if (job.attempts < this.deps.options.maxAttempts) {
      return (await this.deps.stores.jobs.release(job.id, workerId))
        ? { kind: 'retry', jobId: job.id }
        : { kind: 'lost_lease', jobId: job.id };
    }
    const details: ErrorDetails =
      thrown instanceof DocumentError
        ? { code: thrown.code, message: thrown.message, suggestion: thrown.suggestion }
        : {
            code: 'temporary_error',
            message: `Processing failed ${job.attempts} times`,
            suggestion: 'Resubmit the document; temporary errors are safe to retry.',
          };
    return (await this.fail(job, workerId, details, elapsedMs))
      ? { kind: 'failed', jobId: job.id, code: details.code }
      : { kind: 'lost_lease', jobId: job.id };
  }

  private async fail(
    job: JobRecord,
    workerId: string | null,
    details: ErrorDetails,
    elapsedMs: number | null,
    duplicate?: JobRecord['duplicate'],
  ): Promise<boolean> {
    const at = this.deps.clock.now().toISOString();
    const recorded = await this.deps.transaction(async (tx) => {
      const failed = await tx.jobs.markFailed(
        job.id,
        workerId,
        { error_details: details, processing_time_ms: elapsedMs, failed_at: at, ...(duplicate ? { duplicate } : {}) },
        at,
      );
      if (!failed) return null;
      await tx.outbox.add({
        id: this.deps.ids('evt'),
        org_id: job.org_id,
        environment: job.environment,
        event: 'job.failed',
        data: jobFailedData(failed),
        created_at: at,
      });
      if (!job.reprocess_requested_at) await this.onFinished(tx, failed, at);
      return failed;
    });
    if (recorded) this.deps.metrics?.jobFinished?.(recorded);
    return recorded !== null;
  }
}
