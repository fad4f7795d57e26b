import { z } from 'zod';
import { AppError, coerceError, invalidRequest, notFound } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { parseInput } from '../../shared/validation.js';
import type { AuthContext } from '../../keys/api-key.js';
import type { Intake, IntakeStores } from '../../intake.js';
import type { JobPipeline } from '../../jobs/job-pipeline.js';
import type { BlobStore } from '../../ports/blob-store.port.js';
import type { Clock } from '../../ports/clock.port.js';
import type { DocumentCombiner, MessageParser, ParsedAttachment, ParsedMessage } from '../../ports/message-parser.port.js';
import type { JobSubmissionService } from '../../jobs/job-submission.js';
import type { StoredEmailIngestionConfig } from '../email-ingestion-config.js';
import { resolveExtractorFor } from '../extractor-mapping.js';
import { planAttachments, type KeptAttachment } from './attachment-plan.js';
import type { AttachmentOutcome, InboundMessageRecord, InboundMessageResult } from './inbound-message.js';
import { parseRecipient } from './recipient.js';

export interface InboundMailOptions {
  /** The domains we receive for (lowercase): EMAIL_DOMAIN. */
  domains: readonly string[];
  /** How long a worker's claim on a message lasts. */
  leaseMs: number;
  /** Attempts before a message whose daemon keeps dying is marked failed. */
  maxAttempts: number;
  /** Attachments of one message looked at; the rest are ignored (recorded on the message). */
  maxAttachmentsPerMessage: number;
}

export interface InboundMailDeps {
  stores: IntakeStores;
  blobs: BlobStore;
  parser: MessageParser;
  combiner: DocumentCombiner;
  submissions: JobSubmissionService;
  clock: Clock;
  ids: IdGenerator;
  options: InboundMailOptions;
  onUnexpectedError?: (error: Error, messageId: string) => void;
  /** Makes committed rows durable on disk where a commit alone does not (embedded databases). */
  syncCommitted?: () => Promise<void>;
}

/** What the SMTP edge answers one `RCPT TO` with. */
export type RecipientVerdict =
  | { accepted: true; orgId: string; prefix: string; tag: string | null; address: string }
  | { accepted: false; reason: 'foreign_domain' | 'malformed' | 'reserved_prefix' | 'unknown_prefix' | 'inactive_prefix' };

export interface Envelope {
  /** MAIL FROM; null for the null sender. */
  mailFrom: string | null;
  recipients: readonly Extract<RecipientVerdict, { accepted: true }>[];
  remoteAddress: string | null;
  helo: string | null;
}

export type MessageProcessOutcome = { kind: 'idle' } | { kind: 'processed'; messageId: string; status: 'processed' | 'failed'; lostClaim: boolean };

const PRIORITY: Record<string, number> = { low: -10, normal: 0, high: 10, critical: 20 };

/** The identity jobs created from mail carry: live, on behalf of the prefix's organization. */
const mailAuth = (orgId: string): AuthContext => ({ orgId, keyId: 'email', environment: 'live', scopes: [], rateLimitPerMinute: 0 });

const truncate = (value: string | null, max: number): string | null => (value === null || value.length <= max ? value : `${value.slice(0, max - 1)}…`);

export const EmailIngestionTestSchema = z
  .strictObject({
    emailPrefix: z.string().min(1),
    testDocument: z.string().min(1).describe('The document, base64-encoded'),
    simulateOnly: z.boolean().default(false),
    filename: z.string().min(1).max(255).optional().describe('Name the attachment would have had (default test-document)'),
    subject: z.string().max(998).optional(),
    from: z.email().optional(),
  })
  .meta({ id: 'EmailIngestionTestRequest' });

export interface EmailIngestionTestResult {
  emailPrefix: string;
  simulateOnly: boolean;
  documentType: string;
  extractor: { id: string; name: string; matchedBy: 'mapping' | 'document_type' } | null;
  attachment: AttachmentOutcome;
  /** Without simulateOnly: the message recorded as received (source `test`); null otherwise. */
  messageId: string | null;
  /** The job created (null when simulated or when the attachment was skipped). */
  jobId: string | null;
}

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/;

