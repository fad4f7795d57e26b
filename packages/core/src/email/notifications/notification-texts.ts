/**
 * The words of every notification: plain text, short, saying what arrived and what happened to
 * each attachment. Mail to senders names references (message, job and review ids) but no links:
 * the API needs a key they do not have. Internal mail links to the API when a public address is
 * configured.
 */
import type { AttachmentOutcome, InboundMessageRecord } from '../inbound/index.js';
import type { NotificationKind } from './notification.js';

export interface MailText {
  subject: string;
  body: string;
}

/** What a message notification is about. */
export interface MessageFacts {
  id: string;
  prefix: string;
  /** The address it was sent to. */
  recipient: string;
  /** The sender as the message names it (From, else the envelope sender); null when unknown. */
  sender: string | null;
  subject: string | null;
  received_at: string;
  status: 'processed' | 'failed';
  error: InboundMessageRecord['error'];
  outcomes: readonly AttachmentOutcome[];
}

/** What a job notification is about: the data of its `job.completed` / `job.failed` event. */
export interface JobFacts {
  id: string;
  status: 'completed' | 'failed';
  /** The message it came from. */
  message_id: string;
  prefix: string;
  subject: string | null;
  attachments: string[];
  document_type: string | null;
  needs_review: boolean;
  error: { code: string; message: string; suggestion?: string } | null;
  at: string;
}

export interface ErpSyncFailure {
  jobId: string;
  prefix: string | null;
  /** The ERP connection (erpConnectionId). */
  connectionId: string | null;
  error: string;
  attempts?: number;
  at: string;
}

const FOOTER_SENDER = 'This is an automatic message from the document intake of this address. Replies are not read.';
const FOOTER_INTERNAL = "Sent by Intake. Change who gets these in the prefix's internalNotifications.";

/** Header values must stay on one line and within reason. */
export const headerSafe = (value: string, max = 200): string => {
  const line = value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
};

const quoted = (subject: string | null): string =>
  subject && subject.trim() ? `"${headerSafe(subject, 200)}"` : '(no subject)';
const subjectTail = (subject: string | null): string =>
  subject && subject.trim() ? headerSafe(subject, 150) : 'your message';
const when = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Why an attachment was not processed, in words for the sender. */
export function senderReason(outcome: AttachmentOutcome): string {
  const reason = outcome.reason;
  switch (reason?.code) {
    case 'inline_image':
      return 'an image in the message text, not a document';
    case 'empty':
      return 'the file is empty';
    case 'unsupported_type':
      return 'not a document type we read (PDF, PNG, JPEG, WebP or TIFF)';
    case 'type_not_allowed':
      return `this address does not take ${outcome.detected_type ?? 'this type of'} files`;
    case 'too_large':
      return 'the file is larger than this address takes';
    case 'no_extractor':
      return 'this address cannot read documents of this type yet';
    case 'submission_failed':
      return 'it could not be queued for processing';
    case 'rejected_by_reviewer':
      return 'rejected in review';
    case 'duplicate':
      return `a duplicate of a document received before${outcome.duplicate?.of ? ` (job ${outcome.duplicate.of})` : ''}`;
    default:
      return reason?.message ?? 'not processed';
  }
}

/** Skip reasons that are the sender's problem to know about (an inline logo is not). */
export const PROBLEM_SKIPS: ReadonlySet<string> = new Set([
  'empty',
  'unsupported_type',
  'type_not_allowed',
  'too_large',
  'no_extractor',
  'submission_failed',
  'duplicate',
]);

/** The problems of a message an error notification reports; empty when there are none. */
export function messageProblems(message: MessageFacts): string[] {
  if (message.status === 'failed') return [message.error?.message ?? 'The message could not be processed'];
  const problems = message.outcomes
    .filter((o) => o.status === 'skipped' && o.reason && PROBLEM_SKIPS.has(o.reason.code))
    .map((o) => `${o.filename}: ${senderReason(o)}`);
  const documents = message.outcomes.filter((o) => !(o.status === 'skipped' && o.reason?.code === 'inline_image'));
  if (documents.length === 0)
    problems.push('The message has no attachment: send the document (PDF or image) as an attachment');
  return problems;
}

