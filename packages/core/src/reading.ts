/**
 * `@intake/core/reading`: what a document reader needs from core, without the rest of it: the
 * error it throws, the default limits and the media types it tells apart. The daemon's reader
 * process and its PDF threads import this alone, so that none of them loads core's contexts, zod
 * and the XML parser (about 25 MB in the reader process and 8 MB more heap in each PDF thread:
 * docs/resources.md). Each is also exported from `@intake/core` (`sniffMimeType` from
 * `@intake/core/jobs`).
 */
export { DocumentError } from './shared/document-error.js';
export type { JobFailureCode } from './shared/job-failure-codes.js';
export {
  DEFAULT_DOCUMENT_LIMITS,
  type DocumentInspection,
  type DocumentLimits,
  type ReadDocument,
} from './ports/document-reader.port.js';
export { sniffMimeType, SUPPORTED_MIME_TYPES, type SupportedMimeType } from './jobs/media-types.js';
