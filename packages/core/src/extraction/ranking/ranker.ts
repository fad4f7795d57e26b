import type { DocumentView } from '../document-view.js';
import type { Candidate } from '../fields/candidates.js';
import type { Role } from '../labels/synonyms.js';
import { describeCandidates, documentFacts, FEATURE_NAMES, type DocumentFacts } from './features.js';
import { predictLogistic, type LogisticModel } from './logistic.js';
import { applyKnots, type CalibrationKnots } from '../confidence/platt.js';

/**
 * The learned candidate ranker: the candidates the rules generate for a field are described by
 * features (features.ts) and scored by a logistic model of their family (amounts, dates,
 * identifiers, names). The score is the model's probability that the candidate is the field's
 * value, learned on labelled documents, so it serves as the field's confidence as it is.
 */

export const FAMILIES = {
  amount: ['subtotal', 'tax_amount', 'total_amount'],
  date: ['invoice_date', 'order_date', 'transaction_date', 'due_date', 'delivery_date'],
  identifier: ['invoice_number', 'po_number'],
  name: ['vendor_name'],
} as const satisfies Record<string, readonly Role[]>;

export type Family = keyof typeof FAMILIES;

const DOCUMENT_TYPES = ['invoice', 'receipt', 'purchase_order'] as const;

export interface RankerModel {
  version: 1;
  /** The feature names the weights belong to, in order (a check that code and weights agree). */
  features: string[];
  families: Partial<Record<Family, FamilyModel>>;
  /**
   * Maps (Platt curves as knots) from a field's confidence to the share right, fitted on held-out predictions
   * (see calibrate-model.ts), per calibration group: a ranked family, or `rules` for the fields the
   * rules score alone. Absent: confidences are reported as the models give them.
   */
  calibration?: Partial<Record<CalibrationGroup, CalibrationKnots>>;
}

/** Fields are calibrated in groups: those a family's model ranks, and those the rules score alone. */
export type CalibrationGroup = Family | 'rules';

/**
 * `rank` scores one candidate against its features; `confidence` turns that score, its margin over
 * the best other candidate of the list and the list's length into the probability that the value
 * is the field's (a candidate can score well in a list where nothing is right).
 */
export interface FamilyModel {
  rank: LogisticModel;
  confidence: LogisticModel;
}

/** Candidates of one field on one document, described for training (see collect.ts). */
export interface RankedList {
  role: Role;
  family: Family;
  candidates: Candidate[];
  rows: number[][];
}

export interface CandidateRanker {
  /** The candidates best first, each with the model's probability as its score (`ranked`). */
  rank(ctx: DocumentView, role: Role, candidates: Candidate[], documentType: string | undefined): Candidate[];
  /** A field's confidence as calibrated on held-out documents for its group (unchanged without a map). */
  recalibrate?(group: CalibrationGroup, confidence: number): number;
}

/** The calibration group of a field: the family of its role, `rules` for roles no model ranks. */
export function calibrationGroup(role: Role | null): CalibrationGroup {
  return (role && familyOf(role)) ?? 'rules';
}

export function familyOf(role: Role): Family | null {
  for (const [family, roles] of Object.entries(FAMILIES) as [Family, readonly Role[]][])
    if (roles.includes(role)) return family;
  return null;
}

export function rowsFor(
  ctx: DocumentView,
  role: Role,
  candidates: readonly Candidate[],
  documentType: string | undefined,
): number[][] {
  const family = familyOf(role)!;
  const context = [
    ...FAMILIES[family].map((r) => (r === role ? 1 : 0)),
    ...DOCUMENT_TYPES.map((t) => (t === documentType ? 1 : 0)),
  ];
  return describeCandidates(ctx, factsOf(ctx), role, candidates).map((row) => [...row, ...context]);
}

/** The features a ranker of `family` sees, in the order of its weights. */
export function featureNames(family: Family): string[] {
  return [...FEATURE_NAMES, ...FAMILIES[family].map((r) => `role_${r}`), ...DOCUMENT_TYPES.map((t) => `type_${t}`)];
}

/** A candidate ranker from trained weights; throws when they were trained on other features. */
export function createRanker(model: RankerModel): CandidateRanker {
  if (model.features.join(',') !== FEATURE_NAMES.join(','))
    throw new Error('ranker weights were trained on other features; run npm run train:extraction');
  return {
    rank(ctx, role, candidates, documentType) {
      const family = familyOf(role);
      const weights = family ? model.families[family] : undefined;
      if (!weights || candidates.length === 0) return candidates;
      const scores = scoreList(weights.rank, rowsFor(ctx, role, candidates, documentType));
      return candidates
        .map((c, i) => ({
          ...c,
          score: round(predictLogistic(weights.confidence, confidenceRow(scores, i))),
          ranked: true,
        }))
        .sort((a, b) => b.score - a.score);
    },
    recalibrate(group, confidence) {
      const knots = model.calibration?.[group];
      return knots ? round(Math.min(0.99, applyKnots(knots, confidence))) : confidence;
    },
  };
}

/** A ranker that changes nothing and keeps every list it sees, for training. */
export function createRecorder(): CandidateRanker & { lists: RankedList[] } {
  const lists: RankedList[] = [];
  return {
    lists,
    rank(ctx, role, candidates, documentType) {
      const family = familyOf(role);
      if (family && candidates.length)
        lists.push({ role, family, candidates, rows: rowsFor(ctx, role, candidates, documentType) });
      return candidates;
    },
  };
}

export function scoreList(model: LogisticModel, rows: readonly number[][]): number[] {
  return rows.map((row) => predictLogistic(model, row));
}

/** The confidence model's input for candidate i of a scored list. */
export function confidenceRow(scores: readonly number[], i: number): number[] {
  const own = scores[i]!;
  const other = Math.max(0, ...scores.filter((_, j) => j !== i));
  return [own, own - other, Math.log1p(scores.length)];
}

const facts = new WeakMap<DocumentView, DocumentFacts>();

function factsOf(ctx: DocumentView): DocumentFacts {
  let found = facts.get(ctx);
  if (!found) facts.set(ctx, (found = documentFacts(ctx)));
  return found;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
