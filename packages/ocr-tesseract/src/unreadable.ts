/**
 * The one way this adapter reports a document it cannot read: core's DocumentError, always with a
 * suggestion a person can act on.
 */
import { DocumentError } from '@intake/core/reading';

export function unreadable(message: string, suggestion: string, cause?: unknown): DocumentError {
  return new DocumentError('document_unreadable', message, suggestion, cause === undefined ? {} : { cause });
}

export const RESCAN = 'Scan the document again at 300 dpi, flat and in good light, or send the original PDF';
