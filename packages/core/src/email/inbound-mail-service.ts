import { coerceError, notFound } from '../shared/errors.js';
import type { Environment } from '../keys/scopes.js';
import { stageBlob } from '../ports/blob-store.port.js';
import type { ParsedMessage } from '../ports/message-parser.port.js';
import type { EmailIngestionConfig, UnauthenticatedPolicy } from './prefixes/email-ingestion-config.schema.js';
import { messageEvents } from './inbound/message-events.js';
import { scanRawHeaders } from './inbound/raw-headers.js';
import {
  blankMessageRecord,
  type AttachmentOutcome,
  type InboundMessageRecord,
  type InboundMessageResult,
} from './inbound/inbound-message.js';
import { type InboundMailDeps } from './inbound/inbound-mail-deps.js';
import { type FinishedMessage, type MessageFinishedDecision } from './inbound/message-hooks.js';
import { parseRecipient } from './inbound/recipient.js';
import { AttachmentPipeline } from './inbound/attachment-pipeline.js';
import { truncate } from './inbound/pipeline-state.js';
import { clean, cleanHeaders, withoutNul } from './inbound/without-nul.js';
import { PrefixTestRun, type PrefixTestInput, type PrefixTestResult } from './inbound/test-endpoint.js';
import {
  decideSender,
  unauthenticatedReason,
  type SenderAuthentication,
} from './inbound/sender-auth/sender-authentication.js';
import { refusedIfRejecting } from './inbound/sender-auth/refused-record.js';
import { TriageQueue } from './triage/triage-queue.js';

export type { InboundMailDeps } from './inbound/inbound-mail-deps.js';

/** What the SMTP edge answers one `RCPT TO` with. */
export type RecipientVerdict =
  | {
      accepted: true;
      orgId: string;
      prefix: string;
      tag: string | null;
      address: string;
      /** The prefix's `unauthenticated` setting (accept when not given). */
      unauthenticated?: UnauthenticatedPolicy;
    }
  | {
      accepted: false;
      reason: 'foreign_domain' | 'malformed' | 'reserved_prefix' | 'unknown_prefix' | 'inactive_prefix';
    };

/** The SMTP envelope of a message: who the server was told it is from and for. */
export interface Envelope {
  /** MAIL FROM; null for the null sender. */
  mailFrom: string | null;
  recipients: readonly Extract<RecipientVerdict, { accepted: true }>[];
  remoteAddress: string | null;
  helo: string | null;
}

/**
 * What `receive` made of a message: stored (for at least one prefix), or refused whole because
 * every prefix addressed rejects unauthenticated mail (`deferred`: the verdicts failed for a
 * temporary reason, and asking again later may pass).
 */
export type ReceiveOutcome =
  | { kind: 'stored'; records: InboundMessageRecord[]; authentication: SenderAuthentication | null }
  | { kind: 'refused' | 'deferred'; authentication: SenderAuthentication; reason: string };

export type MessageProcessOutcome =
  | { kind: 'idle' }
  | {
      kind: 'processed';
      messageId: string;
      orgId: string;
      status: 'processed' | 'failed';
      lostClaim: boolean;
      /** The jobs the message's attachments went to (to follow a document from its message). */
      jobIds: string[];
      /** Attachments waiting in the triage queue (the API calls them review items), and skipped ones. */
      awaitingReview: number;
      skipped: number;
      /** Why a failed message failed. */
      errorCode: string | null;
    };

/**
 * Mail in: what the SMTP edge asks about recipients, what it stores before answering 250, and the
 * asynchronous processing of stored messages into jobs, plus the test endpoint that runs a document
 * through the same steps. The triage queue (`triage`) shares its attachment pipeline.
 */
export class InboundMailService {
  private readonly pipeline: AttachmentPipeline;

  private readonly testRun: PrefixTestRun;

  /** The triage queue: what a person lists and decides. */
  readonly triage: TriageQueue;

