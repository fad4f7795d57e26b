import { describe, expect, it } from 'vitest';
import {
  collectExamples,
  createRanker,
  fitCalibration,
  REVIEW_BELOW,
  trainRanker,
  type CalibrationEvidence,
  type FieldScore,
} from '@intake/core/extraction';
import { extractFields, type FieldDefinition } from '@intake/core';
import { applyPlatt, fitPlatt } from '../../packages/core/src/extraction/confidence/platt.js';
import { EVIDENCE_FEATURES, evidenceRow } from '../../packages/core/src/extraction/confidence/calibration-evidence.js';
import type { ReadEntry } from '../../packages/extraction-lab/src/eval/evaluate-corpus.js';
import { trainCalibratedModel } from '../../packages/extraction-lab/src/eval/learn-calibrated.js';
import { doc, page } from './synthetic.js';

/**
 * Held-out confidence calibration: the Platt fit with its evidence inputs, the fit per group from
 * scored documents (real and synthetic), its use by the ranker, and needs_review after it.
 */

/** n values at `confidence`, `right` of them right, with the given evidence row. */
const points = (confidence: number, n: number, right: number, evidence?: number[]) =>
  Array.from({ length: n }, (_, i) => ({ confidence, right: i < right, ...(evidence ? { evidence } : {}) }));

const TEXT: CalibrationEvidence = { reading: 'text', ocr: 1, labelled: true, rival: 0 };
const PHOTO: CalibrationEvidence = { reading: 'photo', ocr: 0.95, labelled: true, rival: 0 };

describe('Platt calibration', () => {
  it('bends over-sure confidences to the share right at them, keeping their order', () => {
    const model = fitPlatt([...points(0.5, 50, 10), ...points(0.95, 50, 30)]);
    expect(applyPlatt(model, 0.5)).toBeCloseTo(0.2, 1);
    expect(applyPlatt(model, 0.95)).toBeCloseTo(0.6, 1);
    for (let c = 0.05; c < 1; c += 0.05) expect(applyPlatt(model, c + 0.05)).toBeGreaterThan(applyPlatt(model, c));
  });

  it('learns from the evidence how much less sure a value is than its confidence', () => {
    // At the same confidence, held-out text values were right 49 times in 50, photo values 35.
    const text = evidenceRow(TEXT);
    const photo = evidenceRow(PHOTO);
    const model = fitPlatt([...points(0.95, 50, 49, text), ...points(0.95, 50, 35, photo)], EVIDENCE_FEATURES.length);
    expect(applyPlatt(model, 0.95, text)).toBeGreaterThan(0.93);
    expect(applyPlatt(model, 0.95, photo)).toBeLessThan(0.8);
    expect(applyPlatt(model, 0.95, photo)).toBeGreaterThan(0.6);
  });

  it('moves a confidence by evidence seen on few values only as far as they show', () => {
    // Three photo values, one wrong, beside 200 right text values: the photo offset stays modest.
    const model = fitPlatt(
      [...points(0.95, 200, 196, evidenceRow(TEXT)), ...points(0.95, 3, 2, evidenceRow(PHOTO))],
      EVIDENCE_FEATURES.length,
    );
    expect(applyPlatt(model, 0.95, evidenceRow(PHOTO))).toBeGreaterThan(0.8);
  });

  it('never reports more than 0.99', () => {
    const model = fitPlatt(points(0.99, 100, 100));
    expect(applyPlatt(model, 0.99)).toBeLessThanOrEqual(0.99);
  });
});

const score = (
  field: string,
  confidence: number,
  correct: boolean,
  evidence?: CalibrationEvidence,
  actual: unknown = 1,
): FieldScore => ({
  field,
  required: true,
  expected: 1,
  actual,
  score: correct ? 1 : 0,
  correct,
  confidence,
  ...(evidence ? { evidence } : {}),
});

