import { createHash } from 'node:crypto';
import { AppError, coerceError } from '../../shared/errors.js';
import { DocumentError } from '../../shared/document-error.js';
import {
  DEFAULT_PROCESSING_TIMEOUT_MS,
  type JobRouting,
  type ReviewReason,
  type RoutingDecision,
} from '../../jobs/index.js';
import type { AuthContext, Environment } from '../../keys/index.js';
import type { ParsedMessage } from '../../ports/message-parser.port.js';
import type { ReadDocument } from '../../ports/document-reader.port.js';
import { type StoredEmailIngestionConfig, type EmailIngestionConfig, resolveExtractorFor } from '../prefixes/index.js';
import type { JobDuplicate } from '../duplicates/index.js';
import { senderDomain } from './sender-domain.js';
import type { ClassificationContext } from '../../ports/document-classifier.port.js';
import { planAttachments } from './attachment-plan.js';
import {
  applyChange,
  arrivalDuplicate,
  classificationOf,
  messageRun,
  noExtractorReason,
  reviewReasonsOf,
  truncate,
  type DocumentUnit,
  type DocumentPlan,
  type MessageRun,
  type UnitDecision,
  type UnitRun,
} from './pipeline-state.js';
import { decideWithoutClassifier, thresholdDecision } from './unit-classification.js';
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

type PipelineDeps = Pick<
  InboundMailDeps,
  'stores' | 'blobs' | 'combiner' | 'reader' | 'classifier' | 'submissions' | 'clock' | 'options'
>;

/** One document to submit as a job (from the pipeline, or from a resolved review item). */
export interface UnitSubmission {
  record: InboundMessageRecord;
  config: EmailIngestionConfig;
  parsed: Pick<ParsedMessage, 'from' | 'subject' | 'messageId'>;
  document: Pick<DocumentUnit, 'kept' | 'bytes' | 'mimeType'> & { filenames?: string[] };
  /** The type decided and how; its documentType chooses the extractor. */
  classification: AttachmentClassification;
  idempotencyKey: string;
  /** Flags the job for review: true, or the reasons why (kept as its review_flags). */
  needsReview: boolean | ReviewReason[];
  routing?: JobRouting;
  duplicate?: JobDuplicate;
}

/** What decides a document's type (AttachmentPipeline.classifyUnit). */
export interface UnitToClassify {
  orgId: string;
  mode: Environment;
  config: EmailIngestionConfig;
  parsed: Pick<ParsedMessage, 'subject' | 'headers'>;
  sender: string | null;
  unit: Pick<DocumentUnit, 'bytes' | 'mimeType' | 'filename'>;
  routing: RoutingDecision | null;
  /** The message's sender authentication verdict; null when none was computed. */
  senderAuthenticated?: boolean | null;
}

type Step = (run: UnitRun) => Promise<UnitRun>;

/**
 * What happens to a parsed message's attachments, as a chain of steps: the plan (the prefix's
 * rules; combined into one PDF or a document each), then for each document: identical-file
 * duplicates, classification against the thresholds, the review queue, or a job (with routing).
 * Each step takes the document's UnitRun and returns it changed; a step that ends its way sets
 * `done` and the later ones are skipped. Shared by mail, the test endpoint and review resolution.
 */
export class AttachmentPipeline {
  private readonly steps: readonly Step[];

  constructor(private readonly deps: PipelineDeps) {
    this.steps = [this.deduplicate, this.classify, this.queueForReview, this.submit];
  }

