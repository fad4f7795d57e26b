import { calibrationFeatures, type CalibrationCoefficients, type ClassificationEvidence } from '@intake/core';

/**
 * Fits the classifier's confidence (packages/core/src/classification/calibration.json): a logistic
 * regression of "the classifier was right" on the winner's lead (calibrationFeatures), by full-batch
 * gradient descent from zero, with the slopes held at zero or above so the mapping stays monotone.
 * A wrong answer counts WRONG_WEIGHT times: held out, an unweighted fit put 10 of 16 wrong answers
 * at 0.9 or more (the 0.9 bin right 97.7% of the time), a weight of 3 left 4 there (99.4%), a
 * weight of 10 also 4 but moved a quarter of the right folds' documents under 0.9.
 * Deterministic: the same examples give the same coefficients.
 */

export interface ClassificationExample {
  evidence: ClassificationEvidence;
  right: boolean;
  /** The held-out group: a development fold, or a probe's folder (its seed). */
  group: string;
}

type Coefficients = CalibrationCoefficients;

const STEPS = 5_000;
const RATE = 0.5;
/** A little shrinkage: the wrong answers are few, and the slopes must not chase them. */
const L2 = 1e-3;
const WRONG_WEIGHT = 3;

export function fitCalibration(examples: readonly ClassificationExample[]): Coefficients {
  const rows = examples.map((e) => ({
    x: calibrationFeatures(e.evidence),
    y: e.right ? 1 : 0,
    k: e.right ? 1 : WRONG_WEIGHT,
  }));
  const weight = rows.reduce((sum, r) => sum + r.k, 0);
  let b = 0;
  const w = [0, 0];
  for (let step = 0; step < STEPS && rows.length > 0; step++) {
    let gb = 0;
    const gw = [0, 0];
    for (const { x, y, k } of rows) {
      const d = k * (predict(b, w, x) - y);
      gb += d;
      for (let j = 0; j < 2; j++) gw[j]! += d * x[j]!;
    }
    b -= (RATE * gb) / weight;
    for (let j = 0; j < 2; j++) w[j] = Math.max(0, w[j]! - RATE * (gw[j]! / weight + L2 * w[j]!));
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { intercept: round(b), margin: round(w[0]!), logLead: round(w[1]!) };
}

function predict(b: number, w: readonly number[], x: readonly number[]): number {
  return 1 / (1 + Math.exp(-(b + w[0]! * x[0]! + w[1]! * x[1]!)));
}

function applyCalibration(c: Coefficients, evidence: ClassificationEvidence): number {
  return predict(c.intercept, [c.margin, c.logLead], calibrationFeatures(evidence));
}

/** Each group's confidences from a mapping fitted on the other groups only. */
export function heldOut(examples: readonly ClassificationExample[]): number[] {
  const groups = [...new Set(examples.map((e) => e.group))];
  const fits = new Map(groups.map((g) => [g, fitCalibration(examples.filter((e) => e.group !== g))]));
  return examples.map((e) => applyCalibration(fits.get(e.group)!, e.evidence));
}

interface ReliabilityRow {
  bin: string;
  count: number;
  right: number;
}

const BINS: [string, number, number][] = [
  ['<0.5', 0, 0.5],
  ['0.5-0.7', 0.5, 0.7],
  ['0.7-0.9', 0.7, 0.9],
  ['0.9-1', 0.9, 1.01],
];

/** How often the classifier was right among the documents in each confidence bin. */
export function reliability(confidences: readonly number[], right: readonly boolean[]): ReliabilityRow[] {
  return BINS.map(([bin, lo, hi]) => {
    const inBin = confidences.map((c, i) => (c >= lo && c < hi ? i : -1)).filter((i) => i >= 0);
    return { bin, count: inBin.length, right: inBin.filter((i) => right[i]).length };
  });
}
