import { notFound } from '../../shared/errors.js';
import type { Environment } from '../../keys/index.js';
import type { ParsedAttachment, ParsedMessage } from '../../ports/message-parser.port.js';
import { type StoredEmailIngestionConfig, resolveExtractorFor } from '../prefixes/index.js';
import { duplicateSettingsOf } from '../duplicates/index.js';
import { jobRouting, routeOnArrival } from '../routing/index.js';
import type { RoutingDecision } from '../../jobs/index.js';
import { senderDomain } from './sender-domain.js';
import { messageEvents } from './message-events.js';
import { planAttachments } from './attachment-plan.js';
import type { AttachmentPipeline } from './attachment-pipeline.js';
import { arrivalDuplicate as identicalFileVerdict, classificationOf, noExtractor } from './pipeline-state.js';
import {
  blankMessageRecord,
  type AttachmentClassification,
  type AttachmentOutcome,
  type InboundMessageRecord,
} from './inbound-message.js';
import type { InboundMailDeps } from './inbound-mail-deps.js';

/** One document to run through a prefix's steps as if it had arrived by mail. */
export interface PrefixTestInput {
  emailPrefix: string;
  /** The document's bytes. */
  document: Uint8Array;
  /** Decide only: nothing is stored, queued or sent. */
  simulateOnly: boolean;
  /** Name the attachment would have had (default test-document). */
  filename?: string | undefined;
  subject?: string | undefined;
  from?: string | undefined;
}

/** What a prefix did (or, simulated, would do) with the document. */
export interface PrefixTestResult {
  emailPrefix: string;
  simulateOnly: boolean;
  /** The type decided and how (null when the document was skipped before classification). */
  classification: AttachmentClassification | null;
  extractor: { id: string; name: string; matchedBy: 'mapping' | 'document_type' } | null;
  attachment: AttachmentOutcome;
  /** Without simulateOnly: the message recorded as received (source `test`); null otherwise. */
  messageId: string | null;
  /** The job created (null when simulated, skipped or waiting for review). */
  jobId: string | null;
  /** The review item, when the classification sent the document to the review queue. */
  reviewId: string | null;
  /** What the prefix's routing rules decide on arrival. */
  routing: RoutingDecision;
  /** The duplicate verdict on arrival (an identical file); null when none. */
  duplicate: {
    of: string;
    matched: string[];
    action: 'reject' | 'flag' | 'process';
    detectedAt: 'arrival' | 'extraction';
  } | null;
}

/**
 * One document through a prefix's steps as if it had arrived by mail, through the same attachment
 * pipeline (the daemon's `POST /api/email-ingestion/test` waits for the job it creates).
 */
export class PrefixTestRun {
  constructor(
    private readonly deps: Pick<InboundMailDeps, 'stores' | 'blobs' | 'clock' | 'ids'>,
    private readonly pipeline: AttachmentPipeline,
  ) {}

  /**
   * Runs one document through a prefix's steps as if it had arrived by mail. With simulateOnly
   * nothing is stored or sent; otherwise a message (source `test`) of the caller's `mode` is
   * recorded and the job created in that mode. Duplicates and learned classifications are looked
   * for in that mode only.
   */
  async run(orgId: string, mode: Environment, input: PrefixTestInput): Promise<PrefixTestResult> {
    const stored = await this.deps.stores.emailIngestion.get(orgId, input.emailPrefix.toLowerCase());
    if (!stored) throw notFound('Email ingestion configuration', input.emailPrefix);
    const attachment: ParsedAttachment = {
      filename: input.filename ?? 'test-document',
      contentType: 'application/octet-stream',
      inline: false,
      contentId: null,
      content: input.document,
    };
    const message: ParsedMessage = {
      from: input.from ?? null,
      subject: input.subject ?? null,
      messageId: null,
      headers: {},
      text: null,
      attachments: [attachment],
    };
    return input.simulateOnly
      ? this.simulate(orgId, mode, input, stored, message)
      : this.receive(orgId, mode, input, stored, message);
  }

