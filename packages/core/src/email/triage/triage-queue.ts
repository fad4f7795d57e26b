import { z } from 'zod';
import { AppError, invalidRequest, notFound } from '../../shared/errors.js';
import type { Environment } from '../../keys/index.js';
import { parseInput } from '../../shared/validation.js';
import {
  type InboundMailDeps,
  type AttachmentPipeline,
  type AttachmentClassification,
  type InboundMessageRecord,
  documentClassifiedData,
  senderDomain,
} from '../inbound/index.js';
import {
  resolveExtractorFor,
  EmailIngestionConfigInputSchema,
  prefixEvent,
  prefixSubscribes,
  type EmailIngestionConfig,
  type StoredEmailIngestionConfig,
} from '../prefixes/index.js';
import { duplicateSettingsOf, settingsOnly } from '../duplicates/index.js';
import { jobRouting } from '../routing/index.js';
import type { TriageItemRecord, TriageStatus } from './triage-item.js';

const DocumentTypeName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be a lowercase snake_case document type');
/** Body of POST /api/email-ingestion/review/{review_id}/resolve: the type to process the document as, or a rejection. */
export const ResolveTriageSchema = z
  .union([z.strictObject({ documentType: DocumentTypeName }), z.strictObject({ reject: z.literal(true) })])
  .meta({
    id: 'ResolveReviewRequest',
    description: '{"documentType": "..."} to process the document as that type, or {"reject": true}',
  });

export type TriageQueueDeps = Pick<InboundMailDeps, 'stores' | 'blobs' | 'classifier' | 'clock' | 'ids'> & {
  /** The steps a resolved document continues through, as if it had just arrived. */
  pipeline: Pick<AttachmentPipeline, 'submitUnit' | 'classificationContext'>;
};

/**
 * The triage queue: email attachments the classifier was unsure of, until a person says what each
 * is. The API and the tables keep their first name, "review" (`/api/email-ingestion/review`,
 * `review_items`); the person's workspace for completed jobs is the review of `corrections/`.
 */
export class TriageQueue {
  constructor(private readonly deps: TriageQueueDeps) {}

  /** The mode's triage queue, oldest first; pending items unless another status is asked for. */
  async list(
    orgId: string,
    mode: Environment,
    filter: { status?: TriageStatus; prefix?: string },
    page: { limit: number; offset: number },
  ) {
    return this.deps.stores.triageItems.list(
      orgId,
      mode,
      { status: filter.status ?? 'pending', ...(filter.prefix ? { prefix: filter.prefix.toLowerCase() } : {}) },
      page,
    );
  }

  /**
   * A person decides: `{"documentType": ...}` continues the pipeline (the job is created for that
   * type's extractor) and teaches the classifier; `{"reject": true}` drops the document. Only items
   * of the reviewer's mode are found, and the job is made in that mode.
   */
  async resolve(
    orgId: string,
    mode: Environment,
    resolvedBy: string,
    id: string,
    rawInput: unknown,
  ): Promise<TriageItemRecord> {
    const input = parseInput(ResolveTriageSchema, rawInput);
    const { stores, clock } = this.deps;
    const item = await stores.triageItems.get(orgId, mode, id);
    if (!item) throw notFound('Review item', id);
    if (item.status !== 'pending') throw new AppError('conflict', `Review item ${id} was already ${item.status}`);
    const decision: Decision = { orgId, mode, id, resolvedBy, resolvedAt: clock.now().toISOString() };
    if ('reject' in input) return this.reject(decision);
    const stored = await stores.emailIngestion.get(orgId, item.prefix);
    const config =
      stored?.config ??
      EmailIngestionConfigInputSchema.parse({
        emailPrefix: item.prefix,
        defaultDocumentType: input.documentType,
      });
    const message = await stores.inboundMessages.get(orgId, mode, item.message_id);
    const bytes = await this.deps.blobs.get(item.blob_key);
    if (!message || !bytes) throw new AppError('internal_error', `The document of review item ${id} is missing`);
    const resolution = await resolveExtractorFor(stores.extractors, orgId, config, input.documentType);
    if (resolution.outcome === 'none') {
      throw invalidRequest(
        `No active extractor for document type ${input.documentType}: create one, or map the type in the configuration's extractors`,
        [{ path: 'documentType', message: 'has no active extractor' }],
      );
    }
    const document: ResolvedDocument = {
      item,
      message,
      bytes,
      config,
      stored,
      classification: {
        documentType: input.documentType,
        confidence: 1,
        source: 'reviewer',
        decision: 'process',
        reasoning: `resolved in review ${id}`,
      },
    };
    const jobId = await this.submit(decision, document);
    const resolved = await this.markResolved(decision, document, jobId);
    if (!resolved) throw new AppError('conflict', `Review item ${id} was resolved meanwhile`);
    await this.teach(decision, document);
    return resolved;
  }