  constructor(private readonly deps: InboundMailDeps) {
    this.pipeline = new AttachmentPipeline(deps);
    this.testRun = new PrefixTestRun(deps, this.pipeline);
    this.triage = new TriageQueue({ ...deps, pipeline: this.pipeline });
  }

  /** Decides one recipient: ours, an active prefix of some organization. */
  async checkRecipient(address: string): Promise<RecipientVerdict> {
    const parsed = parseRecipient(address, this.deps.options.domains);
    if (!parsed.ok) return { accepted: false, reason: parsed.reason };
    const config = await this.deps.stores.emailIngestion.findByPrefix(parsed.prefix);
    if (!config) return { accepted: false, reason: 'unknown_prefix' };
    if (!config.config.isActive) return { accepted: false, reason: 'inactive_prefix' };
    return {
      accepted: true,
      orgId: config.org_id,
      prefix: parsed.prefix,
      tag: parsed.tag,
      address,
      unauthenticated: config.config.unauthenticated,
    };
  }

  /**
   * The SMTP edge's DATA: the sender's verdicts, then the message stored (`accept`) unless every
   * prefix addressed refuses it. A prefix that refuses while another takes the message gets a
   * record of it as refused (failed, `sender_unauthenticated`), never processed: one answer goes
   * to the client for all recipients, and a 250 must not lose the copy silently.
   */
  async receive(envelope: Envelope, raw: Uint8Array): Promise<ReceiveOutcome> {
    const authentication = await this.authenticate(envelope, raw);
    if (authentication) {
      const decisions = envelope.recipients.map((r) => decideSender(r.unauthenticated ?? 'accept', authentication));
      if (decisions.length > 0 && decisions.every((d) => d === 'refuse' || d === 'defer')) {
        const kind = decisions.includes('defer') ? 'deferred' : 'refused';
        return { kind, authentication, reason: unauthenticatedReason(authentication) };
      }
    }
    return { kind: 'stored', records: await this.accept(envelope, raw, authentication), authentication };
  }

  /** The verdicts, or null without an authenticator (never throws: see SenderAuthenticator). */
  private async authenticate(envelope: Envelope, raw: Uint8Array): Promise<SenderAuthentication | null> {
    if (!this.deps.senderAuth) return null;
    return this.deps.senderAuth.authenticate(raw, {
      ip: envelope.remoteAddress,
      helo: envelope.helo,
      mailFrom: envelope.mailFrom,
    });
  }

