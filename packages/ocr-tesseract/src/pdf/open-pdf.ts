/**
 * Opening a PDF with pdfjs. pdfjs-dist is the exact version pdf-parse 2.4.5 pins: two pdfjs builds in
 * one process break each other, so the whole project shares this one.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, restoreNativePush, VerbosityLevel } from './pdfjs.js';
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';
import { unreadable } from '../unreadable.js';

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
/**
 * In Node pdfjs appends a file name to these and hands the string to fs.readFile, so they must be
 * plain paths (a file:// URL string is read as a relative path and fails quietly) with a trailing
 * separator.
 */
const dirUrl = (sub: string): string => path.join(PDFJS_DIR, sub) + path.sep;

/**
 * Without the standard fonts and CMaps, pages whose fonts are not embedded render with wrong glyph
 * widths (OCR on such renders got measurably worse); the wasm decodes JPEG 2000 and colour profiles.
 */
const RESOURCES = {
  standardFontDataUrl: dirUrl('standard_fonts'),
  cMapUrl: dirUrl('cmaps'),
  cMapPacked: true,
  wasmUrl: dirUrl('wasm'),
};

export interface OpenPdf {
  pdf: PDFDocumentProxy;
  /** Frees pdfjs' parser state; safe to call twice. */
  close: () => Promise<void>;
}

/**
 * Opens `bytes` (copied: pdfjs may transfer the buffer it is given). Encrypted and corrupt files
 * become DocumentError('document_unreadable').
 */
export async function openPdf(bytes: Uint8Array, options: { maxImagePixels?: number } = {}): Promise<OpenPdf> {
  const task: PDFDocumentLoadingTask = getDocument({
    data: new Uint8Array(bytes),
    ...RESOURCES,
    // An embedded image beyond MAX_PIXELS_PER_IMAGE is left out of the rendering, never decoded.
    ...(options.maxImagePixels ? { maxImageSize: options.maxImagePixels } : {}),
    // Font programs from untrusted files must never be compiled to JavaScript.
    isEvalSupported: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const pdf = await task.promise;
    return { pdf, close: () => task.destroy() };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw pdfOpenError(error);
  } finally {
    restoreNativePush();
  }
}

function pdfOpenError(error: unknown): Error {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return unreadable(
      'The PDF is protected by a password',
      'Remove the password (print or save an unprotected copy) and send it again',
      error,
    );
  }
  return unreadable(
    'The PDF is damaged and cannot be opened',
    'Export or scan the document again and send the new file',
    error,
  );
}
