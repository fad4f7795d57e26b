/**
 * The DocumentReader on pdfjs, sharp and tesseract.js: everything runs inside this process, from the
 * npm packages alone, with the English and German models bundled. No network and no system packages needed.
 */
import type { DocumentInspection, DocumentLimits, DocumentReader, ReadDocument, ReadOptions } from '@intake/core';
import { DEFAULT_DOCUMENT_LIMITS, sniffMimeType } from '@intake/core/reading';
import { DEFAULT_IMAGE_PREPARATION, type ImagePreparation } from './image/prepare-image.js';
import { imagePageCount, readImage } from './image/read-image.js';
import type { EnginePages, PageOcrEngine } from './ocr/page-engine.js';
import { createPageGate, type MemoryBudget, type PageGate } from './ocr/page-gate.js';
import { releaseIdleFor } from './ocr/release-idle.js';
import { OcrWorkerPool } from './ocr/worker-pool.js';
import { pdfPageCount, readPdf } from './pdf/read-pdf.js';
import { DEFAULT_PDF_BUDGET, type PdfBudget } from './budget.js';
import { PdfThreads, type PdfRefusal, type PdfThreadsOptions } from './pdf/thread/pdf-threads.js';
import { assertReadable } from './quality.js';
import { DEFAULT_OCR_LANGUAGES, DEFAULT_OTHER_OCR_LANGUAGES, languageModelFolder } from './languages.js';
import { ENGINE_IMAGES_REVISION, READING_REVISION, SCANNED_PAGES_REVISION } from './revision.js';
import { unreadable } from './unreadable.js';

/** Options of {@link createTesseractReader}; every one has a default. */
export interface TesseractReaderOptions {
  /** OCR worker threads, each using one core while it reads (default 2). */
  workers?: number;
  /**
   * An OCR worker or PDF thread idle this long is ended, and its memory with it; the next page or
   * document starts one again (default 60 000; 0 keeps them until `close()`). An `engine` has its
   * own setting; `pdfBudget.idleReleaseMs`, where given, wins for the PDF threads.
   */
  idleReleaseMs?: number;
  /**
   * Resolution of PDF pages rendered for OCR, and the resolution tesseract assumes for images,
   * which rarely state a true one (default 300, a document scan's).
   */
  renderDpi?: number;
  /** A PDF page with fewer text-layer words is read by OCR instead (default 3). */
  minTextLayerWords?: number;
  /** A document with fewer readable words is refused as unreadable (default 3). */
  minWords?: number;
  /** OCR'd documents whose words average a lower confidence (0..1) are refused (default 0.4). */
  minMeanConfidence?: number;
  /**
   * Pages, pixels per page and per image, and what a PDF's streams inflate to, checked before
   * anything is rendered (DEFAULT_DOCUMENT_LIMITS).
   */
  limits?: Partial<DocumentLimits>;
  /**
   * Memory and time of the threads pdfjs runs in (DEFAULT_PDF_BUDGET); past either the document is
   * too large. Their idle period is `idleReleaseMs` unless this names one.
   */
  pdfBudget?: Partial<PdfBudget>;
  /** Told of every PDF refused as too large (a limit, memory, time), e.g. to log a warning. */
  onRefused?: (refusal: PdfRefusal) => void;
  /** What is done to images before OCR (enlarging small ones, local thresholding); see prepare-image.ts. */
  imagePreparation?: Partial<ImagePreparation>;
  /** Tesseract's page segmentation mode (default 3, automatic). */
  pageSegMode?: number;
  /**
   * The languages tesseract reads pages in, as tesseract names them (`eng`, `deu`, `fra`, `nld`,
   * `spa`, ...), the first one tried first. Each one's model comes from the npm package
   * `@tesseract.js-data/<code>`: `eng` and `deu` are dependencies, others must be installed beside
   * this package. Default `['eng', 'deu']` (see DEFAULT_OCR_LANGUAGES).
   */
  languages?: readonly string[];
  /**
   * Languages a page is read again in when its words, read in `languages`, are in one of them
   * (franc's guess), in that language and English; each model from `@tesseract.js-data/<code>`.
   * Default DEFAULT_OTHER_OCR_LANGUAGES (French, Spanish, Italian, Portuguese, Polish);
   * `[]`: pages are read once, in `languages`.
   */
  otherLanguages?: readonly string[];
  /**
   * Another OCR engine (such as @intake/ocr-onnx's PaddleOCR) for the pages `enginePages` names,
   * instead of tesseract; the reader closes it on `close()`. Tesseract's pages and the engine's
   * together are read at most as many at once as the larger of the two has threads.
   */
  engine?: PageOcrEngine;
  /** 'images' (default): photos and other images; 'scans': scanned PDF pages as well. */
  enginePages?: EnginePages;
  /**
   * Called each time an OCR page has been read (or failed), before the next one starts: the
   * daemon's reader process gives the C allocator's free memory back to the system there.
   */
  afterPage?: () => void;
  /**
   * Called where the memory gate, its budget spent, has ended idle threads before letting the next
   * step in (see ocr/release-idle.ts): the daemon's reader process trims its allocator there.
   */
  afterRelease?: () => void;
  /**
   * The memory gate's budget (see ocr/page-gate.ts): an OCR page (its thread started for it, a PDF
   * page's drawing) runs beside others only while this process's resident memory,
   * `memoryBesides()` and what one of its kind has cost stay within this many MB; one alone runs
   * too, unless opened PDFs hold the room. A PDF's opening (its thread started for it) runs only
   * alone, with no other PDF open. 0 or absent: no such bound, only the threads' number.
   */
  memoryBudgetMb?: number;
  /**
   * Resident bytes outside this process that the budget counts as well (the daemon's reader
   * process: the daemon's own); default none.
   */
  memoryBesides?: () => number;
}