  /** The message recorded (source `test`) and processed as mail is: the job, review item and events are real. */
  private async receive(
    orgId: string,
    mode: Environment,
    input: PrefixTestInput,
    stored: StoredEmailIngestionConfig,
    message: ParsedMessage,
  ): Promise<PrefixTestResult> {
    const receivedAt = this.deps.clock.now().toISOString();
    const raw = new TextEncoder().encode(`Subject: ${input.subject ?? 'test'}\r\nX-Intake-Test: yes\r\n\r\n`);
    const record: InboundMessageRecord = {
      ...blankMessageRecord(
        this.deps.ids('msg'),
        orgId,
        stored.prefix,
        await this.deps.blobs.put(raw),
        raw.length,
        receivedAt,
      ),
      environment: mode,
      source: 'test',
      recipient: `${stored.prefix}@test`,
      envelope_from: input.from ?? null,
    };
    const result = await this.pipeline.processParsed(record, stored, message);
    const events = messageEvents(this.deps.ids, record, result, stored.config, this.deps.clock.now().toISOString());
    await this.deps.stores.transaction(async (tx) => {
      await tx.inboundMessages.insert([{ ...record, ...result, lease_owner: null, lease_expires_at: null }]);
      for (const event of events) await tx.outbox.add(event);
    });
    const outcome = result.outcomes[0]!;
    const arrival = routeOnArrival(stored.config.routingRules, {
      senderDomain: senderDomain(input.from ?? null),
      subject: input.subject ?? null,
    });
    return {
      emailPrefix: stored.prefix,
      simulateOnly: false,
      classification: outcome.classification ?? null,
      extractor: await this.extractorView(orgId, stored, outcome.classification?.documentType),
      attachment: outcome,
      messageId: record.id,
      jobId: outcome.job_id,
      reviewId: outcome.review_id ?? null,
      routing: arrival,
      duplicate: arrivalDuplicate(outcome),
    };
  }

  /** Simulated: the same decisions, nothing stored, queued or sent. */
  private async simulate(
    orgId: string,
    mode: Environment,
    input: PrefixTestInput,
    stored: StoredEmailIngestionConfig,
    message: ParsedMessage,
  ): Promise<PrefixTestResult> {
    const plan = planAttachments(stored.config.attachments, message.attachments);
    let outcome = plan.outcomes[0]!;
    const kept = plan.kept[0];
    const routing = jobRouting(stored.config.routingRules, {
      senderDomain: senderDomain(input.from ?? null),
      subject: input.subject ?? null,
    });
    const base = {
      emailPrefix: stored.prefix,
      simulateOnly: true,
      messageId: null,
      jobId: null,
      reviewId: null,
      routing: routing.decision,
    };
    if (!kept) return { ...base, classification: null, extractor: null, attachment: outcome, duplicate: null };
    // An identical file within the lookback is known without extracting (match fields are not).
    const settings = duplicateSettingsOf(stored.config);
    if (settings) {
      const earlier = await this.pipeline.identicalFile(orgId, mode, kept.bytes, settings.lookbackHours);
      const found = identicalFileVerdict(settings, earlier);
      outcome = { ...outcome, ...found.change };
      if (found.rejected)
        return {
          ...base,
          classification: null,
          extractor: null,
          attachment: outcome,
          duplicate: arrivalDuplicate(outcome),
        };
    }
    const decided = await this.pipeline.classifyUnit({
      orgId,
      mode,
      config: stored.config,
      parsed: message,
      sender: input.from ?? null,
      unit: { bytes: kept.bytes, mimeType: kept.mimeType, filename: kept.filename },
      routing: routing.decision,
    });
    const classification = classificationOf(decided);
    outcome = { ...outcome, classification };
    const extractor = await this.extractorView(orgId, stored, decided.documentType);
    if (decided.decision === 'review' || decided.decision === 'review_failed')
      outcome = { ...outcome, status: 'awaiting_review' };
    else if (!extractor) outcome = noExtractor(outcome, decided.documentType);
    return { ...base, classification, extractor, attachment: outcome, duplicate: arrivalDuplicate(outcome) };
  }

  private async extractorView(
    orgId: string,
    stored: StoredEmailIngestionConfig,
    documentType: string | undefined,
  ): Promise<PrefixTestResult['extractor']> {
    if (!documentType) return null;
    const resolution = await resolveExtractorFor(this.deps.stores.extractors, orgId, stored.config, documentType);
    return resolution.outcome === 'none'
      ? null
      : {
          id: resolution.extractor.id,
          name: resolution.extractor.name,
          matchedBy: resolution.outcome === 'mapped' ? 'mapping' : 'document_type',
        };
  }
}

/** The duplicate verdict an attachment got on arrival, as the result shows it. */
function arrivalDuplicate(outcome: AttachmentOutcome): PrefixTestResult['duplicate'] {
  return outcome.duplicate ? { ...outcome.duplicate, detectedAt: 'arrival' } : null;
}