function outcomeLines(outcomes: readonly AttachmentOutcome[], audience: 'sender' | 'internal'): string[] {
  if (outcomes.length === 0) return ['  (no attachments)'];
  return outcomes.map((o, i) => {
    const type = o.classification?.documentType ? `, as ${o.classification.documentType.replace(/_/g, ' ')}` : '';
    let state: string;
    if (o.status === 'job_created') state = `being processed (job ${o.job_id ?? 'pending'}${type})`;
    else if (o.status === 'awaiting_review')
      state =
        audience === 'sender'
          ? `waiting for a person to check it (review ${o.review_id ?? ''})`
          : `waiting in the review queue (${o.review_id ?? ''}${type ? `, proposed${type}` : ''})`;
    else state = `not processed: ${audience === 'sender' ? senderReason(o) : (o.reason?.message ?? 'skipped')}`;
    return `  ${i + 1}. ${o.filename}: ${state}`;
  });
}

function messageHeaderLines(message: MessageFacts): string[] {
  return [
    `  Subject:     ${message.subject ? headerSafe(message.subject, 300) : '(none)'}`,
    `  Sent to:     ${message.recipient}`,
    `  Received:    ${when(message.received_at)}`,
    `  Reference:   ${message.id}`,
  ];
}

/** Receipt confirmation: what arrived and what happens to each attachment. */
export function receiptConfirmationText(message: MessageFacts, options: { completionFollows: boolean }): MailText {
  const waiting = message.outcomes.some((o) => o.status === 'job_created' || o.status === 'awaiting_review');
  const lines = [
    `We received your message ${quoted(message.subject)}.`,
    '',
    ...messageHeaderLines(message),
    '',
    'Attachments:',
    ...outcomeLines(message.outcomes, 'sender'),
    '',
  ];
  if (waiting && options.completionFollows)
    lines.push('You will get another message when each document has been processed.', '');
  lines.push(FOOTER_SENDER);
  return { subject: `Received: ${subjectTail(message.subject)}`, body: lines.join('\n') };
}

/** Error notification for a message: it failed, or some of its attachments were refused. */
export function messageErrorText(message: MessageFacts, problems: readonly string[]): MailText {
  const failed = message.status === 'failed';
  const lines = [
    failed
      ? `We could not process your message ${quoted(message.subject)}.`
      : `Some of your message ${quoted(message.subject)} could not be processed.`,
    '',
    ...messageHeaderLines(message),
    '',
    'Problems:',
    ...problems.map((p) => `  - ${p}`),
    '',
  ];
  if (!failed) lines.push('Attachments:', ...outcomeLines(message.outcomes, 'sender'), '');
  lines.push('To try again, send the document again as a PDF or image attachment.', '', FOOTER_SENDER);
  return { subject: `Not processed: ${subjectTail(message.subject)}`, body: lines.join('\n') };
}

/** Processing complete (or failed) for one job of a message. */
export function jobOutcomeText(job: JobFacts, recipientOfMessage: string | null): MailText {
  const files = job.attachments.length ? job.attachments.join(', ') : 'your document';
  const lines: string[] = [];
  if (job.status === 'completed') {
    lines.push(`Your document ${files} has been processed.`, '');
  } else {
    lines.push(`Your document ${files} could not be processed.`, '');
  }
  lines.push(
    `  Message:     ${quoted(job.subject)}${recipientOfMessage ? ` sent to ${recipientOfMessage}` : ''}`,
    `  Reference:   ${job.message_id}, job ${job.id}`,
  );
  if (job.document_type) lines.push(`  Read as:     ${job.document_type.replace(/_/g, ' ')}`);
  lines.push(`  Finished:    ${when(job.at)}`);
  if (job.status === 'completed' && job.needs_review)
    lines.push('', 'A person will check the result before it is used.');
  if (job.status === 'failed' && job.error) {
    lines.push('', `Reason: ${job.error.message}`);
    if (job.error.suggestion) lines.push(`What to do: ${job.error.suggestion}`);
  }
  lines.push('', FOOTER_SENDER);
  const subject =
    job.status === 'completed'
      ? `Processed: ${subjectTail(job.subject)}`
      : `Processing failed: ${subjectTail(job.subject)}`;
  return { subject, body: lines.join('\n') };
}

