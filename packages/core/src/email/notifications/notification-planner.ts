/**
 * Which notifications a processed message, an ended job or an ERP failure produces: pure
 * functions from facts to rows. Writing the rows (in the transaction of the change) is the
 * caller's; sending them is NotificationService's.
 */
import type { IdGenerator } from '../../shared/ids.js';
import type { EmailIngestionConfig, INTERNAL_NOTIFICATION_EVENTS } from '../prefixes/index.js';
import type { InboundMessageRecord, InboundMessageResult } from '../inbound/index.js';
import {
  INTAKE_NOTIFICATION_HEADER,
  NOTIFICATION_HEADERS,
  domainOf,
  internalRecipientProblem,
  senderReplyVerdict,
  type ReplyVerdict,
} from './loop-guard.js';
import type {
  JobEventForNotification,
  NotificationKind,
  NotificationRecord,
  NotificationSender,
} from './notification.js';
import {
  digestText,
  documentReceivedText,
  erpSyncFailedText,
  headerSafe,
  jobOutcomeText,
  messageErrorText,
  messageProblems,
  paymentDetailsChangedText,
  receiptConfirmationText,
  reviewNeededText,
  type ErpSyncFailure,
  type JobFacts,
  type MailText,
  type MessageFacts,
} from './notification-texts.js';

export interface PlanContext {
  ids: IdGenerator;
  /** Now, ISO 8601. */
  now: string;
  /** The domains we receive for (lowercase): never a recipient, the fallback domain of our From. */
  ownDomains: readonly string[];
  /** Base of links in internal mail; none without it. */
  publicBaseUrl?: string;
}

export interface MessagePlan {
  rows: NotificationRecord[];
  /** Kept for the notifications of the message's jobs (processing complete, job failures). */
  sender: NotificationSender | null;
}

/** The From of our mail for a message: notificationFromAddress, or no-reply@ the domain it was sent to. */
export function notificationFrom(
  config: EmailIngestionConfig,
  recipient: string | null,
  ownDomains: readonly string[],
): string {
  return (
    config.senderNotifications.notificationFromAddress ??
    `no-reply@${domainOf(recipient) ?? ownDomains[0] ?? 'localhost'}`
  );
}

/** Message-ID of a notification: its id at the domain of its From. */
export const notificationMessageId = (row: Pick<NotificationRecord, 'id' | 'from_address'>): string =>
  `${row.id}@${domainOf(row.from_address) ?? 'intake.invalid'}`;

interface RowInput {
  orgId: string;
  kind: NotificationKind;
  recipient: string;
  from: string;
  /** Senders' replies go with the null sender. */
  envelopeFrom: string | null;
  text: MailText;
  status: 'pending' | 'suppressed' | 'digest_pending';
  reason?: string | null;
  sourceKey: string;
  messageId?: string | null;
  jobId?: string | null;
  prefix?: string | null;
  inReplyTo?: string | null;
}

function row(ctx: PlanContext, input: RowInput): NotificationRecord {
  const headers: Record<string, string> = { ...NOTIFICATION_HEADERS, [INTAKE_NOTIFICATION_HEADER]: input.kind };
  if (input.inReplyTo) {
    const id = `<${headerSafe(input.inReplyTo, 900).replace(/^<|>$/g, '')}>`;
    headers['In-Reply-To'] = id;
    headers.References = id;
  }
  return {
    id: ctx.ids('ntf'),
    org_id: input.orgId,
    kind: input.kind,
    recipient: input.recipient,
    from_address: input.from,
    envelope_from: input.envelopeFrom,
    subject: headerSafe(input.text.subject, 250),
    body: input.text.body,
    headers,
    status: input.status,
    attempts: 0,
    next_attempt_at: input.status === 'pending' ? ctx.now : null,
    lease_owner: null,
    lease_expires_at: null,
    last_error: input.status === 'suppressed' ? (input.reason ?? 'suppressed') : null,
    created_at: ctx.now,
    sent_at: null,
    source_key: input.sourceKey,
    message_id: input.messageId ?? null,
    job_id: input.jobId ?? null,
    prefix: input.prefix ?? null,
    digest_key: null,
    digest_id: null,
  };
}

