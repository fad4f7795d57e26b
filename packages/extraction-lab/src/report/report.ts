import type { FieldScore } from '@intake/core/extraction';

/**
 * Aggregates per-document scores into the numbers `intake eval` prints: accuracy per field, per
 * document type and per kind of input (text-layer PDF or scan), required-field accuracy,
 * the touchless share (documents with every required field right), classification accuracy, seconds per page, e-invoices with and without their XML, and the
 * calibration table (confidence bucket -> share right).
 */

export interface EvaluatedDocument {
  file: string;
  documentType: string;
  /** "pdf_text" or "image" (scanned), as the corpus labels it or as the reader found it. */
  kind: string;
  pages: number;
  seconds: number;
  classifiedAs: string | null;
  /** The classifier's confidence in classifiedAs (the mail path's thresholds act on it). */
  classificationConfidence?: number;
  /** Scores from the printed text alone (the embedded XML ignored). */
  scores: FieldScore[];
  /** Scores with the embedded e-invoice XML read first; only for documents that carry one. */
  xmlScores?: FieldScore[];
  /** Per expected scalar field: whether its value is in the read text at all (see presence.ts). */
  present?: Record<string, boolean>;
  /** Set when the document could not be read at all; its fields count as wrong. */
  error?: string;
}

/** Right answers out of all, for one field or one group. */
export interface Tally {
  right: number;
  total: number;
}

/** Per field: how often the expected value was in the read text, right, and right when present. */
export interface FieldPresence {
  total: number;
  present: number;
  right: number;
  rightWhenPresent: number;
}

/** Extraction accuracy over a set of documents: overall, per field and per document type. */
export interface EvaluationSummary {
  documents: number;
  failed: number;
  fields: Record<string, Tally>;
  /** For array fields: the mean share of rows right (a field counts as right only with every row). */
  rowShares: Record<string, { sum: number; count: number }>;
  types: Record<string, { all: Tally; required: Tally }>;
  kinds: Record<string, Tally>;
  /** Required fields per document type and kind, keyed `type / kind`. */
  typeKinds: Record<string, Tally>;
  /** The vendor's (supplier's, merchant's) name per kind: the field duplicates and the ERP lean on most. */
  vendorName: Record<string, Tally>;
  required: Tally;
  /** Documents whose required fields are all right (nothing for a person to correct), overall. */
  touchless: Tally;
  /** The same per kind of input. */
  touchlessKinds: Record<string, Tally>;
  /** Per kind, expected scalar values found in the read text: what reading leaves for extraction. */
  present: Record<string, Tally>;
  /**
   * Per `kind / type.field`, scalar fields only: how many expected values were in the read text, how
   * many came out right, and how many were right among those in the text. Where `present` is low,
   * reading limits the field; where `rightWhenPresent` is low against `present`, extraction does.
   */
  presence: Record<string, FieldPresence>;
  classification: Tally;
  secondsPerPage: number;
  einvoices: {
    documents: number;
    withoutXml: { all: Tally; required: Tally };
    withXml: { all: Tally; required: Tally };
  };
  /** Bucket lower bound (0, 0.1, ... 0.9) to the share of values right. */
  calibration: { bucket: number; right: number; total: number; confidenceSum: number }[];
  /** Per kind, scalar values reported at confidence 0.9 or more, and how many of them are right. */
  sureKinds: Record<string, Tally>;
}

const VENDOR_FIELDS = new Set(['vendor_name', 'merchant_name', 'supplier_name']);

/** Adds up the scored documents of an evaluation run. */
export function summarizeEvaluation(docs: EvaluatedDocument[]): EvaluationSummary {
  const summary: EvaluationSummary = {
    documents: docs.length,
    failed: docs.filter((d) => d.error).length,
    fields: {},
    rowShares: {},
    types: {},
    kinds: {},
    typeKinds: {},
    vendorName: {},
    required: tally(),
    touchless: tally(),
    touchlessKinds: {},
    present: {},
    presence: {},
    classification: tally(),
    secondsPerPage: 0,
    einvoices: {
      documents: 0,
      withoutXml: { all: tally(), required: tally() },
      withXml: { all: tally(), required: tally() },
    },
    calibration: Array.from({ length: 10 }, (_, i) => ({ bucket: i / 10, right: 0, total: 0, confidenceSum: 0 })),
    sureKinds: {},
  };
  for (const doc of docs) addDocument(summary, doc);
  const pages = docs.reduce((sum, d) => sum + d.pages, 0);
  summary.secondsPerPage = pages ? docs.reduce((sum, d) => sum + d.seconds, 0) / pages : 0;
  return summary;
}

function addDocument(summary: EvaluationSummary, doc: EvaluatedDocument): void {
  const type = (summary.types[doc.documentType] ??= { all: tally(), required: tally() });
  count(summary.classification, doc.classifiedAs === doc.documentType);
  for (const score of doc.scores) {
    count((summary.fields[`${doc.documentType}.${score.field}`] ??= tally()), score.correct);
    count(type.all, score.correct);
    if (Array.isArray(score.expected)) {
      const share = (summary.rowShares[`${doc.documentType}.${score.field}`] ??= { sum: 0, count: 0 });
      share.sum += score.score;
      share.count++;
    }
    if (score.required) {
      count(type.required, score.correct);
      count(summary.required, score.correct);
      count((summary.kinds[doc.kind] ??= tally()), score.correct);
      count((summary.typeKinds[`${doc.documentType} / ${doc.kind}`] ??= tally()), score.correct);
    }
    if (VENDOR_FIELDS.has(score.field)) count((summary.vendorName[doc.kind] ??= tally()), score.correct);
    if (!Array.isArray(score.expected)) {
      const bucket = summary.calibration[Math.min(9, Math.floor((score.confidence ?? 0) * 10))]!;
      bucket.total++;
      bucket.confidenceSum += score.confidence ?? 0;
      if (score.correct) bucket.right++;
      if ((score.confidence ?? 0) >= 0.9) count((summary.sureKinds[doc.kind] ??= tally()), score.correct);
    }
  }
  const required = doc.scores.filter((s) => s.required);
  if (required.length) {
    const touchless = required.every((s) => s.correct);
    count(summary.touchless, touchless);
    count((summary.touchlessKinds[doc.kind] ??= tally()), touchless);
  }
  for (const present of Object.values(doc.present ?? {})) count((summary.present[doc.kind] ??= tally()), present);
  addPresence(summary, doc);
  if (doc.xmlScores) {
    summary.einvoices.documents++;
    addScores(summary.einvoices.withoutXml, doc.scores);
    addScores(summary.einvoices.withXml, doc.xmlScores);
  }
}

function addPresence(summary: EvaluationSummary, doc: EvaluatedDocument): void {
  for (const score of doc.scores) {
    const present = doc.present?.[score.field];
    if (present === undefined) continue;
    const p = (summary.presence[`${doc.kind} / ${doc.documentType}.${score.field}`] ??= {
      total: 0,
      present: 0,
      right: 0,
      rightWhenPresent: 0,
    });
    p.total++;
    if (present) p.present++;
    if (score.correct) p.right++;
    if (score.correct && present) p.rightWhenPresent++;
  }
}

function addScores(target: { all: Tally; required: Tally }, scores: FieldScore[]): void {
  for (const score of scores) {
    count(target.all, score.correct);
    if (score.required) count(target.required, score.correct);
  }
}

function tally(): Tally {
  return { right: 0, total: 0 };
}

function count(t: Tally, right: boolean): void {
  t.total++;
  if (right) t.right++;
}