  private async reject(decision: Decision): Promise<TriageItemRecord> {
    const { orgId, mode, id, resolvedBy, resolvedAt } = decision;
    const rejected = await this.deps.stores.triageItems.resolve(orgId, mode, id, {
      status: 'rejected',
      resolved_type: null,
      job_id: null,
      resolved_by: resolvedBy,
      resolved_at: resolvedAt,
    });
    if (!rejected) throw new AppError('conflict', `Review item ${id} was resolved meanwhile`);
    return rejected;
  }

  /** The document continues as if it had just arrived with this type: its job's id. */
  private async submit(decision: Decision, document: ResolvedDocument): Promise<string> {
    const { item, message, bytes, config, stored, classification } = document;
    const submitted = await this.deps.pipeline.submitUnit({
      record: message,
      config,
      parsed: { from: message.from_address, subject: message.subject, messageId: message.message_id_header },
      document: { kept: [], bytes, mimeType: item.mime_type, filenames: [item.filename] },
      classification,
      idempotencyKey: `review:${decision.id}`,
      needsReview: false,
      ...(config.routingRules.length > 0
        ? {
            routing: jobRouting(config.routingRules, {
              senderDomain: senderDomain(message.from_address ?? message.envelope_from),
              subject: message.subject,
            }),
          }
        : {}),
      ...(stored ? { duplicate: settingsOnly(duplicateSettingsOf(stored.config)) } : {}),
    });
    if (submitted.status !== 'job_created' || !submitted.job_id) {
      throw new AppError(
        'conflict',
        `The document could not be queued: ${submitted.reason?.message ?? 'unknown reason'}`,
      );
    }
    return submitted.job_id;
  }

  /** The item resolved with its job, and document.classified queued, in one transaction; null if resolved meanwhile. */
  private async markResolved(
    decision: Decision,
    document: ResolvedDocument,
    jobId: string,
  ): Promise<TriageItemRecord | null> {
    const { orgId, mode, id, resolvedBy, resolvedAt } = decision;
    const { item, message, config, classification } = document;
    return this.deps.stores.transaction(async (tx) => {
      const row = await tx.triageItems.resolve(orgId, mode, id, {
        status: 'resolved',
        resolved_type: classification.documentType,
        job_id: jobId,
        resolved_by: resolvedBy,
        resolved_at: resolvedAt,
      });
      if (row && prefixSubscribes(config, 'document.classified')) {
        const data = documentClassifiedData(
          message,
          {
            filenames: [item.filename],
            attachmentIndexes: [item.attachment_index],
            jobId,
            reviewId: id,
          },
          classification,
        );
        await tx.outbox.add(
          prefixEvent(this.deps.ids, orgId, mode, item.prefix, 'document.classified', data, resolvedAt),
        );
      }
      return row;
    });
  }

  /** The classifier learns the person's answer for this document. */
  private async teach(decision: Decision, document: ResolvedDocument): Promise<void> {
    const { item, message, bytes, classification } = document;
    const context = await this.deps.pipeline.classificationContext(
      decision.orgId,
      decision.mode,
      { subject: message.subject, headers: {} },
      message.from_address ?? message.envelope_from,
      item.filename,
      bytes,
      item.mime_type,
    );
    await this.deps.classifier.learn(context, classification.documentType);
  }
}

/** Who resolves which item, when, in which organization and mode. */
interface Decision {
  orgId: string;
  mode: Environment;
  id: string;
  resolvedBy: string;
  resolvedAt: string;
}

/** A pending item resolved as a type, with what its job is made from. */
interface ResolvedDocument {
  item: TriageItemRecord;
  message: InboundMessageRecord;
  bytes: Uint8Array;
  config: EmailIngestionConfig;
  stored: StoredEmailIngestionConfig | null;
  classification: AttachmentClassification;
}
