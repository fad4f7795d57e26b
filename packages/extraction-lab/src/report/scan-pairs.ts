import path from 'node:path';
import type { EvaluatedDocument } from './report.js';

/**
 * What OCR costs, measured on pairs: a scan rendered from a text PDF (corpus/make-scans.ts names it
 * `<stem>-scan.pdf` after `<stem>.pdf`, in a folder of the same name) is the same document as its
 * text PDF, so a field right on the text PDF and wrong on the scan was lost to reading or to what
 * extraction made of the OCR words. Each such field is "lost" when its expected value is not in the
 * scan's read text at all (misread characters, a missing line: see presence.ts) and "found, not
 * chosen" when it is there and extraction took another value or none.
 */

/** One field right on the text PDF and wrong on its scan. */
export interface ScanCost {
  /** The scan's file. */
  file: string;
  field: string;
  required: boolean;
  expected: unknown;
  /** What extraction took from the scan (undefined: nothing). */
  actual: unknown;
  cause: 'lost' | 'found';
}

export interface ScanPairs {
  /** Scans whose text PDF was scored in the same run. */
  pairs: number;
  /** The fields counted: required ones and every name, number, date and total. */
  fields: number;
  costs: ScanCost[];
  /** Fields wrong on the text PDF and right on its scan (reading the image did better). */
  gains: number;
}

/** The fields compared besides the required ones: names, numbers, dates and the total. */
const KEY_FIELD = /(^|_)(name|number|date)$|^total_amount$/;

export function pairScans(documents: readonly EvaluatedDocument[]): ScanPairs {
  const texts = new Map(
    documents.filter((d) => d.kind === 'pdf_text').map((d) => [textKey(path.dirname(d.file), d.file), d]),
  );
  const result: ScanPairs = { pairs: 0, fields: 0, costs: [], gains: 0 };
  for (const scan of documents) {
    if (scan.kind !== 'scan' || !scan.file.endsWith('-scan.pdf')) continue;
    const text = texts.get(textKey(path.dirname(scan.file), scan.file.slice(0, -'-scan.pdf'.length) + '.pdf'));
    if (!text) continue;
    result.pairs++;
    const onText = new Map(text.scores.map((s) => [s.field, s]));
    for (const score of scan.scores) {
      const twin = onText.get(score.field);
      if (!twin || Array.isArray(score.expected)) continue;
      if (!score.required && !KEY_FIELD.test(score.field)) continue;
      result.fields++;
      if (!twin.correct && score.correct) result.gains++;
      if (!twin.correct || score.correct) continue;
      result.costs.push({
        file: scan.file,
        field: score.field,
        required: score.required,
        expected: score.expected,
        actual: score.actual,
        cause: scan.present?.[score.field] ? 'found' : 'lost',
      });
    }
  }
  return result;
}

/** A text PDF's key: its folder's name and file name (the scans live in a folder of that name elsewhere). */
function textKey(dir: string, file: string): string {
  return `${path.basename(dir)}/${path.basename(file)}`;
}

/** The pairs as the lines `intake eval` prints after the other tables (nothing without pairs). */
export function formatScanPairs(pairs: ScanPairs): string[] {
  if (pairs.pairs === 0) return [];
  const lost = pairs.costs.filter((c) => c.cause === 'lost');
  const found = pairs.costs.filter((c) => c.cause === 'found');
  const out = [
    `What OCR costs: ${pairs.pairs} scans against their own text PDFs (required fields and every name, number, date and total)`,
    `  ${pairs.fields} fields compared: ${pairs.costs.length} right on the text PDF and wrong on the scan, ${pairs.gains} the other way`,
    `  lost in reading (the value not in the OCR text)   ${lost.length}`,
    `  found in the OCR text, not chosen                 ${found.length}`,
  ];
  for (const c of [...lost, ...found])
    out.push(
      `  ${c.cause === 'lost' ? 'lost ' : 'found'} ${path.basename(c.file)} ${c.field}${c.required ? '' : ' (optional)'}: expected ${show(c.expected)}, got ${show(c.actual)}`,
    );
  return out;
}

function show(value: unknown): string {
  return value === undefined || value === null ? 'nothing' : JSON.stringify(value);
}
