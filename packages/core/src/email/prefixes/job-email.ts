import type { JobRecord } from '../../jobs/index.js';

/**
 * The email facts a prefix's jobs carry in their metadata (written when the attachment pipeline
 * submits a document): which prefix and message, from whom, and the type the document was given.
 */

const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null;
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The email facts a job carries in its metadata. */
export function emailOfJob(job: Pick<JobRecord, 'metadata'>): {
  prefix: string | null;
  message_id: string | null;
  from: string | null;
  subject: string | null;
  attachments: string[];
  documentType: string | null;
} | null {
  const metadata = obj(job.metadata);
  if (metadata.source !== 'email') return null;
  const email = obj(metadata.email);
  return {
    prefix: str(email.prefix),
    message_id: str(email.message_id),
    from: str(email.from) ?? str(email.envelope_from),
    subject: str(email.subject),
    attachments: Array.isArray(metadata.attachments)
      ? metadata.attachments.filter((a): a is string => typeof a === 'string')
      : [],
    documentType: str(obj(metadata.classification).documentType),
  };
}
