import { createHash } from 'node:crypto';
import { AppError, coerceError } from '../shared/errors.js';
import { DocumentError } from '../shared/document-error.js';
import { DEFAULT_PROCESSING_TIMEOUT_MS } from '../jobs/processing-timeout.js';
import type { AuthContext } from '../keys/api-key.js';
import type { Environment } from '../keys/scopes.js';
import type { ParsedMessage } from '../ports/message-parser.port.js';
import type { ReadDocument } from '../ports/document-reader.port.js';
import type { StoredEmailIngestionConfig } from '../prefixes/email-ingestion-config.js';
import type { EmailIngestionConfig } from '../prefixes/email-ingestion-config.schema.js';
import { resolveExtractorFor } from '../prefixes/extractor-mapping.js';
import { duplicateSettingsOf, type JobDuplicate } from '../duplicates/duplicates.js';
import { jobRouting, type JobRouting, type RoutingDecision } from '../routing/routing.js';
import { senderDomain, type ClassificationContext } from '../review/document-classifier.js';
import type { ClassificationResult } from '../review/review-item.js';
import type { ReviewReason } from '../jobs/review-reasons.js';
import { planAttachments, type KeptAttachment } from './attachment-plan.js';
import { decideSender, unauthenticatedReason, type SenderAuthentication } from './sender-auth/sender-authentication.js';
import type {
  AttachmentClassification,
  AttachmentOutcome,
  InboundMessageRecord,
  InboundMessageResult,
} from './inbound-message.js';
import type { InboundMailDeps } from './inbound-mail-deps.js';

const PRIORITY: Record<string, number> = { low: -10, normal: 0, high: 10, critical: 20 };

/**
 * The identity jobs created from a message carry: the message's mode (mail received by SMTP is
 * live; the test endpoint's messages have their caller's mode), on behalf of its organization.
 */
const mailAuth = (record: Pick<InboundMessageRecord, 'org_id' | 'environment'>): AuthContext => ({
  orgId: record.org_id,
  keyId: 'email',
  environment: record.environment,
  scopes: [],
  rateLimitPerMinute: 0,
});

export const truncate = (value: string | null, max: number): string | null =>
  value === null || value.length <= max ? value : `${value.slice(0, max - 1)}…`;

type PipelineDeps = Pick<
  InboundMailDeps,
  'stores' | 'blobs' | 'combiner' | 'reader' | 'classifier' | 'submissions' | 'clock' | 'options'
>;

/**
 * What happens to a parsed message's attachments: the prefix's rules, duplicates, classification
 * against the thresholds, routing, then a job per document (or one combined), or the review queue.
 * Shared by mail, the test endpoint and review resolution.
 */
export class AttachmentPipeline {
  constructor(private readonly deps: PipelineDeps) {}