/**
 * Mail in: what the SMTP edge asks about recipients, what it stores before answering 250, and the
 * asynchronous processing of stored messages into jobs, plus the test endpoint that runs a document
 * through the same steps.
 */
export class InboundMailService {
  constructor(private readonly deps: InboundMailDeps) {}

  /** Decides one recipient: ours, an active prefix of some organization. */
  async checkRecipient(address: string): Promise<RecipientVerdict> {
    const parsed = parseRecipient(address, this.deps.options.domains);
    if (!parsed.ok) return { accepted: false, reason: parsed.reason };
    const config = await this.deps.stores.emailIngestion.findByPrefix(parsed.prefix);
    if (!config) return { accepted: false, reason: 'unknown_prefix' };
    if (!config.config.isActive) return { accepted: false, reason: 'inactive_prefix' };
    return { accepted: true, orgId: config.org_id, prefix: parsed.prefix, tag: parsed.tag, address };
  }

  /**
   * Stores a message durably: the raw bytes (synced) and one record per prefix addressed, in one
   * transaction. Only when this resolves may the edge answer 250; if it throws, the answer is 451.
   */
  async accept(envelope: Envelope, raw: Uint8Array): Promise<InboundMessageRecord[]> {
    const byPrefix = new Map<string, Envelope['recipients'][number]>();
    for (const recipient of envelope.recipients) if (!byPrefix.has(recipient.prefix)) byPrefix.set(recipient.prefix, recipient);
    if (byPrefix.size === 0) throw new Error('a message needs at least one accepted recipient');
    const blobKey = await this.deps.blobs.put(raw);
    const receivedAt = this.deps.clock.now().toISOString();
    const records = [...byPrefix.values()].map((r): InboundMessageRecord => ({
      ...this.blankRecord(r.orgId, r.prefix, blobKey, raw.length, receivedAt),
      tag: r.tag,
      recipient: r.address,
      envelope_from: envelope.mailFrom,
      remote_address: envelope.remoteAddress,
      helo: envelope.helo,
    }));
    await this.deps.stores.inboundMessages.insert(records);
    await this.deps.syncCommitted?.();
    return records;
  }

  /** Claims one stored message and processes it; never throws for a bad message (it is recorded as failed). */
  async processNext(owner: string): Promise<MessageProcessOutcome> {
    const { clock, options } = this.deps;
    const messages = this.deps.stores.inboundMessages;
    const now = clock.now();
    const record = await messages.claimNext(owner, {
      now: now.toISOString(),
      leaseExpiresAt: new Date(now.getTime() + options.leaseMs).toISOString(),
      maxAttempts: options.maxAttempts,
    });
    if (!record) return { kind: 'idle' };
    let result: InboundMessageResult;
    try {
      result = await this.process(record);
    } catch (error) {
      // A store or file system failure: the claim lapses and the message is tried again (its jobs
      // carry idempotency keys, so a retry creates none twice).
      this.deps.onUnexpectedError?.(coerceError(error), record.id);
      throw error;
    }
    const kept = await messages.finish(record.id, owner, result);
    return { kind: 'processed', messageId: record.id, status: result.status, lostClaim: !kept };
  }

  /** Fails messages whose daemon died during every allowed attempt. */
  async failAbandoned(): Promise<number> {
    return (await this.deps.stores.inboundMessages.failAbandoned(this.deps.clock.now().toISOString(), this.deps.options.maxAttempts)).length;
  }

  async listMessages(orgId: string, filter: { prefix?: string }, page: { limit: number; offset: number }) {
    return this.deps.stores.inboundMessages.list(orgId, filter.prefix ? { prefix: filter.prefix.toLowerCase() } : {}, page);
  }

  async getMessage(orgId: string, id: string): Promise<InboundMessageRecord> {
    const found = await this.deps.stores.inboundMessages.get(orgId, id);
    if (!found) throw notFound('Message', id);
    return found;
  }

