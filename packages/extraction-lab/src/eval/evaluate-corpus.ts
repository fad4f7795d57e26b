import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  classifyDocument,
  DocumentError,
  extractFields,
  readEInvoice,
  RECOMMENDED_FIELDS,
  type DocumentReader,
  type ExtractFieldsOptions,
  type FieldDefinition,
  type ReadDocument,
} from '@intake/core';
import { isRecommendedType, presentValues, scoreFields } from '@intake/core/extraction';
import type { EvaluatedDocument } from '../report/report.js';

/**
 * The evaluation loop behind `intake eval`: every document in a directory that has a sibling
 * `<name>.expected.json` (`{document_type, fields, kind?, source?}`) is read once, classified,
 * extracted with its expected type's recommended fields from the printed text alone and, when it
 * carries an e-invoice XML, once more with the XML, then scored.
 */

export interface Expected {
  document_type: string;
  kind?: string;
  source?: string;
  fields: Record<string, unknown>;
}

export interface CorpusEntry {
  file: string;
  expected: Expected;
}

/** A corpus document as read: the words (or the reader's refusal) and the seconds reading took. */
export interface ReadEntry {
  entry: CorpusEntry;
  document: ReadDocument | null;
  error?: string;
  seconds: number;
  /** A synthetic training document (synthetic-training.ts): trained on, never scored. */
  synthetic?: true;
}

export async function findCorpus(dir: string): Promise<CorpusEntry[]> {
  const names = await readdir(dir);
  const entries: CorpusEntry[] = [];
  for (const name of names.filter((n) => n.endsWith('.expected.json')).sort()) {
    const stem = name.slice(0, -'.expected.json'.length);
    const document = names.find((n) => n !== name && n.startsWith(`${stem}.`) && !n.endsWith('.json'));
    if (!document) continue;
    const expected = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Expected;
    if (isRecommendedType(expected.document_type)) entries.push({ file: path.join(dir, document), expected });
  }
  return entries;
}

export async function evaluateDocument(reader: DocumentReader, entry: CorpusEntry): Promise<EvaluatedDocument> {
  const started = performance.now();
  try {
    const document = await reader.read(new Uint8Array(await readFile(entry.file)), 'application/octet-stream');
    return evaluateRead({ entry, document, seconds: (performance.now() - started) / 1000 });
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return evaluateRead({ entry, document: null, error: error.message, seconds: (performance.now() - started) / 1000 });
  }
}

/** Scores one read document; `options` carries what was learned on other folds (the ranker). */
export function evaluateRead(
  read: ReadEntry,
  options: Pick<ExtractFieldsOptions, 'ranker' | 'plausibility' | 'evidenceCaps'> = {},
): EvaluatedDocument {
  const { entry, document: doc } = read;
  const { expected } = entry;
  const fields = RECOMMENDED_FIELDS[expected.document_type as keyof typeof RECOMMENDED_FIELDS];
  const base = { file: entry.file, documentType: expected.document_type };
  if (!doc) {
    const scores = scoreFields(expected.fields, {}, {}, fields);
    return {
      ...base,
      kind: kindOf(entry, null),
      pages: 1,
      seconds: read.seconds,
      classifiedAs: null,
      scores,
      error: read.error ?? 'unreadable',
    };
  }
  const started = performance.now();
  const { documentType: classifiedAs, confidence: classificationConfidence } = classifyDocument(doc);
  const scores = score(doc, fields, expected, { ...options, useEmbeddedXml: false });
  const seconds = read.seconds + (performance.now() - started) / 1000;
  const xmlScores = readEInvoice(doc) ? score(doc, fields, expected, { ...options, useEmbeddedXml: true }) : undefined;
  const present = presentValues(doc, expected.fields);
  return {
    ...base,
    kind: kindOf(entry, doc),
    pages: doc.pages.length,
    seconds,
    classifiedAs,
    classificationConfidence,
    scores,
    present,
    ...(xmlScores ? { xmlScores } : {}),
  };
}

function score(
  doc: ReadDocument,
  fields: readonly FieldDefinition[],
  expected: Expected,
  options: ExtractFieldsOptions,
) {
  // The corpus documents are received now: a document date after today is implausible.
  const result = extractFields(doc, [...fields], {
    ...options,
    documentType: expected.document_type,
    receivedAt: new Date(),
  });
  return scoreFields(expected.fields, result.extracted_data, result.confidence, fields);
}

/** The corpus' own label when it has one; otherwise what the reader did (OCR means scanned). */
function kindOf(entry: CorpusEntry, doc: ReadDocument | null): string {
  if (entry.expected.kind) return entry.expected.kind;
  if (doc) return doc.pages.some((p) => p.source === 'ocr') ? 'image' : 'pdf_text';
  return /\.pdf$/i.test(entry.file) ? 'pdf_text' : 'image';
}
