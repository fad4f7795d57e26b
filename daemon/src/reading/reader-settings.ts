/**
 * What the reader is made of (its engines, threads, limits), without the OCR libraries: the
 * daemon's process only forks the reader process with them (reader-process.ts), so it never loads
 * @intake/ocr-tesseract's or @intake/ocr-onnx's code itself (create-reader.ts does, in that process).
 */
import type { DocumentLimits } from '@intake/core';
import type { PdfBudget, PdfRefusal } from '@intake/ocr-tesseract';
import { documentLimits, pdfBudget, type ResolvedConfig } from '../config/config.schema.js';
import { splitLanguages } from '../config/language-models.js';

export type OcrEngineName = 'tesseract' | 'paddle';
export type OcrEnginePages = 'images' | 'scans';

export interface ReaderSettings {
  engine: OcrEngineName;
  pages: OcrEnginePages;
  /** Threads of the engine in use. */
  workers?: number;
  /** OCR threads idle this long are ended, tesseract's and the engine's (default 60 000; 0 keeps them). */
  idleReleaseMs?: number;
  /** Tesseract's languages (default eng and deu: DEFAULT_OCR_LANGUAGES). */
  languages?: readonly string[];
  /** Languages a page is read again in when it is in one of them (default DEFAULT_OTHER_OCR_LANGUAGES; [] none). */
  otherLanguages?: readonly string[];
  limits?: Partial<DocumentLimits>;
  /** Memory and time of the threads PDFs are read in. */
  pdfBudget?: Partial<PdfBudget>;
  /** Told of every PDF refused as too large (the daemon logs a warning). */
  onRefused?: (refusal: PdfRefusal) => void;
  /** Called as each OCR page has been read (the reader process trims its allocator). */
  afterPage?: () => void;
  /** Called where the memory gate has ended idle threads to make room (the reader process trims its allocator). */
  afterRelease?: () => void;
  /**
   * An OCR page or a PDF's opening runs beside others only within this many MB of resident memory
   * (MEMORY_BUDGET_MB: the daemon's and its reader process's together; in a process that reads
   * by itself, that process's; 0: no bound).
   */
  memoryBudgetMb?: number;
  /** Resident bytes outside the reading process that budget counts too (the reader process: the daemon's). */
  memoryBesides?: () => number;
}

/** The daemon's settings for its reader. */
export const readerSettings = (config: ResolvedConfig): ReaderSettings => ({
  engine: config.OCR_ENGINE,
  pages: config.OCR_ENGINE_PAGES,
  workers: config.OCR_WORKERS,
  idleReleaseMs: config.OCR_IDLE_RELEASE_MS,
  memoryBudgetMb: config.MEMORY_BUDGET_MB,
  languages: config.OCR_LANGUAGES.split('+'),
  otherLanguages: splitLanguages(config.OCR_OTHER_LANGUAGES),
  limits: documentLimits(config),
  pdfBudget: pdfBudget(config),
});
