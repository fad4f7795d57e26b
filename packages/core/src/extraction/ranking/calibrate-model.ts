import { EVIDENCE_FEATURES, evidenceRow } from '../confidence/calibration-evidence.js';
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
 * report confidence 0 and are not calibrated), and so are tables.
 *
 * Each group's curve weighs the value's calibration evidence too (calibration-evidence.ts): how it
 * was read (text layer, scan, photo: an offset per kind of reading, so a group is calibrated per
 * kind where its held-out values show a difference, and shares one curve where they do not), its
 * OCR confidence, a missing label and the best rival's score. One slope for all kinds: fitted
 * apart, text-layer amounts, right 97% of the time held out, got a curve that put every amount at
 * 0.94 or more, so that a total the arithmetic contradicts no longer looked any less sure than one
 * it confirms.
 *
 * Held-out documents of two sources: the real documents' inner folds, and synthetic documents no
 * rule was written on (synthetic-training.ts in the lab), which tell how sure the ranker should be
 * on a stranger's layouts. The synthetic values of a group weigh together at most
 * SYNTHETIC_SHARE of its real values, so that neither source swamps the other.
 */

/** A group with fewer held-out values than this keeps the model's confidences unchanged. */
const MIN_VALUES = 40;

/** The synthetic values of a group weigh together at most this share of its real values. */
export const SYNTHETIC_SHARE = 0.5;

export interface ScoredDocument {
  documentType: string;
  scores: readonly FieldScore[];
}

export function fitCalibration(
  documents: readonly ScoredDocument[],
  synthetic: readonly ScoredDocument[] = [],
): NonNullable<RankerModel['calibrationModels']> {
  const real = pointsByGroup(documents);
  const strangers = pointsByGroup(synthetic);
  const calibration: NonNullable<RankerModel['calibrationModels']> = {};
  for (const [group, list] of real) {
    if (list.length < MIN_VALUES) continue;
    const extra = strangers.get(group) ?? [];
    const weight = extra.length ? Math.min(1, (SYNTHETIC_SHARE * list.length) / extra.length) : 0;
    calibration[group] = fitPlatt([...list, ...extra.map((p) => ({ ...p, weight }))], EVIDENCE_FEATURES.length);
  }
  return calibration;
}

function pointsByGroup(documents: readonly ScoredDocument[]): Map<CalibrationGroup, CalibrationPoint[]> {
  const points = new Map<CalibrationGroup, CalibrationPoint[]>();
  for (const doc of documents) {
    if (!isRecommendedType(doc.documentType)) continue;
    const fields = RECOMMENDED_FIELDS[doc.documentType];
    for (const score of doc.scores) {
      const field = fields.find((f) => f.name === score.field);
      if (!field || field.type === 'array' || field.type === 'object') continue;
      if (score.actual === undefined || score.actual === null || score.confidence === undefined) continue;
      const group: CalibrationGroup = calibrationGroup(roleOf(field));
      let list = points.get(group);
      if (!list) points.set(group, (list = []));
      list.push({
        confidence: score.confidence,
        right: score.correct,
        ...(score.evidence ? { evidence: evidenceRow(score.evidence) } : {}),
      });
    }
  }
  return points;
}
