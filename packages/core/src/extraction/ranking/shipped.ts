import weights from './weights.json' with { type: 'json' };
import { createRanker, type CandidateRanker, type RankerModel } from './ranker.js';

/**
 * The ranker trained on the development documents (`npm run train:extraction` writes weights.json).
 * Built on first use; when the weights were trained on other features than the code computes, the
 * rules' evidence scores are used alone rather than a model fed the wrong numbers.
 */
let shipped: CandidateRanker | null | undefined;

export function shippedRanker(): CandidateRanker | undefined {
  if (shipped === undefined) {
    try {
      shipped = createRanker(weights as unknown as RankerModel);
    } catch {
      shipped = null;
    }
  }
  return shipped ?? undefined;
}
