import coefficients from './calibration.json' with { type: 'json' };

/**
 * The classifier's confidence as a probability of being right. Its raw evidence (indicator
 * weights per type) is not one: a winner holding all of a little evidence is often right, a winner
 * leading by many points nearly always. A logistic mapping of two measures of the lead (its share of
 * all evidence and its points), fitted by the lab (`npm run train:classification`) on labelled
 * documents, turns it into one. The slopes are never negative, so a wider lead never lowers the
 * confidence. The fit counts a wrong answer three times: a wrong type at 0.9 or more is booked
 * without a person, a right one under it only waits for one.
 */

export interface ClassificationEvidence {
  /** The winner's score over the sum of all types' scores (0 when nothing was found). */
  share: number;
  /** The winner's lead over the runner-up, over the same sum. */
  margin: number;
  /** The sum of all types' scores. */
  total: number;
}

/** The logistic mapping's coefficients (calibration.json), fitted by `npm run train:classification`. */
export interface CalibrationCoefficients {
  intercept: number;
  /** Per unit of the winner's lead over the runner-up as a share of all evidence. */
  margin: number;
  /** Per unit of log(1 + the lead in points). */
  logLead: number;
}

/** The measures the mapping weighs: the lead as a share of the evidence, and log(1 + lead in points). */
export function calibrationFeatures(evidence: ClassificationEvidence): [number, number] {
  return [evidence.margin, Math.log1p(evidence.margin * evidence.total)];
}

/** The probability that the winning type is right, from how far it leads (never lower for a wider lead). */
export function calibratedConfidence(
  evidence: ClassificationEvidence,
  c: CalibrationCoefficients = coefficients,
): number {
  const [margin, logLead] = calibrationFeatures(evidence);
  const z = c.intercept + c.margin * margin + c.logLead * logLead;
  return 1 / (1 + Math.exp(-z));
}
