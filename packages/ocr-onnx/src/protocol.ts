/** Messages between the pool and its worker threads. */
import type { RecognizedWord } from './line-words.js';

export interface PageRequest {
  id: number;
  width: number;
  height: number;
  pixels: Uint8Array;
}

export type PageResponse = { id: number; words: RecognizedWord[] } | { id: number; error: string };
