/**
 * The webhook events a finished message writes to its prefix's outbox (`email.received`,
 * `document.classified`). Their envelope and the subscription check belong to the prefix
 * (prefixes/prefix-events.ts); what they say about a message belongs here.
 */
import type { IdGenerator } from '../../shared/ids.js';
import type { OutboxEvent } from '../../ports/outbox.port.js';
import { type EmailIngestionConfig, prefixEvent, prefixSubscribes } from '../prefixes/index.js';
import type { AttachmentOutcome, InboundMessageRecord, InboundMessageResult } from './inbound-message.js';

const attachmentView = (o: AttachmentOutcome) => ({
  index: o.index,
  filename: o.filename,
  declared_type: o.declared_type,
  detected_type: o.detected_type,
  size_bytes: o.size_bytes,
  status: o.status,
  job_id: o.job_id,
  review_id: o.review_id ?? null,
  reason: o.reason,
  ...(o.duplicate ? { duplicate: o.duplicate } : {}),
});

/** `data` of `email.received`: the message and what became of each attachment. */
export function emailReceivedData(record: InboundMessageRecord, result: InboundMessageResult): Record<string, unknown> {
  return {
    message_id: record.id,
    prefix: record.prefix,
    tag: record.tag,
    recipient: record.recipient,
    envelope_from: record.envelope_from,
    from: result.from_address,
    subject: result.subject,
    message_id_header: result.message_id_header,
    source: record.source,
    size_bytes: record.size_bytes,
    received_at: record.received_at,
    status: result.status,
    error: result.error,
    sender_authentication: record.sender_authentication ?? null,
    attachments: result.outcomes.map(attachmentView),
  };
}

/** `data` of `document.classified`: one document's type, how it was decided, and what happens next. */
export function documentClassifiedData(
  record: Pick<InboundMessageRecord, 'id' | 'prefix'>,
  document: { filenames: string[]; attachmentIndexes: number[]; jobId: string | null; reviewId: string | null },
  classification: NonNullable<AttachmentOutcome['classification']>,
): Record<string, unknown> {
  return {
    message_id: record.id,
    prefix: record.prefix,
    attachments: document.attachmentIndexes,
    filenames: document.filenames,
    document_type: classification.documentType,
    confidence: classification.confidence,
    source: classification.source,
    decision: classification.decision,
    reasoning: classification.reasoning,
    key_indicators: classification.keyIndicators ?? [],
    detected_vendor: classification.detectedVendor ?? null,
    detected_customer: classification.detectedCustomer ?? null,
    job_id: document.jobId,
    review_id: document.reviewId,
  };
}

/** `document.classified` for each classified document of a finished message (one per job or review item). */
export function documentClassifiedEvents(
  ids: IdGenerator,
  record: InboundMessageRecord,
  result: InboundMessageResult,
  at: string,
): OutboxEvent[] {
  const groups = new Map<string, AttachmentOutcome[]>();
  for (const o of result.outcomes) {
    if (!o.classification) continue;
    const key = o.job_id ?? o.review_id ?? `attachment:${o.index}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  return [...groups.values()].map((group) => {
    const head = group[0]!;
    const data = documentClassifiedData(
      record,
      {
        filenames: group.map((o) => o.filename),
        attachmentIndexes: group.map((o) => o.index),
        jobId: head.job_id,
        reviewId: head.review_id ?? null,
      },
      head.classification!,
    );
    return prefixEvent(ids, record.org_id, record.environment, record.prefix, 'document.classified', data, at);
  });
}

/** The webhook events of a finished message its prefix subscribes to: `email.received`, then `document.classified` per document. */
export function messageEvents(
  ids: IdGenerator,
  record: InboundMessageRecord,
  result: InboundMessageResult,
  config: EmailIngestionConfig | null,
  at: string,
): OutboxEvent[] {
  const events: OutboxEvent[] = [];
  if (prefixSubscribes(config, 'email.received'))
    events.push(
      prefixEvent(
        ids,
        record.org_id,
        record.environment,
        record.prefix,
        'email.received',
        emailReceivedData(record, result),
        at,
      ),
    );
  if (prefixSubscribes(config, 'document.classified'))
    events.push(...documentClassifiedEvents(ids, record, result, at));
  return events;
}
