import { createRanker, fitCalibration, trainRanker, type RankerModel } from '@intake/core/extraction';

import { crossValidate, type Learn } from './cross-validate.js';
import type { ReadEntry } from './evaluate-corpus.js';
import { examplesOf, learnRanker } from './learn-ranker.js';

/**
 * The ranker trained on all the given documents, with its confidences calibrated on what rankers
 * trained on part of them predicted for the rest (inner folds, grouped as the outer ones are), so
 * that the calibration is learned from held-out outcomes only.
 */
export const INNER_FOLDS = 4;

export function trainCalibratedModel(training: readonly ReadEntry[]): RankerModel {
  const model = trainRanker(training.flatMap(examplesOf));
  // The calibration maps the ranker's scores to how often they are right; the plausibility and
  // evidence caps come after it (extract-fields.ts), so they stay out of what it is fitted on.
  // Synthetic training documents train every inner ranker but are never held out: the curve says
  // how often the ranker is right on real documents.
  const real = training.filter((read) => !read.synthetic);
  const synthetic = training.filter((read) => read.synthetic);
  const heldOut = crossValidate(
    real,
    INNER_FOLDS,
    learnRanker,
    { plausibility: false, evidenceCaps: false },
    synthetic,
  );
  return { ...model, calibration: fitCalibration(heldOut) };
}

export const learnCalibratedRanker: Learn = (training) => ({ ranker: createRanker(trainCalibratedModel(training)) });
