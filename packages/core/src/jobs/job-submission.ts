import { createHash } from 'node:crypto';
import { AppError, notFound } from '../shared/errors.js';
import type { IdGenerator } from '../shared/ids.js';
import { parseInput } from '../shared/validation.js';
import type { AuthContext } from '../keys/index.js';
import { stageBlob, type BlobStore } from '../ports/blob-store.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { DocumentReader } from '../ports/document-reader.port.js';
import type { ExtractionStores } from '../ports/extraction-stores.port.js';
import type { Metrics } from '../ports/metrics.port.js';
import type { JobRecord } from './job.js';
import type { ReviewReason } from './review-reasons.js';
import { MetadataSchema } from './job.schema.js';
import { normalizeMimeType, sniffMimeType, SUPPORTED_MIME_TYPES } from './media-types.js';

export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

export interface SubmissionOptions {
  maxDocumentBytes: number;
  creditsPerPage: number;
  /**
   * MAX_PAGES_PER_DOCUMENT: a longer document is refused here, from its inspected page count, before
   * it is stored or priced (a live job would otherwise wait for credits it should never spend).
   * The reader checks it again, with the pixel limits, before it renders anything.
   */
  maxPagesPerDocument?: number;
}

export interface SubmissionDeps {
  stores: Pick<ExtractionStores, 'extractors' | 'jobs'>;
  blobs: BlobStore;
  /** Page counts at submission (the cost of a live job is known before it runs). */
  inspector: Pick<DocumentReader, 'inspect'>;
  clock: Clock;
  ids: IdGenerator;
  options: SubmissionOptions;
  /**
   * Makes every commit so far durable on disk, where a commit alone is not (PGlite: see
   * @intake/storage-sql's syncToDisk). A submission resolves only after it, and after its file's sync.
   */
  syncCommitted?: () => Promise<void>;
  /** Told of every job created (see Metrics). */
  metrics?: Metrics;
}

/** A document as it arrived, whatever the transport (JSON, multipart, email). */
export interface IncomingDocument {
  extractor_id: unknown;
  bytes: Uint8Array;
  declaredMimeType: string | undefined;
  metadata: unknown;
  idempotencyKey?: string;
  /** Queue priority; higher runs first (email routing sets it). */
  priority?: number;
  /** Flags the job for review from the start (an uncertain classification); extraction can only add to it. */
  needsReview?: boolean;
  /** Why it is flagged on arrival (kept as the job's review_flags; any flags the job for review). */
  reviewFlags?: ReviewReason[];
  /** Email jobs: the prefix's routing. */
  routing?: NonNullable<JobRecord['routing']>;
  /** Email jobs: duplicate settings, and a verdict found on arrival. */
  duplicate?: NonNullable<JobRecord['duplicate']>;
}

export type SubmissionResult = { job: JobRecord; replayed: boolean };

/** Checks a submission completely, stores the original and queues the job. Bad input creates nothing. */
export class JobSubmissionService {
  constructor(private readonly deps: SubmissionDeps) {}