const link = (base: string | undefined, path: string): string[] =>
  base ? [`  ${base.replace(/\/+$/, '')}${path}`] : [];

/** Internal: a message arrived at a prefix. */
export function documentReceivedText(message: MessageFacts, publicBaseUrl?: string): MailText {
  const counts = {
    jobs: message.outcomes.filter((o) => o.status === 'job_created').length,
    review: message.outcomes.filter((o) => o.status === 'awaiting_review').length,
    skipped: message.outcomes.filter((o) => o.status === 'skipped').length,
  };
  const lines = [
    `A message arrived at ${message.recipient}${message.status === 'failed' ? ' and could not be processed' : ''}.`,
    '',
    `  From:        ${message.sender ?? '(unknown)'}`,
    ...messageHeaderLines(message),
    `  Prefix:      ${message.prefix}`,
    '',
  ];
  if (message.status === 'failed') lines.push(`Error: ${message.error?.message ?? 'unknown'}`, '');
  lines.push(
    `Attachments (${counts.jobs} processing, ${counts.review} waiting for review, ${counts.skipped} skipped):`,
    ...outcomeLines(message.outcomes, 'internal'),
    '',
  );
  const links = link(publicBaseUrl, `/api/email-ingestion/messages/${message.id}`);
  if (links.length) lines.push('The message in the API:', ...links, '');
  lines.push(FOOTER_INTERNAL);
  return {
    subject: `[Intake] Received at ${message.prefix}: ${subjectTail(message.subject)}${message.sender ? ` from ${headerSafe(message.sender, 100)}` : ''}`,
    body: lines.join('\n'),
  };
}

/** Internal: documents of a message wait in the review queue. */
export function reviewNeededText(message: MessageFacts, publicBaseUrl?: string): MailText {
  const waiting = message.outcomes.filter((o) => o.status === 'awaiting_review');
  const lines = [
    `${plural(waiting.length, 'document')} from ${message.sender ?? 'an unknown sender'} ${waiting.length === 1 ? 'waits' : 'wait'} for a person to decide ${waiting.length === 1 ? 'its' : 'their'} type.`,
    '',
    ...messageHeaderLines(message),
    `  Prefix:      ${message.prefix}`,
    '',
    'Waiting:',
    ...waiting.map((o) => {
      const c = o.classification;
      const guess = c
        ? `proposed ${c.documentType.replace(/_/g, ' ')} at ${(c.confidence * 100).toFixed(0)}% confidence${c.decision === 'review_failed' ? ' (classification failed: the default type)' : ''}`
        : 'no proposal';
      return `  - ${o.filename}: review ${o.review_id ?? ''}, ${guess}`;
    }),
    '',
  ];
  const links = link(publicBaseUrl, `/api/email-ingestion/review?prefix=${encodeURIComponent(message.prefix)}`);
  if (links.length)
    lines.push('The review queue (resolve with POST /api/email-ingestion/review/{id}/resolve):', ...links, '');
  lines.push(FOOTER_INTERNAL);
  return {
    subject: `[Intake] Review needed at ${message.prefix}: ${plural(waiting.length, 'document')} from ${headerSafe(message.sender ?? 'unknown sender', 100)}`,
    body: lines.join('\n'),
  };
}