/** Rows for a prefix's internal recipients of one event: real time, digest items, or suppressed. */
function internalRows(
  ctx: PlanContext,
  config: EmailIngestionConfig,
  input: Omit<RowInput, 'recipient' | 'status' | 'envelopeFrom' | 'sourceKey'> & {
    event: (typeof INTERNAL_NOTIFICATION_EVENTS)[number];
    sourceKey: string;
  },
): NotificationRecord[] {
  const settings = config.internalNotifications;
  if (!settings.events.includes(input.event)) return [];
  return [...new Set(settings.recipients.map((r) => r.toLowerCase()))].map((recipient) => {
    const problem = internalRecipientProblem(recipient, ctx.ownDomains);
    return row(ctx, {
      ...input,
      recipient,
      envelopeFrom: input.from,
      status: problem ? 'suppressed' : settings.digestMode ? 'digest_pending' : 'pending',
      reason: problem,
      sourceKey: `${input.sourceKey}:${recipient}`,
    });
  });
}

/**
 * What a processed (or failed) message produces. To the sender, at most one mail: the error
 * notification when there are problems and sendErrorNotification is on, else the receipt
 * confirmation when sendReceiptConfirmation is on (a failed message gets no receipt). To internal
 * recipients: document_received, and human_review_needed when documents wait for review.
 * Test messages (source `test`) and messages carrying a notification of ours produce nothing.
 */
export function planMessageNotifications(ctx: PlanContext, input: MessagePlanInput): MessagePlan {
  const { record, result, config } = input;
  if (record.source === 'test') return { rows: [], sender: null };
  const headers = input.headers ?? {};
  if (Object.prototype.hasOwnProperty.call(headers, INTAKE_NOTIFICATION_HEADER.toLowerCase()))
    return { rows: [], sender: null };
  const from = result.from_address ?? input.fallbackFrom ?? null;
  const facts: MessageFacts = {
    id: record.id,
    prefix: record.prefix,
    recipient: record.recipient,
    sender: from ?? record.envelope_from,
    subject: result.subject,
    received_at: record.received_at,
    status: result.status,
    error: result.error,
    outcomes: result.outcomes,
  };
  const ourFrom = notificationFrom(config, record.recipient, ctx.ownDomains);
  // Without the header fields (nothing could be read) nobody is answered.
  const verdict: ReplyVerdict =
    input.headers === null
      ? { ok: false as const, reason: 'the message header could not be read' }
      : senderReplyVerdict({ headers, from, envelopeFrom: record.envelope_from, ownDomains: ctx.ownDomains });
  const reply: SenderReply = { from, ourFrom, verdict };
  const rows = [...senderRows(ctx, input, facts, reply), ...internalMessageRows(ctx, input, facts, ourFrom)];
  return { rows, sender: completionSender(ctx, input, reply) };
}

/** What planMessageNotifications is given about one message. */
interface MessagePlanInput {
  record: InboundMessageRecord;
  result: InboundMessageResult;
  config: EmailIngestionConfig;
  /** The message's header fields (lowercase names); null when unknown. */
  headers: Readonly<Record<string, string>> | null;
  /** The From address when the result has none (read from the raw header of an unparseable message). */
  fallbackFrom?: string | null;
}

/** How the sender of a message is answered: its From, ours, and whether a reply may go out. */
interface SenderReply {
  from: string | null;
  ourFrom: string;
  verdict: ReplyVerdict;
}

/** To the sender, at most one mail: the error notification, else the receipt confirmation. */
function senderRows(
  ctx: PlanContext,
  { record, result, config }: MessagePlanInput,
  facts: MessageFacts,
  { from, ourFrom, verdict }: SenderReply,
): NotificationRecord[] {
  const flags = config.senderNotifications;
  const senderRow = (kind: 'receipt_confirmation' | 'error', text: MailText) =>
    row(ctx, {
      orgId: record.org_id,
      kind,
      recipient: verdict.ok ? verdict.to : (from ?? record.envelope_from ?? ''),
      from: ourFrom,
      envelopeFrom: null,
      text,
      status: verdict.ok ? 'pending' : 'suppressed',
      reason: verdict.ok ? null : `not sent: ${verdict.reason}`,
      sourceKey: `${kind}:${record.id}`,
      messageId: record.id,
      prefix: record.prefix,
      inReplyTo: result.message_id_header,
    });
  const problems = messageProblems(facts);
  if (problems.length > 0 && flags.sendErrorNotification)
    return [senderRow('error', messageErrorText(facts, problems))];
  if (result.status === 'processed' && flags.sendReceiptConfirmation)
    return [
      senderRow(
        'receipt_confirmation',
        receiptConfirmationText(facts, { completionFollows: flags.sendProcessingComplete }),
      ),
    ];
  return [];
}