  /**
   * Runs one document through a prefix's steps as if it had arrived by mail. With simulateOnly
   * nothing is stored or sent; otherwise a message (source `test`) is recorded and the job created.
   */
  async test(orgId: string, rawInput: unknown): Promise<EmailIngestionTestResult> {
    const input = parseInput(EmailIngestionTestSchema, rawInput);
    const stored = await this.deps.stores.emailIngestion.get(orgId, input.emailPrefix.toLowerCase());
    if (!stored) throw notFound('Email ingestion configuration', input.emailPrefix);
    if (!BASE64.test(input.testDocument)) throw invalidRequest('The request is invalid (testDocument: must be base64)', [{ path: 'testDocument', message: 'must be base64' }]);
    const bytes = new Uint8Array(Buffer.from(input.testDocument, 'base64'));
    const attachment: ParsedAttachment = { filename: input.filename ?? 'test-document', contentType: 'application/octet-stream', inline: false, contentId: null, content: bytes };
    const message: ParsedMessage = { from: input.from ?? null, subject: input.subject ?? null, messageId: null, headers: {}, text: null, attachments: [attachment] };
    const documentType = stored.config.defaultDocumentType;
    const resolution = await resolveExtractorFor(this.deps.stores.extractors, orgId, stored.config, documentType);
    const extractor = resolution.outcome === 'none' ? null : { id: resolution.extractor.id, name: resolution.extractor.name, matchedBy: resolution.outcome === 'mapped' ? ('mapping' as const) : ('document_type' as const) };
    if (input.simulateOnly) {
      const plan = planAttachments(stored.config.attachments, message.attachments);
      let outcome = plan.outcomes[0]!;
      if (outcome.status !== 'skipped' && !extractor) outcome = noExtractor(outcome, documentType);
      return { emailPrefix: stored.prefix, simulateOnly: true, documentType, extractor, attachment: outcome, messageId: null, jobId: null };
    }
    const receivedAt = this.deps.clock.now().toISOString();
    const raw = new TextEncoder().encode(`Subject: ${input.subject ?? 'test'}\r\nX-Intake-Test: yes\r\n\r\n`);
    const record: InboundMessageRecord = {
      ...this.blankRecord(orgId, stored.prefix, await this.deps.blobs.put(raw), raw.length, receivedAt),
      source: 'test',
      recipient: `${stored.prefix}@test`,
      envelope_from: input.from ?? null,
    };
    const result = await this.processParsed(record, stored, message);
    await this.deps.stores.inboundMessages.insert([{ ...record, ...result, lease_owner: null, lease_expires_at: null }]);
    const outcome = result.outcomes[0]!;
    return { emailPrefix: stored.prefix, simulateOnly: false, documentType, extractor, attachment: outcome, messageId: record.id, jobId: outcome.job_id };
  }

  private blankRecord(orgId: string, prefix: string, blobKey: string, size: number, receivedAt: string): InboundMessageRecord {
    return {
      id: this.deps.ids('msg'),
      org_id: orgId,
      prefix,
      tag: null,
      recipient: '',
      envelope_from: null,
      remote_address: null,
      helo: null,
      size_bytes: size,
      blob_key: blobKey,
      source: 'smtp',
      status: 'received',
      attempts: 0,
      lease_owner: null,
      lease_expires_at: null,
      from_address: null,
      subject: null,
      message_id_header: null,
      outcomes: [],
      error: null,
      received_at: receivedAt,
      processed_at: null,
    };
  }