  /**
   * Stores a message durably: the raw bytes and one record per prefix addressed, in one
   * transaction. Only when this resolves may the edge answer 250; if it throws, the answer is 451.
   *
   * The steps overlap where they can: the raw bytes are stored (readable, not yet synced), the
   * records committed, and then the bytes' sync and the database's (PGlite's log) run at the same
   * time; this resolves only once both are done. The records never name a file that cannot be read
   * yet. A power cut before the end (no 250 was sent) may leave records whose file is missing or
   * torn: the blob store answers such a file as missing, and processing marks the message failed
   * ("The stored message file is missing"); the client, never answered 250, sends it again.
   */
  async accept(
    envelope: Envelope,
    raw: Uint8Array,
    authentication: SenderAuthentication | null = null,
  ): Promise<InboundMessageRecord[]> {
    const byPrefix = new Map<string, Envelope['recipients'][number]>();
    for (const recipient of envelope.recipients)
      if (!byPrefix.has(recipient.prefix)) byPrefix.set(recipient.prefix, recipient);
    if (byPrefix.size === 0) throw new Error('a message needs at least one accepted recipient');
    const staged = await stageBlob(this.deps.blobs, raw);
    const blobKey = staged.key;
    const receivedAt = this.deps.clock.now().toISOString();
    const records = [...byPrefix.values()].map((r): InboundMessageRecord =>
      refusedIfRejecting(
        {
          ...blankMessageRecord(this.deps.ids('msg'), r.orgId, r.prefix, blobKey, raw.length, receivedAt),
          tag: r.tag,
          recipient: r.address,
          envelope_from: envelope.mailFrom,
          remote_address: envelope.remoteAddress,
          helo: envelope.helo,
          sender_authentication: authentication,
        },
        r.unauthenticated ?? 'accept',
      ),
    );
    await this.deps.stores.inboundMessages.insert(records);
    await Promise.all([staged.sync(), this.deps.syncCommitted?.()]);
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
    // A heartbeat, as for jobs: a slow message (OCR for classification) keeps its claim.
    const heartbeat = setInterval(
      () => {
        const until = new Date(clock.now().getTime() + options.leaseMs).toISOString();
        messages.extendLease(record.id, owner, until).catch(() => {});
      },
      Math.max(50, Math.floor(options.leaseMs / 3)),
    );
    heartbeat.unref?.();
    let processed: ProcessedMessage;
    try {
      processed = await this.process(record);
    } catch (error) {
      // A store or file system failure: the claim lapses and the message is tried again (its jobs
      // carry idempotency keys, so a retry creates none twice).
      this.deps.onUnexpectedError?.(coerceError(error), record.id);
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
    const { result } = processed;
    const at = this.deps.clock.now().toISOString();
    const decisions = this.decideFinished(record, processed, at);
    const events = messageEvents(this.deps.ids, record, result, processed.config, at);
    // What hooks decide and the webhook events are written in the transaction that finishes the
    // message: all or none (a message processed again after a crash decides them again, once).
    const kept =
      decisions.length === 0 && events.length === 0
        ? await messages.finish(record.id, owner, result)
        : await this.deps.stores.transaction(async (tx) => {
            const finished = await tx.inboundMessages.finish(record.id, owner, result);
            if (finished) {
              for (const decision of decisions) await decision.write(tx);
              for (const event of events) await tx.outbox.add(event);
            }
            return finished;
          });
    if (kept) for (const decision of decisions) decision.afterCommit?.();
    return {
      kind: 'processed',
      messageId: record.id,
      orgId: record.org_id,
      status: result.status,
      lostClaim: !kept,
      jobIds: [...new Set(result.outcomes.flatMap((o) => (o.job_id ? [o.job_id] : [])))],
      awaitingReview: result.outcomes.filter((o) => o.status === 'awaiting_review').length,
      skipped: result.outcomes.filter((o) => o.status === 'skipped').length,
      errorCode: result.error?.code ?? null,
    };
  }

  /** What the hooks decide about a finished message; none while its prefix is gone. */
  private decideFinished(
    record: InboundMessageRecord,
    processed: ProcessedMessage,
    at: string,
  ): MessageFinishedDecision[] {
    if (!processed.config) return [];
    const message: FinishedMessage = {
      record,
      result: processed.result,
      config: processed.config,
      headers: processed.headers,
      fallbackFrom: processed.fallbackFrom ?? null,
      at,
    };
    const decisions: MessageFinishedDecision[] = [];
    for (const hook of this.deps.hooks ?? []) {
      try {
        const decision = hook.onFinished?.(message);
        if (decision) decisions.push(decision);
      } catch (error) {
        // No hook (a notification, say) is worth losing the message's result over.
        this.deps.onUnexpectedError?.(coerceError(error), record.id);
      }
    }
    return decisions;
  }

  /** Fails messages whose daemon died during every allowed attempt. */
  async failAbandoned(): Promise<number> {
    return (
      await this.deps.stores.inboundMessages.failAbandoned(
        this.deps.clock.now().toISOString(),
        this.deps.options.maxAttempts,
      )
    ).length;
  }

  /** The mode's messages: mail received by SMTP is live; a test key sees only its test endpoint's messages. */
  async listMessages(
    orgId: string,
    mode: Environment,
    filter: { prefix?: string },
    page: { limit: number; offset: number },
  ) {
    const result = await this.deps.stores.inboundMessages.list(
      orgId,
      mode,
      filter.prefix ? { prefix: filter.prefix.toLowerCase() } : {},
      page,
    );
    return { items: await Promise.all(result.items.map((m) => this.withReviews(m))), total: result.total };
  }

  async getMessage(orgId: string, mode: Environment, id: string): Promise<InboundMessageRecord> {
    const found = await this.deps.stores.inboundMessages.get(orgId, mode, id);
    if (!found) throw notFound('Message', id);
    return this.withReviews(found);
  }

  /** Attachments that waited for review show how the review ended (the job, or the rejection). */
  private async withReviews(message: InboundMessageRecord): Promise<InboundMessageRecord> {
    if (!message.outcomes.some((o) => o.review_id && o.status === 'awaiting_review')) return message;
    const outcomes = await Promise.all(
      message.outcomes.map(async (o): Promise<AttachmentOutcome> => {
        if (!o.review_id || o.status !== 'awaiting_review') return o;
        const item = await this.deps.stores.triageItems.get(message.org_id, message.environment, o.review_id);
        if (item?.status === 'resolved') {
          return {
            ...o,
            status: item.job_id ? 'job_created' : 'skipped',
            job_id: item.job_id,
            ...(o.classification && item.resolved_type
              ? {
                  classification: {
                    ...o.classification,
                    documentType: item.resolved_type,
                    source: 'reviewer' as const,
                  },
                }
              : {}),
          };
        }
        if (item?.status === 'rejected')
          return {
            ...o,
            status: 'skipped',
            reason: { code: 'rejected_by_reviewer', message: `Rejected in review ${item.id}` },
          };
        return o;
      }),
    );
    return { ...message, outcomes };
  }

  /**
   * Runs one document through a prefix's steps as if it had arrived by mail. With simulateOnly
   * nothing is stored or sent; otherwise a message (source `test`) of the caller's mode is
   * recorded and the job created in that mode (a test key's job is simulated and free).
   */
  test(orgId: string, mode: Environment, input: PrefixTestInput): Promise<PrefixTestResult> {
    return this.testRun.run(orgId, mode, input);
  }

  private async process(record: InboundMessageRecord): Promise<ProcessedMessage> {
    const failedResult = (
      code: NonNullable<InboundMessageResult['error']>['code'],
      message: string,
      parsed?: ParsedMessage,
    ): InboundMessageResult => ({
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
      return {
        result: failedResult(
          'prefix_unavailable',
          `The prefix ${record.prefix} was deleted after this message was accepted; the message is kept but not processed`,
        ),
        config: null,
        headers: null,
      };
    }
    const raw = await this.deps.blobs.get(record.blob_key);
    if (!raw)
      return {
        result: failedResult('internal_error', 'The stored message file is missing'),
        config: stored.config,
        headers: null,
      };
    let parsed: ParsedMessage;
    try {
      parsed = withoutNul(
        await this.deps.parser.parse(raw, { maxAttachments: this.deps.options.maxAttachmentsPerMessage }),
      );
    } catch (error) {
      // The loop guard still needs the header fields: read them without the MIME parser.
      const scanned = scanRawHeaders(raw);
      const reason = clean(`The message could not be parsed: ${coerceError(error).message}`);
      return {
        result: failedResult('unparseable_message', reason),
        config: stored.config,
        headers: cleanHeaders(scanned.headers),
        fallbackFrom: clean(scanned.from),
      };
    }
    return {
      result: await this.pipeline.processParsed(record, stored, parsed),
      config: stored.config,
      headers: parsed.headers,
    };
  }
}

/** A message's result and what its notifications are decided from. */
interface ProcessedMessage {
  result: InboundMessageResult;
  /** The prefix's configuration; null when the prefix is gone. */
  config: EmailIngestionConfig | null;
  /** Header fields (lowercase names); null when the message could not be read at all. */
  headers: Record<string, string> | null;
  /** From of a message the parser could not read, from its raw header. */
  fallbackFrom?: string | null;
}
