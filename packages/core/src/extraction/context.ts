import type { ReadDocument } from '../ports/document-reader.port.js';
import { buildDocumentLines } from './layout/turned-lines.js';
import { deadlineHits, withDeadlines } from './labels/deadline-sentences.js';
import { LabelIndex, type LabelKey } from './labels/label-index.js';
import { splitAtTrailingLabels } from './labels/trailing-labels.js';
import { detectDateConvention } from './values/conventions.js';
import type { CandidateRanker } from './ranking/ranker.js';
import type { Candidate } from './fields/candidates.js';
import type { Role } from './labels/synonyms.js';
import type { DocumentView } from './document-view.js';

/** What every field extraction reads from: the lines, the labels on them, the conventions. */
export interface ExtractionContext extends DocumentView {
  /** The learned candidate ranker, when one is used (see ranking/ranker.ts). */
  ranker?: CandidateRanker;
}

/** The candidates in the ranker's order when the context has one, as they came otherwise. */
export function ranked(
  ctx: ExtractionContext,
  role: Role,
  candidates: Candidate[],
  documentType: string | undefined,
): Candidate[] {
  return ctx.ranker ? ctx.ranker.rank(ctx, role, candidates, documentType) : candidates;
}

export interface ExtraLabel {
  key: LabelKey;
  label: string;
  strength: number;
}

export function createContext(
  doc: ReadDocument,
  extraLabels: ExtraLabel[],
  ranker?: CandidateRanker,
): ExtractionContext {
  const { lines, turnedLines } = buildDocumentLines(doc);
  const labels = new LabelIndex(lines, extraLabels);
  // Another column's label run into a value's segment is set apart before any field reads it.
  splitAtTrailingLabels(lines, labels);
  // A due date said in a sentence of any wording: its deadline words become its label.
  const deadlines = deadlineHits(lines, labels.hits);
  if (deadlines.length) labels.hits.splice(0, labels.hits.length, ...withDeadlines(labels.hits, deadlines));
  return {
    ...(ranker ? { ranker } : {}),
    doc,
    lines,
    turnedLines,
    labels,
    dates: detectDateConvention(lines.map((l) => l.text)),
  };
}