  private async process(record: InboundMessageRecord): Promise<InboundMessageResult> {
    const failed = (code: NonNullable<InboundMessageResult['error']>['code'], message: string, parsed?: ParsedMessage): InboundMessageResult => ({
      status: 'failed',
      from_address: parsed?.from ?? null,
      subject: truncate(parsed?.subject ?? null, 998),
      message_id_header: truncate(parsed?.messageId ?? null, 998),
      outcomes: [],
      error: { code, message },
      processed_at: this.deps.clock.now().toISOString(),
    });
    const stored = await this.deps.stores.emailIngestion.findByPrefix(record.prefix);
    if (!stored || stored.org_id !== record.org_id) {
      return failed('prefix_unavailable', `The prefix ${record.prefix} was deleted after this message was accepted; the message is kept but not processed`);
    }
    const raw = await this.deps.blobs.get(record.blob_key);
    if (!raw) return failed('internal_error', 'The stored message file is missing');
    let parsed: ParsedMessage;
    try {
      parsed = await this.deps.parser.parse(raw, { maxAttachments: this.deps.options.maxAttachmentsPerMessage });
    } catch (error) {
      return failed('unparseable_message', `The message could not be parsed: ${coerceError(error).message}`);
    }
    return this.processParsed(record, stored, parsed);
  }

  /** Attachments to jobs, for a message already parsed. */
  private async processParsed(record: InboundMessageRecord, stored: StoredEmailIngestionConfig, parsed: ParsedMessage): Promise<InboundMessageResult> {
    const { config } = stored;
    const plan = planAttachments(config.attachments, parsed.attachments);
    let outcomes = plan.outcomes;
    const documentType = config.defaultDocumentType;
    const resolution = plan.kept.length > 0 ? await resolveExtractorFor(this.deps.stores.extractors, record.org_id, config, documentType) : null;
    if (resolution && resolution.outcome !== 'none') {
      const metadataBase = {
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
        },
      };
      const submit = async (kept: readonly KeptAttachment[], bytes: Uint8Array, mimeType: string, key: string) => {
        try {
          const { job } = await this.deps.submissions.submit(mailAuth(record.org_id), {
            extractor_id: resolution.extractor.id,
            bytes,
            declaredMimeType: mimeType,
            metadata: { ...metadataBase, attachments: kept.map((k) => k.filename) },
            idempotencyKey: `email:${record.id}:${key}`,
            priority: PRIORITY[config.processingPriority] ?? 0,
          });
          outcomes = outcomes.map((o) => (kept.some((k) => k.index === o.index) ? { ...o, job_id: job.id } : o));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcomes = outcomes.map((o) => (kept.some((k) => k.index === o.index) ? { ...o, status: 'skipped', reason: { code: 'submission_failed', message: `${error.code}: ${error.message}` } } : o));
        }
      };
      if (config.attachments.combineAttachments && plan.kept.length > 1) {
        let combined: Uint8Array | null = null;
        try {
          combined = await this.deps.combiner.combine(plan.kept.map((k) => ({ bytes: k.bytes, mimeType: k.mimeType })));
        } catch (error) {
          const message = `The attachments could not be combined into one PDF: ${coerceError(error).message}`;
          outcomes = outcomes.map((o) => (o.status === 'job_created' ? { ...o, status: 'skipped', reason: { code: 'submission_failed', message } } : o));
        }
        if (combined) await submit(plan.kept, combined, 'application/pdf', 'combined');
      } else {
        for (const kept of plan.kept) await submit([kept], kept.bytes, kept.mimeType, String(kept.index));
      }
    } else if (resolution) {
      outcomes = outcomes.map((o) => (o.status === 'job_created' ? noExtractor(o, documentType) : o));
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
}

const noExtractor = (outcome: AttachmentOutcome, documentType: string): AttachmentOutcome => ({
  ...outcome,
  status: 'skipped',
  reason: { code: 'no_extractor', message: `No active extractor for document type ${documentType}: create one, or map the type in the configuration's extractors` },
});

/** The mail-in service over Intake's stores and a job pipeline. */
export function createInboundMail(
  intake: Pick<Intake, 'stores' | 'clock' | 'ids'>,
  pipeline: Pick<JobPipeline, 'submissions' | 'blobs'>,
  deps: Pick<InboundMailDeps, 'parser' | 'combiner' | 'options' | 'onUnexpectedError' | 'syncCommitted'>,
): InboundMailService {
  return new InboundMailService({ stores: intake.stores, blobs: pipeline.blobs, submissions: pipeline.submissions, clock: intake.clock, ids: intake.ids, ...deps });
}
