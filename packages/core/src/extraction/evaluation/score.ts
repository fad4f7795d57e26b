import type { FieldDefinition } from '../../extractors/index.js';
import { sameCompanyName } from './names.js';

/**
 * How one extraction compares with a document's expected values: dates equal, amounts within
 * 0.01, text equal after case and whitespace folding, addresses by word overlap of at least 0.8
 * (Dice coefficient over lower-cased words), company names (`*_name`) with or without their legal
 * form ("Amazon Web Services" = "Amazon Web Services, Inc.", see names.ts), line items matched to the expected ones by their
 * description and then compared member by member.
 */

export interface FieldScore {
  field: string;
  required: boolean;
  expected: unknown;
  actual: unknown;
  /** 0 to 1: 1 or 0 for single values, the share of rows right for line items. */
  score: number;
  correct: boolean;
  /** The reported confidence, for the calibration table. */
  confidence?: number;
}

const AMOUNT_TOLERANCE = 0.01 + 1e-9;
const ADDRESS_OVERLAP = 0.8;
const DESCRIPTION_OVERLAP = 0.5;

/** Scores extracted values against the expected ones, field by field, as the evaluation counts them. */
export function scoreFields(
  expected: Record<string, unknown>,
  actual: Record<string, unknown>,
  confidence: Record<string, number>,
  fieldSet: readonly FieldDefinition[],
): FieldScore[] {
  return Object.entries(expected).map(([name, want]) => {
    const definition = fieldSet.find((f) => f.name === name);
    const got = actual[name];
    const score = got === undefined || got === null ? 0 : compare(name, definition?.type ?? guessType(want), want, got);
    return {
      field: name,
      required: definition?.required ?? false,
      expected: want,
      actual: got,
      score,
      correct: score >= 0.999,
      ...(confidence[name] !== undefined ? { confidence: confidence[name] } : {}),
    };
  });
}

function compare(name: string, type: string, want: unknown, got: unknown): number {
  if (type === 'array') return Array.isArray(want) && Array.isArray(got) ? compareItems(want, got) : 0;
  if (type === 'currency' || type === 'number') return amountsEqual(want, got) ? 1 : 0;
  if (type === 'date') return String(want) === String(got) ? 1 : 0;
  if (/_name$/.test(name)) return sameCompanyName(String(want), String(got)) ? 1 : 0;
  if (/address/i.test(name)) return wordOverlap(String(want), String(got)) >= ADDRESS_OVERLAP ? 1 : 0;
  return foldText(String(want)) === foldText(String(got)) ? 1 : 0;
}

function guessType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return 'date';
  return 'text';
}

export function amountsEqual(a: unknown, b: unknown): boolean {
  return typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= AMOUNT_TOLERANCE;
}

export function foldText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Dice coefficient of the two texts' word multisets. */
export function wordOverlap(a: string, b: string): number {
  const wa = words(a);
  const wb = words(b);
  if (wa.length === 0 || wb.length === 0) return 0;
  const pool = [...wb];
  let common = 0;
  for (const w of wa) {
    const i = pool.indexOf(w);
    if (i >= 0) {
      common++;
      pool.splice(i, 1);
    }
  }
  return (2 * common) / (wa.length + wb.length);
}

/** Share of rows right: each expected row matched to the extracted row with the closest description. */
function compareItems(want: unknown[], got: unknown[]): number {
  const unused = got.filter(isRecord);
  let right = 0;
  for (const row of want.filter(isRecord)) {
    const ranked = unused
      .map((candidate) => ({ candidate, overlap: wordOverlap(descriptionOf(row), descriptionOf(candidate)) }))
      .sort((a, b) => b.overlap - a.overlap);
    const match = ranked[0];
    if (!match || match.overlap < DESCRIPTION_OVERLAP) continue;
    unused.splice(unused.indexOf(match.candidate), 1);
    const membersRight = Object.entries(row).every(
      ([key, value]) => key === 'description' || amountsEqual(value, match.candidate[key]),
    );
    if (membersRight) right++;
  }
  return want.length === 0 && got.length === 0 ? 1 : right / Math.max(want.length, got.length);
}

/** A line item's description: a string, or empty when absent; anything else as JSON. */
function descriptionOf(row: Record<string, unknown>): string {
  const description = row.description;
  if (typeof description === 'string') return description;
  return description === null || description === undefined ? '' : JSON.stringify(description);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