describe('the calibration fit', () => {
  it('is fitted per group from held-out scores, leaving out values not extracted', () => {
    const scores = [
      ...Array.from({ length: 50 }, (_, i) => score('total_amount', 0.9, i < 25)),
      ...Array.from({ length: 50 }, () => score('transaction_date', 0, false, undefined, null)),
    ];
    const calibration = fitCalibration([{ documentType: 'receipt', scores }]);
    expect(Object.keys(calibration)).toEqual(['amount']);
    expect(applyPlatt(calibration.amount!, 0.9)).toBeCloseTo(0.5, 1);
  });

  it('calibrates each kind of reading apart where the held-out values differ', () => {
    const scores = [
      ...Array.from({ length: 60 }, (_, i) => score('total_amount', 0.95, i < 59, TEXT)),
      ...Array.from({ length: 60 }, (_, i) => score('total_amount', 0.95, i < 42, PHOTO)),
    ];
    const { amount } = fitCalibration([{ documentType: 'receipt', scores }]);
    expect(applyPlatt(amount!, 0.95, evidenceRow(TEXT))).toBeGreaterThan(0.93);
    expect(applyPlatt(amount!, 0.95, evidenceRow(PHOTO))).toBeLessThan(0.8);
  });

  it('takes synthetic held-out values in, weighed so that they do not swamp the real ones', () => {
    const real = [
      { documentType: 'receipt', scores: Array.from({ length: 100 }, () => score('total_amount', 0.9, true, TEXT)) },
    ];
    // A thousand synthetic values at the same confidence, every one wrong.
    const synthetic = [
      { documentType: 'receipt', scores: Array.from({ length: 1000 }, () => score('total_amount', 0.9, false, TEXT)) },
    ];
    const alone = applyPlatt(fitCalibration(real).amount!, 0.9, evidenceRow(TEXT));
    const both = applyPlatt(fitCalibration(real, synthetic).amount!, 0.9, evidenceRow(TEXT));
    expect(both).toBeLessThan(alone - 0.1);
    // Weighed as 50 values against the real 100: about two in three right, not one in eleven.
    expect(both).toBeCloseTo(2 / 3, 1);
  });
});

