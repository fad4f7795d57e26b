import { createRanker, fitCalibration, trainRanker, type RankerModel } from '@intake/core/extraction';

import { crossValidate, type Learn } from './cross-validate.js';
import { evaluateRead, type ReadEntry } from './evaluate-corpus.js';
import { examplesOf, learnRanker } from './learn-ranker.js';

/**
 * The ranker trained on all the given documents, with its confidences calibrated on held-out
 * outcomes only: what rankers trained on part of the real documents predicted for the rest (inner
 * folds, grouped as the outer ones are), and what the ranker itself predicts for the synthetic
 * calibration documents (synthetic-training.ts), which it never trained on.
 */
export const INNER_FOLDS = 4;

/** The plausibility and evidence caps come after the calibration (extract-fields.ts), so they stay out of its fit. */
const UNCAPPED = { plausibility: false, evidenceCaps: false } as const;

export function trainCalibratedModel(
  training: readonly ReadEntry[],
  calibrationDocuments: readonly ReadEntry[] = [],
): RankerModel {
  const model = trainRanker(training.flatMap(examplesOf));
  // Synthetic training documents train every inner ranker but are never held out: the real
  // documents' part of the fit says how often the ranker is right on real documents.
  const real = training.filter((read) => !read.synthetic);
  const synthetic = training.filter((read) => read.synthetic);
  const heldOut = crossValidate(real, INNER_FOLDS, learnRanker, UNCAPPED, synthetic);
  const ranker = createRanker(model);
  const strangers = calibrationDocuments.map((read) => evaluateRead(read, { ranker, ...UNCAPPED }));
  return { ...model, calibrationModels: fitCalibration(heldOut, strangers) };
}

/** Each fold's ranker, calibrated as trainCalibratedModel does with these synthetic calibration documents. */
export function calibratedLearner(calibrationDocuments: readonly ReadEntry[]): Learn {
  return (training) => ({ ranker: createRanker(trainCalibratedModel(training, calibrationDocuments)) });
}

export const learnCalibratedRanker: Learn = calibratedLearner([]);