  /** Attachments to jobs (or to the review queue), for a message already parsed. */
  async processParsed(
    record: InboundMessageRecord,
    stored: StoredEmailIngestionConfig,
    parsed: ParsedMessage,
  ): Promise<InboundMessageResult> {
    const { config } = stored;
    const plan = planAttachments(config.attachments, parsed.attachments);
    let outcomes = plan.outcomes;
    const update = (indexes: readonly number[], change: Partial<AttachmentOutcome>) => {
      outcomes = outcomes.map((o) => (indexes.includes(o.index) ? { ...o, ...change } : o));
    };
    const units: DocumentUnit[] = [];
    if (config.attachments.combineAttachments && plan.kept.length > 1) {
      try {
        const bytes = await this.deps.combiner.combine(
          plan.kept.map((k) => ({ bytes: k.bytes, mimeType: k.mimeType })),
        );
        units.push({
          kept: plan.kept,
          bytes,
          mimeType: 'application/pdf',
          key: 'combined',
          filename: plan.kept[0]!.filename,
        });
      } catch (error) {
        update(
          plan.kept.map((k) => k.index),
          {
            status: 'skipped',
            reason: {
              code: 'submission_failed',
              message: `The attachments could not be combined into one PDF: ${coerceError(error).message}`,
            },
          },
        );
      }
    } else {
      for (const k of plan.kept)
        units.push({ kept: [k], bytes: k.bytes, mimeType: k.mimeType, key: String(k.index), filename: k.filename });
    }
    const sender = parsed.from ?? record.envelope_from;
    const authentication = record.sender_authentication ?? null;
    const routing = jobRouting(config.routingRules, {
      senderDomain: senderDomain(sender),
      subject: parsed.subject,
      senderAuthenticated: authentication?.authenticated ?? null,
    });
    const senderFlag = senderReviewReason(config, authentication);
    const duplicateSettings = duplicateSettingsOf(config);
    for (const unit of units) {
      const indexes = unit.kept.map((k) => k.index);
      // An identical file within the lookback (email or API, any job not failed) is known at once.
      let jobDuplicate: JobDuplicate | undefined;
      if (duplicateSettings) {
        const earlier = await this.identicalFile(
          record.org_id,
          record.environment,
          unit.bytes,
          duplicateSettings.lookbackHours,
        );
        // A job of this very message (processed again after a crash) is not a duplicate of it.
        if (earlier && (earlier.metadata as { email?: { message_id?: unknown } }).email?.message_id !== record.id) {
          const verdict = {
            of: earlier.id,
            matched: ['file_hash'],
            action: duplicateSettings.action,
            detectedAt: 'arrival' as const,
          };
          update(indexes, { duplicate: { of: earlier.id, matched: ['file_hash'], action: duplicateSettings.action } });
          if (duplicateSettings.action === 'reject') {
            update(indexes, {
              status: 'skipped',
              reason: {
                code: 'duplicate',
                message: `The same file as job ${earlier.id} (received ${earlier.created_at}), within ${duplicateSettings.lookbackHours} hours; duplicateDetection.action is reject`,
              },
            });
            continue;
          }
          jobDuplicate = { settings: duplicateSettings, verdict };
        } else {
          jobDuplicate = { settings: duplicateSettings, verdict: null };
        }
      }
      const decided = await this.classifyUnit(
        record.org_id,
        record.environment,
        config,
        parsed,
        sender,
        unit,
        routing.decision,
        authentication?.authenticated ?? null,
      );
      const classification = classificationOf(decided);
      update(indexes, { classification });
      if (decided.decision === 'review' || decided.decision === 'review_failed') {
        const reviewId = await this.queueForReview(record, parsed, unit, decided);
        update(indexes, { status: 'awaiting_review', review_id: reviewId });
        continue;
      }
      const flagged = decided.decision === 'process_flagged' || jobDuplicate?.verdict?.action === 'flag';
      const reasons = [
        ...(decided.decision === 'process_flagged' ? [belowThreshold(decided, config)] : []),
        ...(senderFlag ? [senderFlag] : []),
      ];
      const submitted = await this.submitUnit(
        record,
        config,
        parsed,
        unit,
        decided.documentType,
        classification,
        `email:${record.id}:${unit.key}`,
        reasons.length > 0 ? reasons : flagged,
        config.routingRules.length > 0 ? routing : undefined,
        jobDuplicate,
      );
      update(indexes, submitted);
    }
    return {
      status: 'processed',
      from_address: parsed.from,
      subject: truncate(parsed.subject, 998),
      message_id_header: truncate(parsed.messageId, 998),
      outcomes,
      error: null,
      processed_at: this.deps.clock.now().toISOString(),
    };
  }

  /** The organization's oldest job of the mode (not failed) with the same file within the lookback, if any. */
  identicalFile(orgId: string, mode: Environment, bytes: Uint8Array, lookbackHours: number) {
    return this.deps.stores.jobs.findEarlier(orgId, mode, {
      blobKey: createHash('sha256').update(bytes).digest('hex'),
      since: new Date(this.deps.clock.now().getTime() - lookbackHours * 3_600_000).toISOString(),
    });
  }

