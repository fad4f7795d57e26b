/**
 * L2-regularised logistic regression, trained by full-batch gradient descent on standardised
 * features. Full batch, zero start and a fixed number of steps make training deterministic: the
 * same rows give the same weights, so no random seed is involved.
 */

export interface LogisticModel {
  weights: number[];
  bias: number;
  /** Per-feature mean and scale the weights were fitted on (features are standardised first). */
  mean: number[];
  scale: number[];
}

export interface TrainOptions {
  /** L2 penalty per row (default 0.01). */
  l2?: number;
  /** Gradient steps (default 400). */
  iterations?: number;
  /** Step size (default 0.5). */
  rate?: number;
}

export function trainLogistic(
  rows: readonly number[][],
  labels: readonly number[],
  options: TrainOptions = {},
): LogisticModel {
  const width = rows[0]?.length ?? 0;
  const { mean, scale } = standardisation(rows, width);
  const xs = rows.map((row) => row.map((v, j) => (v - mean[j]!) / scale[j]!));
  const l2 = options.l2 ?? 0.01;
  const rate = options.rate ?? 0.5;
  const weights = new Array<number>(width).fill(0);
  let bias = 0;
  const n = Math.max(1, xs.length);
  for (let step = 0; step < (options.iterations ?? 400); step++) {
    const grad = new Array<number>(width).fill(0);
    let gradBias = 0;
    xs.forEach((x, i) => {
      const error = sigmoid(dot(weights, x) + bias) - labels[i]!;
      for (let j = 0; j < width; j++) grad[j]! += error * x[j]!;
      gradBias += error;
    });
    for (let j = 0; j < width; j++) weights[j]! -= rate * (grad[j]! / n + l2 * weights[j]!);
    bias -= (rate * gradBias) / n;
  }
  return { weights: weights.map(round), bias: round(bias), mean: mean.map(round), scale: scale.map(round) };
}

export function predictLogistic(model: LogisticModel, row: readonly number[]): number {
  let z = model.bias;
  for (let j = 0; j < model.weights.length; j++)
    z += model.weights[j]! * (((row[j] ?? 0) - model.mean[j]!) / model.scale[j]!);
  return sigmoid(z);
}

function standardisation(rows: readonly number[][], width: number): { mean: number[]; scale: number[] } {
  const mean = new Array<number>(width).fill(0);
  const scale = new Array<number>(width).fill(0);
  for (const row of rows) for (let j = 0; j < width; j++) mean[j]! += row[j]! / rows.length;
  for (const row of rows) for (let j = 0; j < width; j++) scale[j]! += (row[j]! - mean[j]!) ** 2 / rows.length;
  // A constant feature keeps scale 1, so it contributes nothing instead of dividing by zero.
  return { mean, scale: scale.map((v) => (v > 1e-12 ? Math.sqrt(v) : 1)) };
}

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Six significant decimals keep the committed JSON short without changing a prediction. */
function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
