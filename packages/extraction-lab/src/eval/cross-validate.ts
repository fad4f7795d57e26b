import { type ExtractFieldsOptions } from '@intake/core';
import { assignFolds, groupMembers } from '../report/folds.js';
import type { EvaluatedDocument } from '../report/report.js';
import { evaluateRead, type ReadEntry } from './evaluate-corpus.js';

/**
 * Held-out scoring: the documents are grouped by vendor, source and original (a scan sits with the
 * PDF it was made from), the groups dealt to k folds, and each fold scored with what `learn` made
 * of the other folds only. Without `learn` every fold is scored with the shipped defaults.
 * `synthetic` documents (synthetic-training.ts) are added to every fold's training set and never
 * scored.
 */

export type Learn = (training: ReadEntry[]) => Pick<ExtractFieldsOptions, 'ranker'>;

export interface FoldedDocument extends EvaluatedDocument {
  fold: number;
  group: string;
}

export function foldsOf(reads: readonly ReadEntry[], k: number): { fold: number; group: string }[] {
  const groups = groupMembers(
    reads.map(({ entry }) => {
      const vendor = entry.expected.fields.vendor_name ?? entry.expected.fields.merchant_name;
      return {
        ...(typeof vendor === 'string' ? { vendor } : {}),
        ...(entry.expected.source ? { source: entry.expected.source, original: entry.expected.source } : {}),
      };
    }),
  );
  const folds = assignFolds(groups, k);
  return groups.map((group, i) => ({ group, fold: folds[i]! }));
}

export function crossValidate(
  reads: readonly ReadEntry[],
  k: number,
  learn: Learn | null,
  extra: Pick<ExtractFieldsOptions, 'plausibility' | 'evidenceCaps'> = {},
  synthetic: readonly ReadEntry[] = [],
): FoldedDocument[] {
  const assignment = foldsOf(reads, k);
  const results = new Array<FoldedDocument>(reads.length);
  for (let fold = 0; fold < k; fold++) {
    const training = [...reads.filter((_, i) => assignment[i]!.fold !== fold), ...synthetic];
    const options = { ...(learn ? learn(training) : {}), ...extra };
    reads.forEach((read, i) => {
      if (assignment[i]!.fold === fold) results[i] = { ...evaluateRead(read, options), ...assignment[i]! };
    });
  }
  return results;
}