  /**
   * The document's type: an override that matches (confidence 1), else the classifier when
   * autoClassify (its confidence against the prefix's thresholds), else defaultDocumentType.
   */
  async classifyUnit(
    orgId: string,
    mode: Environment,
    config: EmailIngestionConfig,
    parsed: ParsedMessage,
    sender: string | null,
    unit: DocumentUnit,
    routing: RoutingDecision | null,
    /** The message's sender authentication verdict; null when none was computed. */
    senderAuthenticated: boolean | null = null,
  ): Promise<UnitDecision> {
    const domain = senderDomain(sender);
    const subject = (parsed.subject ?? '').toLowerCase();
    for (const override of config.classificationOverrides) {
      const {
        senderDomain: wantedDomain,
        subjectContains,
        senderAuthenticated: wantedAuthenticated,
      } = override.condition as {
        senderDomain?: string;
        subjectContains?: string;
        senderAuthenticated?: boolean;
      };
      const matches =
        (wantedDomain !== undefined &&
          domain !== null &&
          (domain === wantedDomain.toLowerCase() || domain.endsWith(`.${wantedDomain.toLowerCase()}`))) ||
        (subjectContains !== undefined && subject.includes(subjectContains.toLowerCase())) ||
        (wantedAuthenticated !== undefined &&
          senderAuthenticated !== null &&
          senderAuthenticated === wantedAuthenticated);
      if (matches) {
        const why =
          wantedDomain !== undefined
            ? `sender domain ${domain} matches the override ${wantedDomain}`
            : subjectContains !== undefined
              ? `the subject contains "${subjectContains}"`
              : `the sender is ${wantedAuthenticated ? '' : 'not '}authenticated`;
        return {
          documentType: override.documentType,
          source: 'override',
          decision: 'process',
          result: { documentType: override.documentType, confidence: 1, reasoning: why, keyIndicators: [why] },
        };
      }
    }
    if (routing?.documentType && routing.rule !== null) {
      const why = `routing rule ${routing.rule} (${routing.condition?.type}) sets the document type`;
      return {
        documentType: routing.documentType,
        source: 'routing',
        decision: 'process',
        result: { documentType: routing.documentType, confidence: 1, reasoning: why, keyIndicators: [why] },
      };
    }
    if (!config.autoClassify) {
      const why = "autoClassify is off: the prefix's defaultDocumentType";
      return {
        documentType: config.defaultDocumentType,
        source: 'default',
        decision: 'process',
        result: { documentType: config.defaultDocumentType, confidence: 1, reasoning: why, keyIndicators: [] },
      };
    }
    const context = await this.classificationContext(
      orgId,
      mode,
      parsed,
      sender,
      unit.filename,
      unit.bytes,
      unit.mimeType,
      config.maxProcessingTimeMs,
    );
    const result = await this.deps.classifier.classify(context);
    const { autoProcess, reviewFlag, humanReview } = config.confidenceThresholds;
    if (result.confidence >= autoProcess)
      return { documentType: result.documentType, source: 'classifier', decision: 'process', result };
    if (result.confidence >= reviewFlag)
      return { documentType: result.documentType, source: 'classifier', decision: 'process_flagged', result };
    if (result.confidence >= humanReview)
      return { documentType: result.documentType, source: 'classifier', decision: 'review', result };
    return { documentType: config.defaultDocumentType, source: 'default', decision: 'review_failed', result };
  }

  /** `maxTimeMs`: the prefix's maxProcessingTimeMs, which bounds this read as it bounds the job's. */
  async classificationContext(
    orgId: string,
    mode: Environment,
    parsed: Pick<ParsedMessage, 'subject' | 'headers'>,
    sender: string | null,
    filename: string,
    bytes: Uint8Array,
    mimeType: string,
    maxTimeMs = Infinity,
  ): Promise<ClassificationContext> {
    let document: ReadDocument | null = null;
    try {
      document = await this.deps.reader.read(bytes, mimeType, {
        signal: AbortSignal.timeout(
          Math.min(this.deps.options.readTimeoutMs ?? DEFAULT_PROCESSING_TIMEOUT_MS, maxTimeMs),
        ),
      });
    } catch {
      // Unreadable here means unreadable for the job too; the classifier falls back to the email.
    }
    return { orgId, mode, document, subject: parsed.subject, from: sender, filename, headers: parsed.headers };
  }

  private async queueForReview(
    record: InboundMessageRecord,
    parsed: ParsedMessage,
    unit: DocumentUnit,
    decided: UnitDecision,
  ): Promise<string> {
    const id = `rev_${createHash('sha256').update(`${record.id}:${unit.key}`).digest('hex').slice(0, 20)}`;
    if (await this.deps.stores.reviewItems.get(record.org_id, record.environment, id)) return id; // queued before a crash
    await this.deps.stores.reviewItems.insert({
      id,
      org_id: record.org_id,
      environment: record.environment,
      prefix: record.prefix,
      message_id: record.id,
      attachment_index: unit.kept[0]!.index,
      filename: unit.filename,
      mime_type: unit.mimeType,
      size_bytes: unit.bytes.length,
      blob_key: await this.deps.blobs.put(unit.bytes),
      classification: decided.result,
      classification_failed: decided.decision === 'review_failed',
      proposed_type: decided.documentType,
      from_address: parsed.from ?? record.envelope_from,
      subject: truncate(parsed.subject, 998),
      status: 'pending',
      resolved_type: null,
      job_id: null,
      resolved_by: null,
      resolved_at: null,
      created_at: this.deps.clock.now().toISOString(),
    });
    return id;
  }