  /** Attachments to jobs (or to the review queue), for a message already parsed. */
  async processParsed(
    record: InboundMessageRecord,
    stored: StoredEmailIngestionConfig,
    parsed: ParsedMessage,
  ): Promise<InboundMessageResult> {
    const plan = await this.plan(messageRun(record, stored.config, parsed));
    let outcomes = plan.outcomes;
    for (const unit of plan.units) {
      let run: UnitRun = { message: plan.message, unit, change: {}, done: false };
      for (const step of this.steps) if (!run.done) run = await step(run);
      outcomes = applyChange(outcomes, unit, run.change);
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

  /** Which attachments count (the prefix's rules), and the documents they make: combined into one PDF, or one each. */
  private async plan(message: MessageRun): Promise<DocumentPlan> {
    const { kept, outcomes } = planAttachments(message.config.attachments, message.parsed.attachments);
    if (!message.config.attachments.combineAttachments || kept.length <= 1) {
      const units = kept.map((k) => ({
        kept: [k],
        bytes: k.bytes,
        mimeType: k.mimeType,
        key: String(k.index),
        filename: k.filename,
      }));
      return { message, units, outcomes };
    }
    try {
      const bytes = await this.deps.combiner.combine(kept.map((k) => ({ bytes: k.bytes, mimeType: k.mimeType })));
      const unit = { kept, bytes, mimeType: 'application/pdf', key: 'combined', filename: kept[0]!.filename };
      return { message, units: [unit], outcomes };
    } catch (error) {
      const change: Partial<AttachmentOutcome> = {
        status: 'skipped',
        reason: {
          code: 'submission_failed',
          message: `The attachments could not be combined into one PDF: ${coerceError(error).message}`,
        },
      };
      return { message, units: [], outcomes: applyChange(outcomes, { kept }, change) };
    }
  }

  /** An identical file within the lookback (email or API, any job not failed) is known at once. */
  private readonly deduplicate: Step = async (run) => {
    const { record, duplicateSettings: settings } = run.message;
    if (!settings) return run;
    const earlier = await this.identicalFile(record.org_id, record.environment, run.unit.bytes, settings.lookbackHours);
    // A job of this very message (processed again after a crash) is not a duplicate of it.
    const messageOfEarlier = (earlier?.metadata as { email?: { message_id?: unknown } } | undefined)?.email?.message_id;
    const found = arrivalDuplicate(settings, earlier && messageOfEarlier !== record.id ? earlier : null);
    return { ...run, duplicate: found.job, change: { ...run.change, ...found.change }, done: found.rejected };
  };

  private readonly classify: Step = async (run) => {
    const { record, config, parsed, sender, routing, authentication } = run.message;
    const decided = await this.classifyUnit({
      orgId: record.org_id,
      mode: record.environment,
      config,
      parsed,
      sender,
      unit: run.unit,
      routing: routing.decision,
      senderAuthenticated: authentication?.authenticated ?? null,
    });
    return { ...run, decided, change: { ...run.change, classification: classificationOf(decided) } };
  };

  /** Below the prefix's humanReview threshold, or a failed classification: a person decides. */
  private readonly queueForReview: Step = async (run) => {
    const decided = run.decided!;
    if (decided.decision !== 'review' && decided.decision !== 'review_failed') return run;
    const reviewId = await this.reviewItemFor(run.message, run.unit, decided);
    return { ...run, done: true, change: { ...run.change, status: 'awaiting_review', review_id: reviewId } };
  };

  private readonly submit: Step = async (run) => {
    const { record, config, parsed, routing } = run.message;
    const decided = run.decided!;
    const flagged = decided.decision === 'process_flagged' || run.duplicate?.verdict?.action === 'flag';
    const reasons = reviewReasonsOf(run, decided);
    const submitted = await this.submitUnit({
      record,
      config,
      parsed,
      document: run.unit,
      classification: classificationOf(decided),
      idempotencyKey: `email:${record.id}:${run.unit.key}`,
      needsReview: reasons.length > 0 ? reasons : flagged,
      ...(config.routingRules.length > 0 ? { routing } : {}),
      ...(run.duplicate ? { duplicate: run.duplicate } : {}),
    });
    return { ...run, done: true, change: { ...run.change, ...submitted } };
  };

  /** The organization's oldest job of the mode (not failed) with the same file within the lookback, if any. */
  identicalFile(orgId: string, mode: Environment, bytes: Uint8Array, lookbackHours: number) {
    return this.deps.stores.jobs.findEarlier(orgId, mode, {
      blobKey: createHash('sha256').update(bytes).digest('hex'),
      since: new Date(this.deps.clock.now().getTime() - lookbackHours * 3_600_000).toISOString(),
    });
  }

  /**
   * The document's type: an override that matches (confidence 1), else a routing rule that sets it,
   * else the classifier when autoClassify (its confidence against the prefix's thresholds), else
   * defaultDocumentType.
   */
  async classifyUnit(input: UnitToClassify): Promise<UnitDecision> {
    const { config, parsed, sender, unit } = input;
    const certain = decideWithoutClassifier(config, {
      domain: senderDomain(sender),
      subject: parsed.subject,
      routing: input.routing,
      senderAuthenticated: input.senderAuthenticated ?? null,
    });
    if (certain) return certain;
    const context = await this.classificationContext(
      input.orgId,
      input.mode,
      parsed,
      sender,
      unit.filename,
      unit.bytes,
      unit.mimeType,
      config.maxProcessingTimeMs,
    );
    return thresholdDecision(config, await this.deps.classifier.classify(context));
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

  /** The review item of a document (its id derived from the message and unit, so a crash does not queue it twice). */
  private async reviewItemFor(
    { record, parsed }: MessageRun,
    unit: DocumentUnit,
    decided: UnitDecision,
  ): Promise<string> {
    const id = `rev_${createHash('sha256').update(`${record.id}:${unit.key}`).digest('hex').slice(0, 20)}`;
    if (await this.deps.stores.triageItems.get(record.org_id, record.environment, id)) return id; // queued before a crash
    await this.deps.stores.triageItems.insert({
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
  async submitUnit(submission: UnitSubmission): Promise<Partial<AttachmentOutcome>> {
    const { record, config, parsed, document, classification, routing, duplicate, needsReview } = submission;
    const documentType = classification.documentType;
    const resolution = await resolveExtractorFor(this.deps.stores.extractors, record.org_id, config, documentType);
    if (resolution.outcome === 'none') return { status: 'skipped', reason: noExtractorReason(documentType) };
    try {
      const { job } = await this.deps.submissions.submit(mailAuth(record), {
        extractor_id: resolution.extractor.id,
        bytes: document.bytes,
        declaredMimeType: document.mimeType,
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
          attachments: document.filenames ?? document.kept.map((k) => k.filename),
          classification: {
            documentType: classification.documentType,
            confidence: classification.confidence,
            source: classification.source,
          },
        },
        idempotencyKey: submission.idempotencyKey,
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
