import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  classifyDocument,
  DocumentError,
  extractFields,
  isRecommendedType,
  readEInvoice,
  RECOMMENDED_FIELDS,
  scoreFields,
  type DocumentReader,
  type EvaluatedDocument,
  type FieldDefinition,
  type ReadDocument,
} from '@intake/core';

/**
 * The evaluation loop behind `intake eval`: every document in a directory that has a sibling
 * `<name>.expected.json` (`{document_type, fields, kind?}`) is read once, classified, extracted
 * with its expected type's recommended fields from the printed text alone and, when it carries an
 * e-invoice XML, once more with the XML, then scored.
 */

interface Expected {
  document_type: string;
  kind?: string;
  fields: Record<string, unknown>;
}

export interface CorpusEntry {
  file: string;
  expected: Expected;
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
  const { expected } = entry;
  const fields = RECOMMENDED_FIELDS[expected.document_type as keyof typeof RECOMMENDED_FIELDS];
  const started = performance.now();
  let doc: ReadDocument;
  try {
    doc = await reader.read(new Uint8Array(await readFile(entry.file)), 'application/octet-stream');
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    const seconds = (performance.now() - started) / 1000;
    const scores = scoreFields(expected.fields, {}, {}, fields);
    return { file: entry.file, documentType: expected.document_type, kind: kindOf(entry, null), pages: 1, seconds, classifiedAs: null, scores, error: error.message };
  }
  const classifiedAs = classifyDocument(doc).documentType;
  const scores = score(doc, fields, expected, false);
  const seconds = (performance.now() - started) / 1000;
  const xmlScores = readEInvoice(doc) ? score(doc, fields, expected, true) : undefined;
  return { file: entry.file, documentType: expected.document_type, kind: kindOf(entry, doc), pages: doc.pages.length, seconds, classifiedAs, scores, ...(xmlScores ? { xmlScores } : {}) };
}

function score(doc: ReadDocument, fields: readonly FieldDefinition[], expected: Expected, useEmbeddedXml: boolean) {
  const result = extractFields(doc, [...fields], { documentType: expected.document_type, useEmbeddedXml });
  return scoreFields(expected.fields, result.extracted_data, result.confidence, fields);
}

/** The corpus' own label when it has one; otherwise what the reader did (OCR means scanned). */
function kindOf(entry: CorpusEntry, doc: ReadDocument | null): string {
  if (entry.expected.kind) return entry.expected.kind;
  if (doc) return doc.pages.some((p) => p.source === 'ocr') ? 'image' : 'pdf_text';
  return /\.pdf$/i.test(entry.file) ? 'pdf_text' : 'image';
}
