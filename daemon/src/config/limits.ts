/**
 * Every size limit the daemon enforces, derived once from the settings (in resolveConfig) and handed
 * to the parts that enforce them in bytes. Nothing else converts megabytes or sizes up base64.
 */

/** One megabyte as the settings mean it (MiB). */
export const MB = 1_048_576;

/** The length of `size` units once base64-encoded: 4 characters for every 3 bytes, rounded up. */
const base64Size = (size: number): number => Math.ceil((size * 4) / 3);

/** Room for the JSON around a base64 document in an upload body (field names, metadata). */
const UPLOAD_JSON_OVERHEAD_BYTES = 65_536;

/** The largest JSON upload body that carries a document of `documentBytes` base64-encoded. */
export const uploadJsonBytes = (documentBytes: number): number =>
  base64Size(documentBytes) + UPLOAD_JSON_OVERHEAD_BYTES;

/**
 * The default of SMTP_MAX_MESSAGE_MB and MAX_REQUEST_BODY_MB: an attachment of `attachmentMb`
 * base64-encoded, plus a megabyte for the text, headers or JSON around it.
 */
export const base64EnvelopeMb = (attachmentMb: number): number => base64Size(attachmentMb) + 1;

/** The daemon's size limits in bytes. */
export interface SizeLimits {
  /** MAX_ATTACHMENT_SIZE_MB: the largest document, by upload or as a mail attachment. */
  readonly documentBytes: number;
  /** The largest JSON body of a document upload (the document base64-encoded). */
  readonly uploadJsonBytes: number;
  /** MAX_REQUEST_BODY_MB: the largest JSON body of the other endpoints. */
  readonly requestBodyBytes: number;
  /** SMTP_MAX_MESSAGE_MB: the largest message the SMTP edge takes (advertised as SIZE). */
  readonly smtpMessageBytes: number;
}

/** The limits in bytes from the settings in megabytes (after their defaults are resolved). */
export function sizeLimits(settings: {
  MAX_ATTACHMENT_SIZE_MB: number;
  MAX_REQUEST_BODY_MB: number;
  SMTP_MAX_MESSAGE_MB: number;
}): SizeLimits {
  const documentBytes = settings.MAX_ATTACHMENT_SIZE_MB * MB;
  return {
    documentBytes,
    uploadJsonBytes: uploadJsonBytes(documentBytes),
    requestBodyBytes: settings.MAX_REQUEST_BODY_MB * MB,
    smtpMessageBytes: settings.SMTP_MAX_MESSAGE_MB * MB,
  };
}
