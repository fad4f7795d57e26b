import type { Intake } from '../intake.js';
import type { BlobStore } from '../ports/blob-store.port.js';
import type { DocumentExtractor } from '../ports/document-extractor.port.js';
import type { DocumentReader } from '../ports/document-reader.port.js';
import { JobProcessor, type ProcessorOptions } from './job-processor.js';
import { JobSubmissionService } from './job-submission.js';

export interface JobPipelineOptions extends ProcessorOptions {
  maxDocumentBytes: number;
  /** See SubmissionOptions.maxPagesPerDocument; pass the reader's DocumentLimits.maxPages. */
  maxPagesPerDocument?: number;
}

export interface JobPipelineDeps {
  blobs: BlobStore;
  /** Counts pages at submission. */
  inspector: Pick<DocumentReader, 'inspect'>;
  /** Runs live jobs. */
  extractor: DocumentExtractor;
  options: JobPipelineOptions;
  onUnexpectedError?: (error: Error, jobId: string) => void;
  /** See SubmissionDeps.syncCommitted. */
  syncCommitted?: () => Promise<void>;
}

export interface JobPipeline {
  submissions: JobSubmissionService;
  processor: JobProcessor;
  blobs: BlobStore;
}

/** Submission and processing of documents, on top of Intake's services. */
export function createJobPipeline(intake: Intake, deps: JobPipelineDeps): JobPipeline {
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
        ...(deps.options.maxPagesPerDocument !== undefined ? { maxPagesPerDocument: deps.options.maxPagesPerDocument } : {}),
      },
      ...(deps.syncCommitted ? { syncCommitted: deps.syncCommitted } : {}),
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
    }),
  };
}