/** A DocumentReader that owns OCR worker threads. */
export interface TesseractReader extends DocumentReader {
  /**
   * Names what reads the pages (`tesseract:1`, or with an engine `tesseract:1+paddle:2:...:images`),
   * for caches of read documents: it changes whenever the words read would.
   */
  readonly revision: string;
  /**
   * The revision that applies to a document of this (sniffed) type: for PDFs `revision` with the
   * scanned pages' own revision (`tesseract:2:scans5`), the same when the engine reads images only,
   * since PDFs are read exactly as without it; images read the same whichever pages the engine is
   * given.
   */
  revisionOf(mimeType: string | null): string;
  /** OCR worker threads alive now: tesseract's, and the engine's (0 without one, or where it cannot tell). */
  ocrWorkers(): { tesseract: number; engine: number };
  /** PDF threads alive now (reading and page counting); 0 before the first PDF and after an idle period. */
  pdfThreads(): number;
  /** Ends the OCR and PDF threads; reads after it fail. */
  close(): Promise<void>;
}

/**
 * Core's DocumentReader, offline: PDF text layers through pdfjs, scanned pages and images through
 * tesseract.js worker threads, with the document limits and a clear `document_unreadable` otherwise.
 */
export function createTesseractReader(options: TesseractReaderOptions = {}): TesseractReader {
  const renderDpi = options.renderDpi ?? 300;
  const languages = checkedLanguages(options.languages ?? DEFAULT_OCR_LANGUAGES);
  const otherLanguages = checkedOthers(options.otherLanguages ?? DEFAULT_OTHER_OCR_LANGUAGES, languages);
  const idleReleaseMs = options.idleReleaseMs ?? 60_000;
  const pool = new OcrWorkerPool({
    size: options.workers ?? 2,
    languages,
    otherLanguages,
    dpi: renderDpi,
    pageSegMode: options.pageSegMode,
    idleReleaseMs,
  });
  const budget = { ...DEFAULT_PDF_BUDGET, idleReleaseMs, ...options.pdfBudget, onRefused: options.onRefused };
  const { pdf, counting, forCount } = createPdfThreads(options.workers ?? 2, budget);
  const imagePreparation = { ...DEFAULT_IMAGE_PREPARATION, ...options.imagePreparation };
  const minTextLayerWords = options.minTextLayerWords ?? 3;
  const limits: DocumentLimits = { ...DEFAULT_DOCUMENT_LIMITS, ...options.limits };
  const { engine, enginePages = 'images' } = options;
  // One gate for both engines: a mixed load reads no more pages at once than one engine would.
  const release = releaseIdleFor({ pool, engine, pdf: [pdf, counting], afterRelease: options.afterRelease });
  const gate = memoryGate(Math.max(pool.size, engine?.workers ?? 0), options, release);
  const floor = { minWords: options.minWords ?? 3, minMeanConfidence: options.minMeanConfidence ?? 0.4 };

  return {
    ...readerRevision(languages, otherLanguages, engine, enginePages),
    ocrWorkers: () => ({ tesseract: pool.live, engine: engine?.liveWorkers ?? 0 }),
    pdfThreads: () => pdf.live + counting.live,
    /**
     * `declaredMimeType` is what the sender claimed; the bytes decide, as they decide for the
     * parsers. Aborting terminates the OCR threads working on this document and rejects with
     * `signal.reason`.
     */
    async read(bytes: Uint8Array, _declaredMimeType: string, readOptions: ReadOptions = {}): Promise<ReadDocument> {
      const { signal } = readOptions;
      signal?.throwIfAborted();
      const mimeType = sniffMimeType(bytes);
      if (mimeType === null) {
        throw unreadable(
          'The file is not a PDF, PNG, JPEG, WEBP or TIFF document',
          'Send the invoice as a PDF or as an image (PNG, JPEG, WEBP or TIFF)',
        );
      }
      const context = {
        pool,
        pdf,
        signal,
        renderDpi,
        minTextLayerWords,
        limits,
        imagePreparation,
        engine,
        enginePages,
        gate,
      };
      const document =
        mimeType === 'application/pdf' ? await readPdf(bytes, context) : await readImage(bytes, mimeType, context);
      assertReadable(document.pages, floor);
      return document;
    },

    /** Never throws: bytes it cannot open count as their sniffed type with 0 pages. */
    async inspect(bytes: Uint8Array): Promise<DocumentInspection> {
      const mimeType = sniffMimeType(bytes);
      if (mimeType === null) return { mimeType: null, pageCount: 0 };
      const count =
        mimeType === 'application/pdf' ? pdfPageCount(bytes, { pdf: forCount() }) : imagePageCount(bytes, mimeType);
      return { mimeType, pageCount: await count.catch(() => 0) };
    },

    close: async () => {
      await Promise.all([pool.close(), pdf.close(), counting.close(), engine?.close()]);
    },
  };
}

