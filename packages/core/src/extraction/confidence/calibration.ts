import type { FoundField } from '../found-field.js';

/**
 * Evidence scores turned into confidences that mean something: a field reported at 0.9 should be
 * right about nine times in ten (see the calibration table of `intake eval`).
 * Values read from an e-invoice's XML are exact by construction.
 */

/**
 * [evidence score, confidence] knots, increasing; linear between them. Fitted on the 280 values
 * of the dev corpus (printed text only): evidence around 0.25 was right 17% of the time, 0.37
 * 44%, 0.52 79%, 0.70 92%, 0.85 97%, and above 0.95 every time; the top stays below 1, which
 * only an e-invoice's XML earns.
 */
const KNOTS: [number, number][] = [
  [0, 0.02],
  [0.25, 0.17],
  [0.37, 0.44],
  [0.52, 0.78],
  [0.7, 0.91],
  [0.85, 0.96],
  [1, 0.98],
];

export function calibrate(field: FoundField): number {
  if (field.source === 'xml') return 1;
  if (field.ranked) return round(Math.max(0, Math.min(0.99, field.score)));
  const score = field.score * (0.5 + 0.5 * field.ocr);
  return round(interpolate(Math.max(0, Math.min(1, score))));
}

function interpolate(x: number): number {
  for (let i = 1; i < KNOTS.length; i++) {
    const [x1, y1] = KNOTS[i]!;
    const [x0, y0] = KNOTS[i - 1]!;
    if (x <= x1) return y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
  }
  return KNOTS.at(-1)![1];
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
