import type { ParsedMessage } from '../../ports/message-parser.port.js';
import type { EmailIngestionConfig } from '../prefixes/index.js';
import { duplicateSettingsOf, type DuplicateSettings, type JobDuplicate } from '../duplicates/index.js';
import { jobRouting } from '../routing/index.js';
import type { JobRecord, JobRouting, ReviewReason } from '../../jobs/index.js';
import { senderDomain } from './sender-domain.js';
import type { ClassificationResult } from '../../ports/document-classifier.port.js';
import type { KeptAttachment } from './attachment-plan.js';
import { decideSender, unauthenticatedReason, type SenderAuthentication } from './sender-auth/sender-authentication.js';
import type { AttachmentClassification, AttachmentOutcome, InboundMessageRecord } from './inbound-message.js';

/**
 * The objects the attachment pipeline's steps pass along (attachment-pipeline.ts): a message's
 * shared facts, its plan, and one document on its way. Everything here is pure.
 */

/** One document a message becomes: one attachment, or several combined into one PDF. */
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

/** What every document of one message shares, decided once per message. */
export interface MessageRun {
  record: InboundMessageRecord;
  config: EmailIngestionConfig;
  parsed: ParsedMessage;
  /** The header From, else the envelope sender. */
  sender: string | null;
  authentication: SenderAuthentication | null;
  /** The routing rules' decision on arrival (the amount rules wait for the extraction). */
  routing: JobRouting;
  /** Why every job of the message is flagged for its sender; null when the sender is accepted as it is. */
  senderFlag: ReviewReason | null;
  /** The prefix's duplicate detection; null when it is off. */
  duplicateSettings: DuplicateSettings | null;
}

/** The plan: the documents to make, and every attachment's outcome so far. */
export interface DocumentPlan {
  message: MessageRun;
  units: DocumentUnit[];
  outcomes: AttachmentOutcome[];
}

/** One document on its way through the steps; each step returns it changed. */
export interface UnitRun {
  message: MessageRun;
  unit: DocumentUnit;
  /** The change to its attachments' outcomes so far, applied once its way ends. */
  change: Partial<AttachmentOutcome>;
  /** Set by the step that ends its way: skipped, queued for review, or submitted. */
  done: boolean;
  /** What the job keeps of duplicate detection (settings, and an identical file's verdict). */
  duplicate?: JobDuplicate;
  /** The type decided, and how. */
  decided?: UnitDecision;
}

/** The facts every document of a message shares: sender, its authentication, routing on arrival, duplicate settings. */
export const messageRun = (
  record: InboundMessageRecord,
  config: EmailIngestionConfig,
  parsed: ParsedMessage,
): MessageRun => {
  const sender = parsed.from ?? record.envelope_from;
  const authentication = record.sender_authentication ?? null;
  return {
    record,
    config,
    parsed,
    sender,
    authentication,
    routing: jobRouting(config.routingRules, {
      senderDomain: senderDomain(sender),
      subject: parsed.subject,
      senderAuthenticated: authentication?.authenticated ?? null,
    }),
    senderFlag: senderReviewReason(config, authentication),
    duplicateSettings: duplicateSettingsOf(config),
  };
};

/** The outcomes with a unit's change applied to each of its attachments. */
export const applyChange = (
  outcomes: readonly AttachmentOutcome[],
  unit: Pick<DocumentUnit, 'kept'>,
  change: Partial<AttachmentOutcome>,
): AttachmentOutcome[] => {
  const indexes = unit.kept.map((k) => k.index);
  return outcomes.map((o) => (indexes.includes(o.index) ? { ...o, ...change } : o));
};

/** What an identical earlier file (or none) makes of a document: the verdict, built once, for the job and the outcome. */
export interface ArrivalDuplicate {
  job: JobDuplicate;
  change: Partial<AttachmentOutcome>;
  /** The prefix's action is reject: the document goes no further. */
  rejected: boolean;
}

export const arrivalDuplicate = (
  settings: DuplicateSettings,
  earlier: Pick<JobRecord, 'id' | 'created_at'> | null,
): ArrivalDuplicate => {
  if (!earlier) return { job: { settings, verdict: null }, change: {}, rejected: false };
  const verdict = { of: earlier.id, matched: ['file_hash'], action: settings.action, detectedAt: 'arrival' as const };
  const change: Partial<AttachmentOutcome> = {
    duplicate: { of: verdict.of, matched: verdict.matched, action: verdict.action },
  };
  if (settings.action !== 'reject') return { job: { settings, verdict }, change, rejected: false };
  return {
    job: { settings, verdict },
    rejected: true,
    change: {
      ...change,
      status: 'skipped',
      reason: {
        code: 'duplicate',
        message: `The same file as job ${earlier.id} (received ${earlier.created_at}), within ${settings.lookbackHours} hours; duplicateDetection.action is reject`,
      },
    },
  };
};

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

/** Why a document that goes on to a job is flagged: below autoProcess, and the sender's flag. */
export const reviewReasonsOf = (run: Pick<UnitRun, 'message'>, decided: UnitDecision): ReviewReason[] => [
  ...(decided.decision === 'process_flagged' ? [belowThreshold(decided, run.message.config)] : []),
  ...(run.message.senderFlag ? [run.message.senderFlag] : []),
];

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

export const noExtractorReason = (documentType: string): NonNullable<AttachmentOutcome['reason']> => ({
  code: 'no_extractor',
  message: `No active extractor for document type ${documentType}: create one, or map the type in the configuration's extractors`,
});

export const noExtractor = (outcome: AttachmentOutcome, documentType: string): AttachmentOutcome => ({
  ...outcome,
  status: 'skipped',
  reason: noExtractorReason(documentType),
});

export const truncate = (value: string | null, max: number): string | null =>
  value === null || value.length <= max ? value : `${value.slice(0, max - 1)}…`;