  /** One document to the extractor of its type; the outcome change for its attachments. */
  async submitUnit(
    record: InboundMessageRecord,
    config: EmailIngestionConfig,
    parsed: Pick<ParsedMessage, 'from' | 'subject' | 'messageId'>,
    unit: Pick<DocumentUnit, 'kept' | 'bytes' | 'mimeType'> & { filenames?: string[] },
    documentType: string,
    classification: AttachmentClassification,
    idempotencyKey: string,
    /** Flags the job for review: true, or the reasons why (kept as its review_flags). */
    needsReview: boolean | ReviewReason[],
    routing?: JobRouting,
    duplicate?: JobDuplicate,
  ): Promise<Partial<AttachmentOutcome>> {
    const resolution = await resolveExtractorFor(this.deps.stores.extractors, record.org_id, config, documentType);
    if (resolution.outcome === 'none') {
      return {
        status: 'skipped',
        reason: {
          code: 'no_extractor',
          message: `No active extractor for document type ${documentType}: create one, or map the type in the configuration's extractors`,
        },
      };
    }
    try {
      const { job } = await this.deps.submissions.submit(mailAuth(record), {
        extractor_id: resolution.extractor.id,
        bytes: unit.bytes,
        declaredMimeType: unit.mimeType,
        metadata: {
          source: 'email',
          email: {
            message_id: record.id,
            prefix: record.prefix,
            tag: record.tag,
            recipient: record.recipient,
            envelope_from: record.envelope_from,
            from: parsed.from,
            subject: truncate(parsed.subject, 500),
            message_id_header: truncate(parsed.messageId, 500),
            sender_authenticated: record.sender_authentication?.authenticated ?? null,
          },
          attachments: unit.filenames ?? unit.kept.map((k) => k.filename),
          classification: {
            documentType: classification.documentType,
            confidence: classification.confidence,
            source: classification.source,
          },
        },
        idempotencyKey,
        priority: PRIORITY[routing?.decision.priority ?? config.processingPriority] ?? 0,
        ...(Array.isArray(needsReview) ? { reviewFlags: needsReview } : { needsReview }),
        ...(routing ? { routing } : {}),
        ...(duplicate ? { duplicate } : {}),
      });
      return { status: 'job_created', job_id: job.id, reason: null };
    } catch (error) {
      // A refused submission skips the attachment; a document failure (a DocumentError) is no refusal.
      if (!(error instanceof AppError) || error instanceof DocumentError) throw error;
      return { status: 'skipped', reason: { code: 'submission_failed', message: `${error.code}: ${error.message}` } };
    }
  }
}

export interface DocumentUnit {
  kept: KeptAttachment[];
  bytes: Uint8Array;
  mimeType: string;
  /** `0`, `1`, ... or `combined`: part of the idempotency key of its job. */
  key: string;
  filename: string;
}

export interface UnitDecision {
  documentType: string;
  source: AttachmentClassification['source'];
  decision: AttachmentClassification['decision'];
  result: ClassificationResult;
}

/** The outcome's record of a decision: the type, how, and what the classifier read. */
export const classificationOf = (decided: UnitDecision): AttachmentClassification => ({
  documentType: decided.documentType,
  confidence: decided.result.confidence,
  source: decided.source,
  decision: decided.decision,
  reasoning: decided.result.reasoning,
  ...(decided.source === 'classifier' || decided.decision === 'review_failed'
    ? {
        keyIndicators: decided.result.keyIndicators,
        ...(decided.result.detectedVendor ? { detectedVendor: decided.result.detectedVendor } : {}),
        ...(decided.result.detectedCustomer ? { detectedCustomer: decided.result.detectedCustomer } : {}),
      }
    : {}),
});

/** The review reason of a classification that was processed, but below the prefix's autoProcess threshold. */
const belowThreshold = (decided: UnitDecision, config: EmailIngestionConfig): ReviewReason => ({
  code: 'classification_threshold',
  message: `Classified as ${decided.documentType} with confidence ${Math.round(decided.result.confidence * 1000) / 1000}, below the prefix's autoProcess threshold ${config.confidenceThresholds.autoProcess}`,
});

/**
 * The review reason of a message whose sender is not authenticated, when the prefix does not
 * accept such mail as it is: `review`, or `reject` for a message that was stored all the same (the
 * IMAP import's temporary failures, a policy changed after it arrived).
 */
const senderReviewReason = (
  config: EmailIngestionConfig,
  authentication: SenderAuthentication | null,
): ReviewReason | null =>
  decideSender(config.unauthenticated, authentication) === 'accept'
    ? null
    : { code: 'sender_unauthenticated', message: unauthenticatedReason(authentication!) };

export const noExtractor = (outcome: AttachmentOutcome, documentType: string): AttachmentOutcome => ({
  ...outcome,
  status: 'skipped',
  reason: {
    code: 'no_extractor',
    message: `No active extractor for document type ${documentType}: create one, or map the type in the configuration's extractors`,
  },
});
