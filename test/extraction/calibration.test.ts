import { describe, expect, it } from 'vitest';
import {
  collectExamples,
  createRanker,
  fitCalibration,
  REVIEW_BELOW,
  trainRanker,
  type FieldScore,
} from '@intake/core/extraction';
import { extractFields, type FieldDefinition } from '@intake/core';
import { applyKnots, fitPlatt } from '../../packages/core/src/extraction/confidence/platt.js';
import { doc } from './synthetic.js';

/** Held-out confidence calibration: the Platt fit, its use by the ranker, and needs_review after it. */

/** n values at `confidence`, `right` of them right. */
const points = (confidence: number, n: number, right: number) =>
  Array.from({ length: n }, (_, i) => ({ confidence, right: i < right }));

describe('Platt calibration', () => {
  it('bends over-sure confidences to the share right at them, keeping their order', () => {
    const knots = fitPlatt([...points(0.5, 50, 10), ...points(0.95, 50, 30)]);
    expect(applyKnots(knots, 0.5)).toBeCloseTo(0.2, 1);
    expect(applyKnots(knots, 0.95)).toBeCloseTo(0.6, 1);
    for (let i = 1; i < knots.length; i++) expect(knots[i]![1]).toBeGreaterThan(knots[i - 1]![1]);
  });

  it('is fitted per group from held-out scores, leaving out values not extracted', () => {
    const score = (field: string, confidence: number, correct: boolean, actual: unknown = 1): FieldScore => ({
      field,
      required: true,
      expected: 1,
      actual,
      score: correct ? 1 : 0,
      correct,
      confidence,
    });
    const scores = [
      ...Array.from({ length: 50 }, (_, i) => score('total_amount', 0.9, i < 25)),
      ...Array.from({ length: 50 }, () => score('transaction_date', 0, false, null)),
    ];
    const calibration = fitCalibration([{ documentType: 'receipt', scores }]);
    expect(Object.keys(calibration)).toEqual(['amount']);
    expect(applyKnots(calibration.amount!, 0.9)).toBeCloseTo(0.5, 1);
  });
});

describe('a calibrated ranker', () => {
  const fields: FieldDefinition[] = [
    { name: 'total_amount', type: 'currency', required: true, description: 'Grand total' },
  ];
  const receipt = (seed: number) =>
    doc([
      { x: 40, y: 40, text: `Shop ${seed}` },
      { x: 300, y: 400, text: `Total ${(10 + seed).toFixed(2)}` },
    ]);
  const lists = Array.from({ length: 8 }, (_, i) =>
    collectExamples(receipt(i), fields, { total_amount: 10 + i }, 'receipt'),
  ).flat();
  const model = trainRanker(lists);

  it('reports the held-out share right as the confidence, and sends values under 0.5 to review', () => {
    const plain = extractFields(receipt(20), fields, { documentType: 'receipt', ranker: createRanker(model) });
    expect(plain.confidence.total_amount).toBeGreaterThan(REVIEW_BELOW);
    expect(plain.needs_review).toBe(false);
    // Held out, such values were right 3 times in 10: the same document now goes to review.
    const calibrated = createRanker({
      ...model,
      calibration: {
        amount: [
          [0, 0.05],
          [1, 0.3],
        ],
      },
    });
    const result = extractFields(receipt(20), fields, { documentType: 'receipt', ranker: calibrated });
    expect(result.extracted_data.total_amount).toBe(30);
    expect(result.confidence.total_amount).toBeCloseTo(0.05 + 0.25 * plain.confidence.total_amount!, 2);
    expect(result.confidence.total_amount).toBeLessThan(REVIEW_BELOW);
    expect(result.validation_errors).toEqual([]);
    expect(result.needs_review).toBe(true);
  });
});
