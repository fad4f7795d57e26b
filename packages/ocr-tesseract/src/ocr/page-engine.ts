/**
 * Another OCR engine the reader can hand pages to instead of tesseract (such as @intake/ocr-onnx's
 * PaddleOCR), described by shape so that neither adapter depends on the other: the daemon joins them.
 */
import type { Word } from '@intake/core';

/** 8-bit grey pixels, row by row (ocr-page's GreyImage, repeated here to keep imports one-way). */
interface GreyPixels {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** An OCR engine for page images: words with boxes in the image's pixels. */
export interface PageOcrEngine {
  /** Names the engine and its settings, for caches of read documents. */
  readonly revision: string;
  /** Pages it reads at once (its threads). */
  readonly workers: number;
  /** Its threads alive now, where it can tell (for a gauge of the memory OCR holds). */
  readonly liveWorkers?: number;
  /** Words of one grey page image, boxes in its pixels, confidence 0..1; aborting stops the work. */
  read(image: GreyPixels, signal?: AbortSignal): Promise<Word[]>;
  /**
   * Ends its threads that are not reading now beyond `keep` of them (default none; their models
   * and memory with them); the next page starts them again. Called when tesseract starts reading,
   * so that one engine is resident at a time, and where the reader's memory budget is spent.
   * Resolves once they have ended.
   */
  releaseIdle?(keep?: number): Promise<void> | void;
  /** Frees the engine's threads. */
  close(): Promise<void>;
}

/** Which pages the engine reads: photos and other images only, or scanned PDF pages as well. */
export type EnginePages = 'images' | 'scans';
