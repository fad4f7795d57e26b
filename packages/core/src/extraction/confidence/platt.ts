/**
 * Confidence calibration: a map from a reported confidence (and the evidence beside it, see
 * calibration-evidence.ts) to the share of values right, fitted on (confidence, evidence, right)
 * points measured on documents the model did not learn from. It is monotone in the confidence, so
 * the ranking stays the model's; what changes is that a value reported at 0.9 is right about nine
 * times in ten. (Isotonic regression was tried too: on the development data its held-out gap was
 * 3.5 to 4.3 points against Platt's 2.5, and on small groups it pools every value into one flat
 * confidence, which leaves nothing for review to tell apart.)
 */

/**
 * Platt scaling with evidence: sigmoid(slope × logit(confidence) + bias + Σ evidence_i × weight_i).
 * The evidence weights say how much less (or more) sure a value is than its confidence when it was
 * read by OCR, from a photo, without a label, or with a rival close behind.
 */
export interface CalibrationModel {
  slope: number;
  bias: number;
  /** One weight per evidence input (EVIDENCE_FEATURES of calibration-evidence.ts), in order. */
  evidence: number[];
}

export interface CalibrationPoint {
  confidence: number;
  right: boolean;
  /** The evidence inputs (evidenceRow); absent: all zero (a labelled text-layer value, no rival). */
  evidence?: readonly number[];
  /** How much the point counts in the fit (default 1). */
  weight?: number;
}

/**
 * The curve keeps at least this share of the scores' log-odds spread: where a group's held-out values
 * were nearly all right, an unconstrained fit flattens every confidence to the top, and a value the
 * arithmetic contradicts would no longer look any less sure than one it confirms.
 */
const MIN_SLOPE = 0.5;

/**
 * The evidence weights' prior: normal around 0 with this standard deviation (in log-odds), so that
 * an input seen on few values (photos in a small group) moves the curve only as far as they show.
 */
const EVIDENCE_PRIOR_SD = 1;

/** The calibrated confidence of a value; never above 0.99 (only an e-invoice's XML earns 1). */
export function applyPlatt(model: CalibrationModel, confidence: number, evidence: readonly number[] = []): number {
  let z = model.slope * logit(confidence) + model.bias;
  model.evidence.forEach((w, i) => (z += w * (evidence[i] ?? 0)));
  return Math.min(0.99, sigmoid(z));
}

/**
 * Fitted by Newton's method on the weighted log-loss (deterministic), the evidence weights under
 * their prior; where the slope would fall under MIN_SLOPE it is held there and the rest refitted.
 */
export function fitPlatt(points: readonly CalibrationPoint[], evidenceCount = 0): CalibrationModel {
  const rows = points.map((p) => [
    logit(p.confidence),
    1,
    ...Array.from({ length: evidenceCount }, (_, i) => p.evidence?.[i] ?? 0),
  ]);
  const ys = points.map((p) => (p.right ? 1 : 0));
  const ws = points.map((p) => p.weight ?? 1);
  // A faint prior on slope and bias keeps the system solvable where every point is right.
  const precision = [1e-4, 1e-4, ...Array.from({ length: evidenceCount }, () => 1 / EVIDENCE_PRIOR_SD ** 2)];
  let beta = newton(rows, ys, ws, precision, [1, 0, ...Array.from({ length: evidenceCount }, () => 0)], null);
  if (beta[0]! < MIN_SLOPE) beta = newton(rows, ys, ws, precision, [MIN_SLOPE, ...beta.slice(1)], 0);
  return { slope: round(beta[0]!), bias: round(beta[1]!), evidence: beta.slice(2).map(round) };
}

/**
 * Weighted, penalized logistic regression by Newton steps, each halved until the loss falls (a
 * full step overshoots where nearly every point is right); `fixed` names a coefficient held at its
 * start.
 */
function newton(
  rows: readonly number[][],
  ys: readonly number[],
  ws: readonly number[],
  precision: readonly number[],
  start: number[],
  fixed: number | null,
): number[] {
  const loss = (beta: readonly number[]): number => {
    let sum = precision.reduce((s, p, i) => s + (i === fixed ? 0 : 0.5 * p * beta[i]! ** 2), 0);
    rows.forEach((row, n) => {
      const z = row.reduce((t, x, i) => t + x * beta[i]!, 0);
      // log(1 + e^-z) for a right value, log(1 + e^z) for a wrong one, computed without overflow.
      const m = ys[n] ? -z : z;
      sum += ws[n]! * (Math.max(m, 0) + Math.log1p(Math.exp(-Math.abs(m))));
    });
    return sum;
  };
  let beta = [...start];
  let current = loss(beta);
  const free = beta.map((_, i) => i).filter((i) => i !== fixed);
  for (let step = 0; step < 100; step++) {
    const gradient = free.map((i) => precision[i]! * beta[i]!);
    const hessian = free.map((i, a) => free.map((_, b) => (a === b ? precision[i]! : 0)));
    rows.forEach((row, n) => {
      const p = sigmoid(row.reduce((z, x, i) => z + x * beta[i]!, 0));
      const g = ws[n]! * (p - ys[n]!);
      const h = ws[n]! * Math.max(1e-9, p * (1 - p));
      free.forEach((i, a) => {
        gradient[a]! += g * row[i]!;
        free.forEach((j, b) => (hessian[a]![b]! += h * row[i]! * row[j]!));
      });
    });
    const delta = solve(hessian, gradient);
    let scale = 1;
    let next = beta;
    let nextLoss = Infinity;
    for (; scale > 1e-6; scale /= 2) {
      next = beta.map((b, i) => {
        const a = free.indexOf(i);
        return a < 0 ? b : b - scale * delta[a]!;
      });
      nextLoss = loss(next);
      if (nextLoss <= current) break;
    }
    if (!(nextLoss <= current)) break;
    const settled = current - nextLoss < 1e-10;
    beta = next;
    current = nextLoss;
    if (settled) break;
  }
  return beta;
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and positive definite). */
function solve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length;
  const a = matrix.map((row, i) => [...row, vector[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let r = col + 1; r < n; r++) {
      const f = a[r]![col]! / a[col]![col]!;
      for (let c = col; c <= n; c++) a[r]![c]! -= f * a[col]![c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = a[r]![n]!;
    for (let c = r + 1; c < n; c++) sum -= a[r]![c]! * x[c]!;
    x[r] = sum / a[r]![r]!;
  }
  return x;
}

const logit = (p: number): number => {
  const q = Math.max(0.01, Math.min(0.99, p));
  return Math.log(q / (1 - q));
};

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