describe('a calibrated ranker', () => {
  const fields: FieldDefinition[] = [
    { name: 'total_amount', type: 'currency', required: true, description: 'Grand total' },
  ];
  const placed = (seed: number, confidence = 1) => [
    { x: 40, y: 40, text: `Shop ${seed}`, confidence },
    { x: 300, y: 400, text: `Total ${(10 + seed).toFixed(2)}`, confidence },
  ];
  const receipt = (seed: number) => doc(placed(seed));
  const photo = (seed: number) => ({ ...doc([page(placed(seed, 0.9), { source: 'ocr' })]), mimeType: 'image/jpeg' });
  const lists = Array.from({ length: 8 }, (_, i) =>
    collectExamples(receipt(i), fields, { total_amount: 10 + i }, 'receipt'),
  ).flat();
  const model = trainRanker(lists);
  const none = Array.from({ length: EVIDENCE_FEATURES.length }, () => 0);

  it('reports the held-out share right as the confidence, and sends values under 0.5 to review', () => {
    const plain = extractFields(receipt(20), fields, { documentType: 'receipt', ranker: createRanker(model) });
    expect(plain.confidence.total_amount).toBeGreaterThan(REVIEW_BELOW);
    expect(plain.needs_review).toBe(false);
    // Held out, such values were right about 3 times in 10: the same document now goes to review.
    const calibrated = createRanker({
      ...model,
      calibrationModels: { amount: { slope: 1, bias: -5, evidence: none } },
    });
    const result = extractFields(receipt(20), fields, { documentType: 'receipt', ranker: calibrated });
    expect(result.extracted_data.total_amount).toBe(30);
    expect(result.confidence.total_amount).toBeCloseTo(
      applyPlatt({ slope: 1, bias: -5, evidence: none }, plain.confidence.total_amount!),
      2,
    );
    expect(result.confidence.total_amount).toBeLessThan(REVIEW_BELOW);
    expect(result.validation_errors).toEqual([]);
    expect(result.needs_review).toBe(true);
  });

  it('gives the calibration how each value was read, and applies what it learned of photos', () => {
    const evidence = new Map<string, CalibrationEvidence>();
    const photoWeight = [0, -4, 0, 0, 0];
    const calibrated = createRanker({
      ...model,
      calibrationModels: { amount: { slope: 1, bias: 0, evidence: photoWeight } },
    });
    const asText = extractFields(receipt(20), fields, { documentType: 'receipt', ranker: calibrated, evidence });
    expect(evidence.get('total_amount')).toMatchObject({ reading: 'text', ocr: 1, labelled: true });
    const asPhoto = extractFields(photo(20), fields, { documentType: 'receipt', ranker: calibrated, evidence });
    expect(asPhoto.extracted_data.total_amount).toBe(30);
    expect(evidence.get('total_amount')).toMatchObject({ reading: 'photo', ocr: 0.9, labelled: true });
    expect(asPhoto.confidence.total_amount).toBeLessThan(asText.confidence.total_amount! - 0.2);
    // The same OCR'd page in a PDF is a scan, which this curve does not lower.
    const asScan = extractFields({ ...photo(20), mimeType: 'application/pdf' }, fields, {
      documentType: 'receipt',
      ranker: calibrated,
      evidence,
    });
    expect(evidence.get('total_amount')).toMatchObject({ reading: 'scan', ocr: 0.9 });
    expect(asScan.confidence.total_amount).toBeGreaterThan(asPhoto.confidence.total_amount!);
  });

  it('gives the calibration the score of the best candidate with another value', () => {
    // Receipts with a second, smaller "Total" above the right one: the ranker learns to tell them apart.
    const twoTotals = (seed: number) =>
      doc([...placed(seed), { x: 300, y: 300, text: `Total ${(5 + seed).toFixed(2)}` }]);
    const ranker = createRanker(
      trainRanker(
        Array.from({ length: 8 }, (_, i) =>
          collectExamples(twoTotals(i), fields, { total_amount: 10 + i }, 'receipt'),
        ).flat(),
      ),
    );
    const evidence = new Map<string, CalibrationEvidence>();
    extractFields(receipt(20), fields, { documentType: 'receipt', ranker, evidence });
    expect(evidence.get('total_amount')?.rival).toBe(0);
    const result = extractFields(twoTotals(20), fields, { documentType: 'receipt', ranker, evidence });
    expect(result.extracted_data.total_amount).toBe(30);
    expect(evidence.get('total_amount')?.rival).toBeGreaterThan(0);
    expect(evidence.get('total_amount')?.rival).toBeLessThan(result.confidence.total_amount!);
  });
});

describe('the calibration of a trained model', () => {
  const fields = { total_amount: 0 };
  const read = (file: string, document: ReturnType<typeof doc>, total: number, synthetic = false): ReadEntry => ({
    entry: { file, expected: { document_type: 'receipt', fields: { ...fields, total_amount: total } } },
    document,
    seconds: 0,
    ...(synthetic ? { synthetic: true as const } : {}),
  });
  // Real receipts of ten shops whose total is labelled, each in its own fold group by vendor.
  const real = Array.from({ length: 60 }, (_, i) =>
    read(
      `/corpus/r-${i}.pdf`,
      doc([
        { x: 40, y: 40, text: `Shop ${i % 10}` },
        { x: 300, y: 400, text: `Total ${(10 + i).toFixed(2)}` },
      ]),
      10 + i,
    ),
  );
  // Strangers' receipts: a larger labelled "Total" that is not the total (the sum of two visits).
  const strangers = Array.from({ length: 40 }, (_, i) =>
    read(
      `/synthetic/s-${i}.pdf`,
      doc([
        { x: 40, y: 40, text: `Stranger ${i}` },
        { x: 300, y: 400, text: `Total ${(10 + i).toFixed(2)}` },
      ]),
      99 + i,
      true,
    ),
  );

  it('is fitted on the synthetic calibration documents too, which the ranker never trains on', () => {
    const realOnly = trainCalibratedModel(real);
    const withStrangers = trainCalibratedModel(real, strangers);
    expect(withStrangers.families).toEqual(realOnly.families);
    const top = (m: typeof realOnly) => applyPlatt(m.calibrationModels!.amount!, 0.95, evidenceRow(TEXT));
    expect(top(withStrangers)).toBeLessThan(top(realOnly) - 0.1);
  });
});
