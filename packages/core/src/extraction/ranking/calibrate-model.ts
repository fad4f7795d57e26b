import { fitPlatt, type CalibrationPoint } from '../confidence/platt.js';
import type { FieldScore } from '../evaluation/score.js';
import { roleOf } from '../labels/roles.js';
import { RECOMMENDED_FIELDS, isRecommendedType } from '../recommended-fields.js';
import { calibrationGroup, type CalibrationGroup, type RankerModel } from './ranker.js';

/**
 * The ranker's confidence calibration, fitted on predictions for documents the predicting model did
 * not learn from (out-of-fold scores: see `intake eval` and `npm run train:extraction`). A model's
 * probabilities are too sure on new documents by about as much as it fitted its own; a Platt curve
 * per group learned from held-out outcomes takes that back. Values not extracted are left out (they
 * report confidence 0 and are not calibrated), and so are tables. Text-layer and OCR'd values share
 * a curve: fitted apart (held-out gap 2.6 against 3.4 points), text-layer amounts, right 97% of the
 * time held out, got a curve that put every amount at 0.94 or more, so that a total the arithmetic
 * contradicts no longer looked any less sure than one it confirms.
 */

/** A group with fewer held-out values than this keeps the model's confidences unchanged. */
const MIN_VALUES = 40;

export interface ScoredDocument {
  documentType: string;
  scores: readonly FieldScore[];
}

export function fitCalibration(documents: readonly ScoredDocument[]): NonNullable<RankerModel['calibration']> {
  const points = new Map<CalibrationGroup, CalibrationPoint[]>();
  const add = (key: CalibrationGroup, point: CalibrationPoint): void => {
    let list = points.get(key);
    if (!list) points.set(key, (list = []));
    list.push(point);
  };
  for (const doc of documents) {
    if (!isRecommendedType(doc.documentType)) continue;
    const fields = RECOMMENDED_FIELDS[doc.documentType];
    for (const score of doc.scores) {
      const field = fields.find((f) => f.name === score.field);
      if (!field || field.type === 'array' || field.type === 'object') continue;
      if (score.actual === undefined || score.actual === null || score.confidence === undefined) continue;
      const group: CalibrationGroup = calibrationGroup(roleOf(field));
      add(group, { confidence: score.confidence, right: score.correct });
    }
  }
  const calibration: NonNullable<RankerModel['calibration']> = {};
  for (const [group, list] of points) if (list.length >= MIN_VALUES) calibration[group] = fitPlatt(list);
  return calibration;
}
