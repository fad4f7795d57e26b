/**
 * Messages between the daemon and its reader process (reader-child.ts), over the IPC channel of
 * `child_process.fork` with the structured-clone ("advanced") serialization, which carries
 * Uint8Arrays as bytes. Errors cross as data: a clone of an Error keeps only its message, and the
 * job processor needs a DocumentError's code and suggestion to fail a job for good.
 */
import { DocumentError, type DocumentInspection, type JobFailureCode, type ReadDocument } from '@intake/core/reading';
import type { PdfRefusal } from '@intake/ocr-tesseract';
import type { ReaderSettings } from './reader-settings.js';

/** What the child builds its reader from: the daemon's settings without the callback. */
export type ChildSettings = Omit<ReaderSettings, 'onRefused' | 'afterPage' | 'afterRelease' | 'memoryBesides'>;

export type ToChild =
  | { type: 'read'; id: number; bytes: Uint8Array; mimeType: string }
  | { type: 'inspect'; id: number; bytes: Uint8Array }
  | { type: 'abort'; id: number }
  | { type: 'close' };

/** The threads alive in the child and its resident memory, sent twice a second while it lives. */
export interface ChildStatus {
  tesseract: number;
  engine: number;
  pdf: number;
  rssBytes: number;
}

export type FromChild =
  | { type: 'ready' }
  | { type: 'done'; id: number; value: ReadDocument | DocumentInspection }
  | { type: 'failed'; id: number; error: CrossedError }
  | { type: 'refused'; refusal: PdfRefusal }
  | ({ type: 'status' } & ChildStatus);

export type CrossedError =
  { kind: 'document'; code: JobFailureCode; message: string; suggestion: string } | { kind: 'other'; message: string };

export function crossError(error: unknown): CrossedError {
  if (error instanceof DocumentError)
    return { kind: 'document', code: error.code, message: error.message, suggestion: error.suggestion };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

/** The error the child's reader threw, as the daemon sees it: a DocumentError stays one. */
export function uncrossError(error: CrossedError): Error {
  if (error.kind === 'document') return new DocumentError(error.code, error.message, error.suggestion);
  return new Error(`The document reader failed: ${error.message}`);
}
