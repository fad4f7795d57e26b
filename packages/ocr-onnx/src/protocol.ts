/** Messages between the pool and its worker threads. */
import type { RecognizedWord } from './line-words.js';
import type { PipelineOptions } from './pipeline.js';

/**
 * What a thread starts with: the pipeline's options, and its slot's stop flag (one Int32 over a
 * SharedArrayBuffer, 1 once the page being read is no longer wanted), which the thread reads
 * before each model run: the pool never terminates a thread in the middle of one.
 */
export interface ThreadData {
  pipeline: PipelineOptions;
  stop: Int32Array;
}

export interface PageRequest {
  id: number;
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** The page's words, the error that failed it, or `stopped`: the stop flag was up at a model run. */
export type PageResponse =
  { id: number; words: RecognizedWord[] } | { id: number; error: string } | { id: number; stopped: true };