  async submit(auth: AuthContext, input: IncomingDocument): Promise<SubmissionResult> {
    const { options, stores } = this.deps;
    if (typeof input.extractor_id !== 'string' || input.extractor_id === '') {
      throw new AppError('invalid_request', 'extractor_id is required', {
        details: [{ path: 'extractor_id', message: 'required' }],
      });
    }
    const metadata = input.metadata === undefined ? {} : parseInput(MetadataSchema, input.metadata, 'metadata');
    const extractor = await this.activeExtractor(auth.orgId, input.extractor_id);
    const mimeType = this.checkDocument(input);
    const pageCount = await this.pageCount(input.bytes);
    const now = this.deps.clock.now();
    // The file is stored (readable) before the row names it; its sync overlaps the commit's.
    const staged = await stageBlob(this.deps.blobs, input.bytes);
    const job: JobRecord = {
      id: this.deps.ids('job'),
      org_id: auth.orgId,
      extractor_id: extractor.id,
      extractor_name: extractor.name,
      document_type: extractor.document_type,
      field_definitions: extractor.field_definitions,
      environment: auth.environment,
      status: 'queued',
      priority: input.priority ?? 0,
      blob_key: staged.key,
      mime_type: mimeType,
      size_bytes: input.bytes.length,
      page_count: pageCount,
      estimated_cost: auth.environment === 'live' ? pageCount * options.creditsPerPage : 0,
      reserved_credits: 0,
      metadata,
      extracted_data: null,
      confidence: null,
      overall_confidence: null,
      validation_errors: [],
      needs_review: Boolean(input.needsReview) || Boolean(input.reviewFlags?.length),
      ...(input.reviewFlags?.length ? { review_flags: input.reviewFlags } : {}),
      processing_time_ms: null,
      cost_credits: 0,
      error_details: null,
      attempts: 0,
      lease_owner: null,
      lease_expires_at: null,
      blocked_on_credits: false,
      created_at: now.toISOString(),
      started_at: null,
      completed_at: null,
      failed_at: null,
      ...(input.routing ? { routing: input.routing } : {}),
      ...(input.duplicate ? { duplicate: input.duplicate } : {}),
    };
    const idempotency = input.idempotencyKey
      ? {
          key: input.idempotencyKey,
          requestHash: requestHash(extractor.id, mimeType, input.bytes, metadata),
          notBefore: new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString(),
        }
      : undefined;
    const result = await stores.jobs.insert(job, idempotency);
    if (result.outcome === 'idempotency_conflict') {
      throw new AppError('conflict', 'This Idempotency-Key was used in the last 24 hours with a different request');
    }
    // Durable before the caller hears of it: the file and the job's row (a replay's too).
    await Promise.all([staged.sync(), this.deps.syncCommitted?.()]);
    if (result.outcome === 'created') this.deps.metrics?.jobCreated?.(result.job);
    return { job: result.job, replayed: result.outcome === 'replayed' };
  }

  /** The extractor documents are submitted to: it must exist, undeleted and active. */
  private async activeExtractor(orgId: string, id: string) {
    const extractor = await this.deps.stores.extractors.getIncludingDeleted(orgId, id);
    if (!extractor) throw notFound('Extractor', id);
    if (extractor.deleted || !extractor.is_active) {
      throw new AppError(
        'extractor_inactive',
        `Extractor ${extractor.id} is ${extractor.deleted ? 'deleted' : 'inactive'}; documents cannot be submitted to it`,
      );
    }
    return extractor;
  }

  /** The document's pages (at least 1), within MAX_PAGES_PER_DOCUMENT. */
  private async pageCount(bytes: Uint8Array): Promise<number> {
    const inspection = await this.deps.inspector.inspect(bytes);
    const pageCount = Math.max(1, inspection.pageCount);
    const maxPages = this.deps.options.maxPagesPerDocument;
    if (maxPages !== undefined && pageCount > maxPages) {
      throw new AppError(
        'document_too_large',
        `The document has ${pageCount} pages; the limit is ${maxPages} pages per document (MAX_PAGES_PER_DOCUMENT)`,
        {
          details: [{ path: 'document', message: `more than ${maxPages} pages` }],
        },
      );
    }
    return pageCount;
  }

  /** Declared type supported and matching the magic bytes, size within the limit. */
  private checkDocument(input: IncomingDocument): string {
    const { maxDocumentBytes } = this.deps.options;
    if (input.bytes.length === 0) throw new AppError('invalid_request', 'The document is empty');
    if (input.bytes.length > maxDocumentBytes) {
      throw new AppError(
        'document_too_large',
        `The document is ${input.bytes.length} bytes; the limit is ${maxDocumentBytes} bytes (${Math.floor(maxDocumentBytes / 1_048_576)} MB)`,
      );
    }
    const supported = SUPPORTED_MIME_TYPES.join(', ');
    const declared = input.declaredMimeType ? normalizeMimeType(input.declaredMimeType) : null;
    if (input.declaredMimeType && !declared) {
      throw new AppError(
        'unsupported_media_type',
        `mime_type ${input.declaredMimeType} is not supported; send one of ${supported}`,
      );
    }
    const actual = sniffMimeType(input.bytes);
    if (!actual)
      throw new AppError(
        'unsupported_media_type',
        `The file is none of ${supported} (decided by its content, not its name or declared type)`,
      );
    if (declared && declared !== actual) {
      throw new AppError('unsupported_media_type', `mime_type says ${declared} but the file's content is ${actual}`);
    }
    return actual;
  }
}

/** Same extractor, same bytes, same metadata: the same request. */
function requestHash(extractorId: string, mimeType: string, bytes: Uint8Array, metadata: unknown): string {
  return createHash('sha256')
    .update(extractorId)
    .update('\0')
    .update(mimeType)
    .update('\0')
    .update(bytes)
    .update('\0')
    .update(JSON.stringify(metadata))
    .digest('hex');
}
