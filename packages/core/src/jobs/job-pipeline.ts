import type { ExtractionServices } from '../intake.js';
import type { ExtractionStores } from '../ports/intake-stores.port.js';
import type { BlobStore } from '../ports/blob-store.port.js';
import type { DocumentExtractor } from '../ports/document-extractor.port.js';
import type { DocumentReader } from '../ports/document-reader.port.js';
import type { Metrics } from '../ports/metrics.port.js';
import { JobProcessor, type ProcessorOptions } from './job-processor.js';
import { JobSubmissionService } from './job-submission.js';

/** The pipeline's limits: the largest document and page count it takes, and the processor's lease, attempts and timeout. */
export interface JobPipelineOptions extends ProcessorOptions {
  /** The largest document accepted at submission, in bytes (MAX_ATTACHMENT_SIZE_MB). */
  maxDocumentBytes: number;
  /** See SubmissionOptions.maxPagesPerDocument; pass the reader's DocumentLimits.maxPages. */
  maxPagesPerDocument?: number;
}

/** What createJobPipeline needs besides an Intake: where files go, how pages are counted and how live jobs are read. */
export interface JobPipelineDeps {
  blobs: BlobStore;
  /** Counts pages at submission. */
  inspector: Pick<DocumentReader, 'inspect'>;
  /** Runs live jobs. */
  extractor: DocumentExtractor;
  options: JobPipelineOptions;
  /** Told about errors that are not DocumentErrors (a bug or an outage); the job fails without their details. */
  onUnexpectedError?: (error: Error, jobId: string) => void;
  /** See SubmissionDeps.syncCommitted. */
  syncCommitted?: () => Promise<void>;
  /** Told of jobs created and finished (see Metrics); default: nobody. */
  metrics?: Metrics;
}

/** Documents in, results out: submissions queue jobs durably, the processor claims and runs them. */
export interface JobPipeline {
  /** Checks and stores a document and queues its job (idempotently). */
  submissions: JobSubmissionService;
  /** Claims queued jobs, extracts and completes or fails them; run it from workers. */
  processor: JobProcessor;
  /** Where the documents are kept. */
  blobs: BlobStore;
}

/**
 * Submission and processing of documents, on top of Intake's services: those of the extraction
 * bundle are enough (an Intake over any set of stores).
 */
export function createJobPipeline(intake: ExtractionServices<ExtractionStores>, deps: JobPipelineDeps): JobPipeline {
  const { stores, clock, ids } = intake;
  return {
    blobs: deps.blobs,
    submissions: new JobSubmissionService({
      stores,
      blobs: deps.blobs,
      inspector: deps.inspector,
      clock,
      ids,
      options: {
        maxDocumentBytes: deps.options.maxDocumentBytes,
        creditsPerPage: intake.creditsPerPage,
        ...(deps.options.maxPagesPerDocument !== undefined
          ? { maxPagesPerDocument: deps.options.maxPagesPerDocument }
          : {}),
      },
      ...(deps.syncCommitted ? { syncCommitted: deps.syncCommitted } : {}),
      ...(deps.metrics ? { metrics: deps.metrics } : {}),
    }),
    processor: new JobProcessor({
      stores,
      transaction: stores.transaction,
      blobs: deps.blobs,
      extractor: deps.extractor,
      credits: intake.credits,
      hooks: intake.jobHooks,
      clock,
      ids,
      options: deps.options,
      ...(deps.onUnexpectedError ? { onUnexpectedError: deps.onUnexpectedError } : {}),
      ...(deps.metrics ? { metrics: deps.metrics } : {}),
    }),
  };
}
