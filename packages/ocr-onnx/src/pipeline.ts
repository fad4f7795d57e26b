/**
 * The whole reading of one page, as it runs inside a worker thread: detection, then recognition of
 * the lines found. The two onnxruntime sessions are created on the first page and reused; each runs
 * on one thread, since the pool gives every page its own worker.
 */
import { readFileSync } from 'node:fs';
import ort from 'onnxruntime-node';
import { createAlphabet } from './ctc.js';
import { detectLines, type DetectionOptions, type ModelSession } from './detect.js';
import { foldModel } from './fold-model.js';
import type { GreyImage } from './grey-image.js';
import type { RecognizedWord } from './line-words.js';
import { recognizeLines, type RecognitionOptions } from './recognize.js';

/** The model files: PP-OCRv4's detector and recogniser, and the recogniser's dictionary. */
export interface ModelFiles {
  detection: string;
  recognition: string;
  dictionary: string;
}

export interface PipelineOptions {
  models: ModelFiles;
  detection: DetectionOptions;
  recognition: RecognitionOptions;
}

const SESSION_OPTIONS: ort.InferenceSession.SessionOptions = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
  // Every page and line batch has its own shape: an arena or memory pattern sized for the largest
  // one seen would hold that memory for the life of the worker.
  enableCpuMemArena: false,
  enableMemPattern: false,
  logSeverityLevel: 3,
};

/** A session of one model (bytes) with the pipeline's options, and the tensor type it takes. */
export const createSession = (model: Uint8Array) => ort.InferenceSession.create(model, SESSION_OPTIONS);
export const { Tensor } = ort;

/** A page given up at a model run: its stop flag was up (the pool's caller aborted, or it is closing). */
export class PageStopped extends Error {
  constructor() {
    super('The page was stopped');
  }
}

/**
 * `stopped` is asked before the models load and before each model run, and a page it answers true
 * for rejects with PageStopped there. A model run cannot be interrupted, and the thread must not be
 * terminated during one: onnxruntime-node's binding aborts the whole process when a call into it
 * returns into a thread being terminated (its N-API error cannot be thrown there, and the C++
 * exception ends in std::terminate). So a page is given up between runs instead.
 */
export function createPipeline(
  options: PipelineOptions,
  stopped: () => boolean = () => false,
): (image: GreyImage) => Promise<RecognizedWord[]> {
  let loaded: Promise<[ort.InferenceSession, ort.InferenceSession]> | null = null;
  const alphabet = createAlphabet(readFileSync(options.models.dictionary, 'utf8'));
  const checkpoint = (): void => {
    if (stopped()) throw new PageStopped();
  };
  return async (image) => {
    checkpoint();
    // Folded, the models do the same arithmetic with about half the passes over their feature maps.
    loaded ??= Promise.all([
      ort.InferenceSession.create(foldModel(readFileSync(options.models.detection)), SESSION_OPTIONS),
      ort.InferenceSession.create(foldModel(readFileSync(options.models.recognition)), SESSION_OPTIONS),
    ]);
    const [detector, recogniser] = await loaded;
    const lines = await detectLines(stoppable(detector, checkpoint), ort.Tensor, image, options.detection);
    const words = await recognizeLines(
      stoppable(recogniser, checkpoint),
      ort.Tensor,
      image,
      lines,
      alphabet,
      options.recognition,
    );
    return words.flat();
  };
}

/** `session` with `checkpoint` before each of its runs. */
const stoppable = (session: ort.InferenceSession, checkpoint: () => void): ModelSession => ({
  inputNames: session.inputNames,
  outputNames: session.outputNames,
  run: (feeds) => {
    checkpoint();
    return session.run(feeds);
  },
});
