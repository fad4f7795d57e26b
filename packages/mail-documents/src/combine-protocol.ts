/** Messages between the combiner (document-combiner.ts) and its thread (combine-thread.ts). */
import type { CombinableDocument } from '@intake/core/internal';

export interface CombineRequest {
  id: number;
  documents: readonly CombinableDocument[];
  maxPages: number;
}

export type CombineResponse = { id: number; pdf: Uint8Array } | { id: number; error: string };
