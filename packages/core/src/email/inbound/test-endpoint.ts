import { z } from 'zod';
import { invalidRequest, notFound } from '../../shared/errors.js';
import type { Environment } from '../../keys/index.js';
import { parseInput } from '../../shared/validation.js';
import type { JobRecord } from '../../jobs/job.js';
import type { ParsedAttachment, ParsedMessage } from '../../ports/message-parser.port.js';
import { type StoredEmailIngestionConfig, resolveExtractorFor } from '../prefixes/index.js';
import { duplicateSettingsOf } from '../duplicates/index.js';
import { jobRouting, routeOnArrival } from '../routing/index.js';
import type { RoutingDecision } from '../../jobs/job-routing.js';
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

/** Body of POST /api/email-ingestion/test: a message to run through a prefix's configuration. */
export const EmailIngestionTestSchema = z
  .strictObject({
    emailPrefix: z.string().min(1),
    testDocument: z.string().min(1).describe('The document, base64-encoded'),
    simulateOnly: z.boolean().default(false),
    filename: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .describe('Name the attachment would have had (default test-document)'),
    subject: z.string().max(998).optional(),
    from: z.email().optional(),
  })
  .meta({ id: 'EmailIngestionTestRequest' });

export interface EmailIngestionTestResult {
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
  /**
   * What the prefix's routing rules decide: on arrival, or (when the extraction finished within
   * the wait) the final decision with the amount rules.
   */
  routing: RoutingDecision;
  /** The duplicate verdict: an identical file on arrival, or the match fields after extraction; null when none. */
  duplicate: {
    of: string;
    matched: string[];
    action: 'reject' | 'flag' | 'process';
    detectedAt: 'arrival' | 'extraction';
  } | null;
  /**
   * Without simulateOnly, when a job was created: its outcome, waited for up to the server's limit
   * (status `queued` or `processing` when it had not finished by then; poll the job). Null otherwise.
   */
  extraction: TestExtraction | null;
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

export interface TestOptions {
  /** How long to wait for the job's extraction before answering; default 0 (do not wait). */
  waitForExtractionMs?: number;
  /** Called once the job is queued (wakes the job workers). */
  onJobCreated?: () => void;
  /**
   * The document, already decoded from the body's `testDocument` by the caller (the daemon decodes
   * large bodies off its event loop); the input then comes without `testDocument`.
   */
  document?: Uint8Array;
}

/** The request without its document, when the caller has decoded it (TestOptions.document). */
const DecodedTestSchema = EmailIngestionTestSchema.omit({ testDocument: true });

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/;

/**
 * `POST /api/email-ingestion/test`: one document through a prefix's steps as if it had arrived by
 * mail, through the same attachment pipeline.
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
  async run(
    orgId: string,
    mode: Environment,
    rawInput: unknown,
    options: TestOptions = {},
  ): Promise<EmailIngestionTestResult> {
    const { input, encoded } = options.document
      ? { input: parseInput(DecodedTestSchema, rawInput), encoded: null }
      : splitDocument(parseInput(EmailIngestionTestSchema, rawInput));
    const stored = await this.deps.stores.emailIngestion.get(orgId, input.emailPrefix.toLowerCase());
    if (!stored) throw notFound('Email ingestion configuration', input.emailPrefix);
    const bytes = options.document ?? decodeTestDocument(encoded ?? '');
    const attachment: ParsedAttachment = {
      filename: input.filename ?? 'test-document',
      contentType: 'application/octet-stream',
      inline: false,
      contentId: null,
      content: bytes,
    };
    const message: ParsedMessage = {
      from: input.from ?? null,
      subject: input.subject ?? null,
      messageId: null,
      headers: {},
      text: null,
      attachments: [attachment],
    };
    const arrivalDuplicate = (o: AttachmentOutcome): EmailIngestionTestResult['duplicate'] =>
      o.duplicate ? { ...o.duplicate, detectedAt: 'arrival' } : null;
    if (!input.simulateOnly) {
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
      let extraction: TestExtraction | null = null;
      let routing: RoutingDecision = arrival;
      let duplicate = arrivalDuplicate(outcome);
      if (outcome.job_id) {
        options.onJobCreated?.();
        const job = await this.waitForJob(orgId, mode, outcome.job_id, options.waitForExtractionMs ?? 0);
        if (job) {
          extraction = {
            job_id: job.id,
            status: job.status,
            extracted_data: job.extracted_data,
            confidence: job.confidence,
            needs_review: job.needs_review,
            validation_errors: job.validation_errors,
            error_details: job.error_details,
            blocked_on_credits: job.blocked_on_credits,
          };
          if (job.routing?.decision) routing = job.routing.decision;
          if (job.duplicate?.verdict) duplicate = job.duplicate.verdict;
        }
      }
      return {
        emailPrefix: stored.prefix,
        simulateOnly: false,
        classification: outcome.classification ?? null,
        extractor: await this.extractorView(orgId, stored, outcome.classification?.documentType),
        attachment: outcome,
        messageId: record.id,
        jobId: outcome.job_id,
        reviewId: outcome.review_id ?? null,
        routing,
        duplicate,
        extraction,
      };
    }
    // Simulated: the same decisions, nothing stored, queued or sent.
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
      extraction: null,
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

  /** The job once it has finished, or as it is when `waitMs` has passed. */
  private async waitForJob(orgId: string, mode: Environment, jobId: string, waitMs: number): Promise<JobRecord | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const job = await this.deps.stores.jobs.get(orgId, mode, jobId);
      if (
        !job ||
        job.status === 'completed' ||
        job.status === 'failed' ||
        job.blocked_on_credits ||
        Date.now() >= deadline
      )
        return job;
      await new Promise((resolve) => setTimeout(resolve, Math.min(100, Math.max(1, deadline - Date.now()))));
    }
  }

  private async extractorView(
    orgId: string,
    stored: StoredEmailIngestionConfig,
    documentType: string | undefined,
  ): Promise<EmailIngestionTestResult['extractor']> {
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

function splitDocument({ testDocument, ...input }: z.infer<typeof EmailIngestionTestSchema>): {
  input: z.infer<typeof DecodedTestSchema>;
  encoded: string;
} {
  return { input, encoded: testDocument };
}

function decodeTestDocument(text: string): Uint8Array {
  if (!BASE64.test(text))
    throw invalidRequest('The request is invalid (testDocument: must be base64)', [
      { path: 'testDocument', message: 'must be base64' },
    ]);
  return new Uint8Array(Buffer.from(text, 'base64'));
}