/** Internal: a job's record could not be created in the ERP. */
export function erpSyncFailedText(failure: ErpSyncFailure, publicBaseUrl?: string): MailText {
  const lines = [
    `Job ${failure.jobId} could not be sent to the ERP${failure.connectionId ? ` (connection ${failure.connectionId})` : ''}${failure.attempts ? ` after ${plural(failure.attempts, 'attempt')}` : ''}.`,
    '',
    `  Error:       ${headerSafe(failure.error, 500)}`,
    ...(failure.prefix ? [`  Prefix:      ${failure.prefix}`] : []),
    `  When:        ${when(failure.at)}`,
    '',
  ];
  const links = link(publicBaseUrl, `/v1/documents/${failure.jobId}`);
  if (links.length) lines.push('The job in the API:', ...links, '');
  lines.push(FOOTER_INTERNAL);
  return { subject: `[Intake] ERP sync failed: job ${failure.jobId}`, body: lines.join('\n') };
}

/** A vendor's bank details changed on an email job (it waits for review). */
export function paymentDetailsChangedText(
  job: JobFacts,
  change: { previous: Record<string, string>; last_seen_at: string; job_id: string },
  current: Record<string, string>,
  publicBaseUrl?: string,
): MailText {
  const list = (values: Record<string, string>) =>
    Object.entries(values).map(([key, value]) => `    ${key.padEnd(15)} ${value}`);
  const lines = [
    `Job ${job.id} names other payment details than its vendor's earlier documents. It waits for review: confirm it only after checking the change with the vendor by a channel you already trust.`,
    '',
    '  Now:',
    ...list(current),
    `  Before (last seen ${when(change.last_seen_at)}, job ${change.job_id}):`,
    ...list(change.previous),
    ...(job.prefix ? [`  Prefix:      ${job.prefix}`] : []),
    ...(job.subject !== null ? [`  Subject:     ${headerSafe(job.subject, 200)}`] : []),
    '',
  ];
  const links = link(publicBaseUrl, `/v1/documents/${job.id}`);
  if (links.length) lines.push('The job in the API:', ...links, '');
  lines.push(FOOTER_INTERNAL);
  return { subject: `[Intake] Bank details changed: job ${job.id}`, body: lines.join('\n') };
}

const DIGEST_TITLES: Partial<Record<NotificationKind, string>> = {
  document_received: 'Documents received',
  human_review_needed: 'Review needed',
  erp_sync_failed: 'ERP sync failed',
  payment_details_changed: 'Bank details changed',
};

/** Most items a digest spells out; the rest are counted. */
export const DIGEST_MAX_ITEMS = 200;

/** The daily digest of one recipient: the day's internal notifications, grouped by event. */
export function digestText(
  day: string,
  items: readonly { kind: NotificationKind; subject: string; body: string; created_at: string }[],
): MailText {
  const lines = [`Intake's daily digest for ${day}: ${plural(items.length, 'notification')}.`, ''];
  for (const kind of [
    'payment_details_changed',
    'human_review_needed',
    'erp_sync_failed',
    'document_received',
  ] as const) {
    const ofKind = items.filter((i) => i.kind === kind);
    if (ofKind.length === 0) continue;
    lines.push(`== ${DIGEST_TITLES[kind]} (${ofKind.length}) ==`, '');
    for (const item of ofKind.slice(0, DIGEST_MAX_ITEMS)) {
      lines.push(`* ${when(item.created_at)}  ${item.subject.replace(/^\[Intake\] /, '')}`);
      // The body without its footer, indented.
      const body = item.body.split('\n').filter((l) => l !== FOOTER_INTERNAL);
      while (body.length && body.at(-1) === '') body.pop();
      lines.push(...body.map((l) => (l ? `    ${l}` : '')), '');
    }
    if (ofKind.length > DIGEST_MAX_ITEMS) lines.push(`  ... and ${ofKind.length - DIGEST_MAX_ITEMS} more`, '');
  }
  lines.push(FOOTER_INTERNAL);
  const review = items.filter((i) => i.kind === 'human_review_needed').length;
  return {
    subject: `[Intake] Daily digest ${day}: ${plural(items.length, 'notification')}${review ? `, ${review} needing review` : ''}`,
    body: lines.join('\n'),
  };
}
