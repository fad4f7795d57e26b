import { fold, foldedTokens } from '../layout/fold.js';
import departments from '../lexicons/department-words.json' with { type: 'json' };

/**
 * A department's line under a company's name ("Accounts Department", "Buchhaltung", "Service
 * comptabilité", "Departamento comercial", "Afdeling facturatie"): it names a part of the party,
 * never the party, and no name runs on into it. Words that make a short line a department wherever
 * they stand ("Abteilung", "Department") and lines that are one only as a whole ("Vertrieb",
 * "Administration": "Schmidt Vertrieb" is a company) are data per language in
 * lexicons/department-words.json.
 */

type Table = Record<'words' | 'lines', Record<string, string[]>>;

const table = departments as Table;
const WORDS: ReadonlySet<string> = new Set(Object.values(table.words).flat());
const LINES: ReadonlySet<string> = new Set(Object.values(table.lines).flatMap((l) => l.map(fold)));

/** The most words a department's line takes ("Abteilung Rechnungswesen und Controlling"). */
const MOST_WORDS = 5;

export function isDepartmentLine(text: string, legalForm: boolean): boolean {
  const tokens = foldedTokens(text);
  if (tokens.length === 0 || tokens.length > MOST_WORDS || legalForm) return false;
  return LINES.has(tokens.join(' ')) || tokens.some((t) => WORDS.has(t));
}
