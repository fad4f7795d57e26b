/** The combiner's thread: one set of documents in, the PDF out (its buffer moved, not copied). */
import type { CombinableDocument } from '@intake/core/ports';
import { combineDocuments } from './combine-documents.js';
import { serveTasks } from './serve-tasks.js';

export interface CombineRequest {
  documents: readonly CombinableDocument[];
  maxPages: number;
}

serveTasks(async ({ documents, maxPages }: CombineRequest) => {
  const pdf = await combineDocuments(documents, maxPages);
  return { value: pdf, transfer: [pdf.buffer as ArrayBuffer] };
});
