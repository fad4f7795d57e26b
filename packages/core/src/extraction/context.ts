import type { ReadDocument } from '../ports/document-reader.port.js';
import { buildLines, type Line } from './layout/lines.js';
import { LabelIndex, type LabelKey } from './labels/label-index.js';
import { detectDateConvention } from './values/conventions.js';
import type { DateConvention } from './values/dates.js';

/** What every field extraction reads from: the lines, the labels on them, the conventions. */
export interface ExtractionContext {
  doc: ReadDocument;
  lines: Line[];
  labels: LabelIndex;
  dates: DateConvention;
}

export interface ExtraLabel {
  key: LabelKey;
  label: string;
  strength: number;
}

export function createContext(doc: ReadDocument, extraLabels: ExtraLabel[]): ExtractionContext {
  const lines = buildLines(doc);
  return {
    doc,
    lines,
    labels: new LabelIndex(lines, extraLabels),
    dates: detectDateConvention(lines.map((l) => l.text)),
  };
}
