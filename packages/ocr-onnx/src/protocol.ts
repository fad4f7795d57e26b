/** Messages between the pool and its worker threads. */
import type { RecognizedWord } from './line-words.js';

export interface PageRequest {
  id: number;
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Asks an idle thread to release its onnxruntime sessions and end. */
export interface ReleaseRequest {
  release: true;
}

export type PageResponse = { id: number; words: RecognizedWord[] } | { id: number; error: string };