/** To internal recipients: document_received, and human_review_needed when documents wait for review. */
function internalMessageRows(
  ctx: PlanContext,
  { record, result, config }: MessagePlanInput,
  facts: MessageFacts,
  ourFrom: string,
): NotificationRecord[] {
  const base = { orgId: record.org_id, from: ourFrom, messageId: record.id, prefix: record.prefix };
  const rows = internalRows(ctx, config, {
    ...base,
    kind: 'document_received',
    event: 'document_received',
    text: documentReceivedText(facts, ctx.publicBaseUrl),
    sourceKey: `document_received:${record.id}`,
  });
  if (result.outcomes.some((o) => o.status === 'awaiting_review')) {
    rows.push(
      ...internalRows(ctx, config, {
        ...base,
        kind: 'human_review_needed',
        event: 'human_review_needed',
        text: reviewNeededText(facts, ctx.publicBaseUrl),
        sourceKey: `human_review_needed:${record.id}`,
      }),
    );
  }
  return rows;
}

/** The sender kept for the notifications of the message's jobs; null when none will follow. */
function completionSender(
  ctx: PlanContext,
  { record, result, config }: MessagePlanInput,
  { ourFrom, verdict }: SenderReply,
): NotificationSender | null {
  const flags = config.senderNotifications;
  const awaitsJobs =
    result.status === 'processed' &&
    result.outcomes.some((o) => o.status === 'job_created' || o.status === 'awaiting_review');
  if (!awaitsJobs || !(flags.sendProcessingComplete || flags.sendErrorNotification)) return null;
  return {
    message_id: record.id,
    org_id: record.org_id,
    prefix: record.prefix,
    reply_to: verdict.ok ? verdict.to : null,
    suppressed_reason: verdict.ok ? null : verdict.reason,
    from_address: ourFrom,
    in_reply_to: result.message_id_header,
    subject: result.subject,
    received_at: record.received_at,
    created_at: ctx.now,
  };
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The facts of a job event of an email job; null when it is not one. */
export function jobFactsOf(event: JobEventForNotification): JobFacts | null {
  const data = event.data;
  const metadata = obj(data.metadata);
  const email = obj(metadata.email);
  const messageId = str(email.message_id);
  if (metadata.source !== 'email' || !messageId) return null;
  const error = obj(data.error_details);
  return {
    id: String(data.id),
    status: event.event === 'job.completed' ? 'completed' : 'failed',
    message_id: messageId,
    prefix: str(email.prefix) ?? '',
    subject: str(email.subject),
    attachments: Array.isArray(metadata.attachments)
      ? metadata.attachments.filter((a): a is string => typeof a === 'string')
      : [],
    document_type: str(obj(metadata.classification).documentType),
    needs_review: data.needs_review === true,
    error:
      event.event === 'job.failed'
        ? {
            code: str(error.code) ?? 'unknown',
            message: str(error.message) ?? 'Processing failed',
            ...(str(error.suggestion) ? { suggestion: str(error.suggestion)! } : {}),
          }
        : null,
    at: str(data.completed_at) ?? str(data.failed_at) ?? event.created_at,
  };
}

/**
 * What an ended email job tells its sender: processing complete (completed or failed) when
 * sendProcessingComplete is on; a failure alone when only sendErrorNotification is. Nothing when
 * the message recorded no sender (the flags were off when it arrived) or the flags are off now.
 */
export function planJobNotifications(
  ctx: PlanContext,
  input: {
    event: JobEventForNotification;
    sender: NotificationSender | null;
    config: EmailIngestionConfig | null;
    recipientOfMessage: string | null;
  },
): NotificationRecord[] {
  const facts = jobFactsOf(input.event);
  const { sender, config } = input;
  if (!facts || !sender || !config) return [];
  const flags = config.senderNotifications;
  const kind: 'processing_complete' | 'error' | null = flags.sendProcessingComplete
    ? 'processing_complete'
    : facts.status === 'failed' && flags.sendErrorNotification
      ? 'error'
      : null;
  if (!kind) return [];
  return [
    row(ctx, {
      orgId: sender.org_id,
      kind,
      recipient: sender.reply_to ?? '',
      from: sender.from_address,
      envelopeFrom: null,
      text: jobOutcomeText(facts, input.recipientOfMessage),
      status: sender.reply_to ? 'pending' : 'suppressed',
      reason: sender.reply_to ? null : `not sent: ${sender.suppressed_reason ?? 'the sender may not be answered'}`,
      sourceKey: `${kind}:${facts.id}`,
      messageId: facts.message_id,
      jobId: facts.id,
      prefix: sender.prefix,
      inReplyTo: sender.in_reply_to,
    }),
  ];
}

/**
 * The erp_sync_failed hook: rows for the prefix's internal recipients when a job's record could
 * not be created in the ERP. Nothing emits it yet (there is no ERP connector); whoever does calls
 * NotificationService.recordErpSyncFailed in the transaction that records the failure.
 */
export function planErpSyncFailed(
  ctx: PlanContext,
  input: { orgId: string; config: EmailIngestionConfig; recipientOfMessage: string | null; failure: ErpSyncFailure },
): NotificationRecord[] {
  return internalRows(ctx, input.config, {
    orgId: input.orgId,
    kind: 'erp_sync_failed',
    event: 'erp_sync_failed',
    from: notificationFrom(input.config, input.recipientOfMessage, ctx.ownDomains),
    text: erpSyncFailedText(input.failure, ctx.publicBaseUrl),
    sourceKey: `erp_sync_failed:${input.failure.jobId}:${input.failure.at}`,
    jobId: input.failure.jobId,
    prefix: input.failure.prefix,
  });
}

/**
 * The payment_details_changed event: rows for the prefix's internal recipients when an email job's
 * vendor names other bank details than before (the `payment_details_changed` member of its
 * `job.completed` event). Nothing for other jobs.
 */
export function planPaymentDetailsChanged(
  ctx: PlanContext,
  input: { event: JobEventForNotification; config: EmailIngestionConfig; recipientOfMessage: string | null },
): NotificationRecord[] {
  const facts = jobFactsOf(input.event);
  const change = obj(input.event.data.payment_details_changed);
  if (!facts || facts.status !== 'completed' || typeof change.job_id !== 'string') return [];
  const previous = strings(change.previous);
  const current = Object.fromEntries(
    Object.entries(obj(input.event.data.payment_details)).map(([key, detail]) => [key, str(obj(detail).value) ?? '']),
  );
  return internalRows(ctx, input.config, {
    orgId: input.event.org_id,
    kind: 'payment_details_changed',
    event: 'payment_details_changed',
    from: notificationFrom(input.config, input.recipientOfMessage, ctx.ownDomains),
    text: paymentDetailsChangedText(
      facts,
      { previous, last_seen_at: str(change.last_seen_at) ?? '', job_id: change.job_id },
      current,
      ctx.publicBaseUrl,
    ),
    sourceKey: `payment_details_changed:${facts.id}`,
    jobId: facts.id,
    messageId: facts.message_id,
    prefix: facts.prefix,
  });
}

const strings = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(value)).filter((e): e is [string, string] => typeof e[1] === 'string'));

/** The once-only key of a digest: one per organization, recipient and day. */
export const digestKey = (orgId: string, recipient: string, day: string): string => `${orgId}:${recipient}:${day}`;

/** The digest row of one recipient: every item, in one mail. */
export function planDigest(
  ctx: PlanContext,
  input: { orgId: string; recipient: string; day: string; items: readonly NotificationRecord[] },
): NotificationRecord {
  const key = digestKey(input.orgId, input.recipient, input.day);
  const from = input.items[0]?.from_address ?? `no-reply@${ctx.ownDomains[0] ?? 'localhost'}`;
  const digest = row(ctx, {
    orgId: input.orgId,
    kind: 'digest',
    recipient: input.recipient,
    from,
    envelopeFrom: from,
    text: digestText(input.day, input.items),
    status: 'pending',
    sourceKey: `digest:${key}`,
  });
  return { ...digest, digest_key: key };
}
