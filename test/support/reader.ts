import { createTesseractReader, type TesseractReader } from '@intake/ocr-tesseract';

/** The shared reader: every part of a reader but `close`, which would end it for the tests after. */
export type SharedReader = Omit<TesseractReader, 'close'>;

let shared: SharedReader | undefined;

/**
 * One real reader (`createTesseractReader({ workers: 1 })`, the default budgets and limits) per test
 * process, for tests whose subject is not the reader's own options, threads or closing: the
 * api-harness and pipelines built in a test. A new reader starts its PDF threads (one reading, one
 * counting pages at submission) at its first document, each loading pdfjs, @intake/core and tsx's
 * loader into a new isolate: about 1 CPU s a reader, where a reader already running reads a
 * one-page invoice in about 0.03 s (test/README.md, "One reader per process"). Its idle threads are
 * unreferenced and end after the idle period, so it keeps no process alive; nothing closes it.
 */
export function sharedReader(): SharedReader {
  shared ??= Object.fromEntries(
    Object.entries(createTesseractReader({ workers: 1 })).filter(([name]) => name !== 'close'),
  ) as SharedReader;
  return shared;
}
