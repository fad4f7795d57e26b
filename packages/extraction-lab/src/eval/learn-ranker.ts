import { RECOMMENDED_FIELDS, type ExtractFieldsOptions } from '@intake/core';
import { collectExamples, createRanker, trainRanker, type LabelledList } from '@intake/core/extraction';
import type { ReadEntry } from './evaluate-corpus.js';

/**
 * Trains the candidate ranker on the given documents (for a held-out fold: on all the others).
 * The candidate lists of a document do not depend on the model, so they are collected once per
 * document and reused by every fold that trains on it.
 */
const examples = new WeakMap<ReadEntry, LabelledList[]>();

export function examplesOf(read: ReadEntry): LabelledList[] {
  let found = examples.get(read);
  if (!found) {
    const { expected } = read.entry;
    const fields = RECOMMENDED_FIELDS[expected.document_type as keyof typeof RECOMMENDED_FIELDS];
    found =
      read.document && fields ? collectExamples(read.document, fields, expected.fields, expected.document_type) : [];
    examples.set(read, found);
  }
  return found;
}

export function learnRanker(training: readonly ReadEntry[]): Pick<ExtractFieldsOptions, 'ranker'> {
  return { ranker: createRanker(trainRanker(training.flatMap(examplesOf))) };
}