/** The reader's memory gate (ocr/page-gate.ts): `places` OCR pages at once, within the budget. */
function memoryGate(places: number, options: TesseractReaderOptions, release: MemoryBudget['release']): PageGate {
  const { afterPage, memoryBudgetMb, memoryBesides } = options;
  const memory = memoryBudgetMb
    ? {
        bytes: memoryBudgetMb * 1024 * 1024,
        resident: () => process.memoryUsage.rss(),
        besides: memoryBesides,
        release,
      }
    : undefined;
  return createPageGate(places, { afterPage, memory });
}

/**
 * How long the page-counting PDF thread outlives its last count: a burst of uploads shares one
 * thread, and the readings that follow do not keep it. `0` (threads kept for good) keeps it too.
 */
const COUNTING_IDLE_MS = 1_000;

/**
 * PDFs are read in as many threads as OCR has. A page count at upload takes a reading thread that
 * is free (the document's reading then finds pdfjs loaded), and otherwise the counting thread, so
 * that an upload never waits behind a long reading; that one ends soon after a burst of uploads
 * instead of holding pdfjs' memory beside the readings (docs/resources.md).
 */
function createPdfThreads(size: number, budget: Omit<PdfThreadsOptions, 'size'>) {
  const pdf = new PdfThreads({ size, ...budget });
  const idleReleaseMs = budget.idleReleaseMs === 0 ? 0 : Math.min(budget.idleReleaseMs, COUNTING_IDLE_MS);
  const counting = new PdfThreads({ ...budget, size: 1, idleReleaseMs });
  return { pdf, counting, forCount: (): PdfThreads => (pdf.hasFreeSlot ? pdf : counting) };
}

/** The languages, each with its model: a missing model fails when the reader is made, not on the first scan. */
function checkedLanguages(given: readonly string[]): string[] {
  const languages = [...given];
  if (languages.length === 0) throw new Error('OCR needs at least one language');
  for (const code of languages) languageModelFolder(code);
  return languages;
}

/** The other languages, each with its model, less those pages are read in first anyway. */
function checkedOthers(given: readonly string[], languages: readonly string[]): string[] {
  for (const code of [...given, 'eng']) languageModelFolder(code);
  return given.filter((code) => !languages.includes(code));
}

/** What names the reading, for caches of read documents: it changes whenever the words read would. */
function readerRevision(
  languages: readonly string[],
  otherLanguages: readonly string[],
  engine: PageOcrEngine | undefined,
  enginePages: EnginePages,
): Pick<TesseractReader, 'revision' | 'revisionOf'> {
  // English alone was the only reading before languages could be chosen: its revision stays as it was.
  const base = `tesseract:${READING_REVISION}`;
  const first = languages.join('+') === 'eng' ? base : `${base}:${languages.join('+')}`;
  // Pages read again in another language: named after the first ones ("then" these).
  const tesseractOnly = otherLanguages.length ? `${first}:then-${otherLanguages.join('+')}` : first;
  const revision = engine ? `${tesseractOnly}+${engine.revision}:${enginePages}` : tesseractOnly;
  return {
    revision,
    revisionOf: (mimeType) => {
      // Tesseract's reading of scanned PDF pages has a revision of its own (see revision.ts).
      const pdf = `${tesseractOnly}:scans${SCANNED_PAGES_REVISION}`;
      if (!engine) return mimeType === 'application/pdf' ? pdf : tesseractOnly;
      // The engine reads every page of an image: tesseract's languages change nothing there.
      if (mimeType !== 'application/pdf') return `tesseract:${ENGINE_IMAGES_REVISION}+${engine.revision}:images`;
      return enginePages === 'images' ? pdf : revision;
    },
  };
}
