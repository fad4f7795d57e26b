import type { ParsedAttachment } from '../../ports/message-parser.port.js';
import { sniffMimeType } from '../../jobs/index.js';
import type { EmailIngestionConfig } from '../prefixes/index.js';
import { sanitizeFilename } from './filenames.js';
import type { AttachmentOutcome } from './inbound-message.js';

/** An attachment that passed the prefix's rules and will become (part of) a job. */
export interface KeptAttachment {
  index: number;
  filename: string;
  mimeType: string;
  bytes: Uint8Array;
}

export interface AttachmentPlan {
  kept: KeptAttachment[];
  /** One per attachment, in order; the kept ones still `job_created` with no job id yet. */
  outcomes: AttachmentOutcome[];
}

const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * Which attachments of a message the prefix takes: inline images only with processInlineImages;
 * the type decided by the bytes (never the declared type or the name) and within allowedMimeTypes;
 * not empty; within maxSizeBytes. Every other attachment is recorded as skipped, with the reason.
 */
export function planAttachments(
  settings: EmailIngestionConfig['attachments'],
  attachments: readonly ParsedAttachment[],
): AttachmentPlan {
  const kept: KeptAttachment[] = [];
  const outcomes = attachments.map((attachment, index): AttachmentOutcome => {
    const detected = sniffMimeType(attachment.content);
    const filename = sanitizeFilename(attachment.filename, index, detected);
    const base = {
      index,
      filename,
      original_filename: attachment.filename,
      declared_type: attachment.contentType,
      detected_type: detected,
      size_bytes: attachment.content.length,
      inline: attachment.inline,
      job_id: null,
    };
    const skip = (code: NonNullable<AttachmentOutcome['reason']>['code'], message: string): AttachmentOutcome => ({
      ...base,
      status: 'skipped',
      reason: { code, message },
    });
    if (attachment.inline && !settings.processInlineImages) {
      return skip(
        'inline_image',
        'Inline part (e.g. a logo in the body); set attachments.processInlineImages to process inline images',
      );
    }
    if (attachment.content.length === 0) return skip('empty', 'The attachment is empty (0 bytes)');
    if (!detected) {
      return skip(
        'unsupported_type',
        `The content is none of the document types Intake reads (PDF, PNG, JPEG, WEBP, TIFF); declared as ${attachment.contentType}`,
      );
    }
    if (!(settings.allowedMimeTypes as readonly string[]).includes(detected)) {
      return skip(
        'type_not_allowed',
        `The content is ${detected}, which this prefix does not allow (attachments.allowedMimeTypes: ${settings.allowedMimeTypes.join(', ')})`,
      );
    }
    if (attachment.content.length > settings.maxSizeBytes) {
      return skip(
        'too_large',
        `The attachment is ${mb(attachment.content.length)} (${attachment.content.length} bytes); this prefix takes at most ${settings.maxSizeBytes} bytes`,
      );
    }
    kept.push({ index, filename, mimeType: detected, bytes: attachment.content });
    return { ...base, status: 'job_created', reason: null };
  });
  return { kept, outcomes };
}
