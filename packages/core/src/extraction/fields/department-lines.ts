import { fold, foldedTokens } from '../layout/fold.js';
import departments from '../lexicons/department-words.json' with { type: 'json' };

/**
 * A department's line under a company's name ("Accounts Department", "Buchhaltung", "Service
 * comptabilité", "Departamento comercial", "Afdeling facturatie"): it names a part of the party,
 * never the party, and no name runs on into it. Words that make a short line a department wherever
 * they stand ("Abteilung", "Department"), lines that are one only as a whole ("Vertrieb",
 * "Administration": "Schmidt Vertrieb" is a company) and words that make one only where they open
 * the line (a university's "Institut für Informatik", "Faculteit Techniek", "Dipartimento di
 * Chimica", a practice's "Fachärztin für Allgemeinmedizin", a city's "Referat für Bildung": the
 * body that invoices or is invoiced is named over them, where "Fraunhofer-Institut für ..." is a
 * name) are data per language in lexicons/department-words.json.
 */

type Table = Record<'words' | 'lines' | 'starts', Record<string, string[]>>;

const table = departments as Table;
const WORDS: ReadonlySet<string> = new Set(Object.values(table.words).flat());
const LINES: ReadonlySet<string> = new Set(Object.values(table.lines).flatMap((l) => l.map(fold)));
const STARTS: readonly string[] = Object.values(table.starts).flat();

/** The most words a department's line takes ("Abteilung Rechnungswesen und Controlling"). */
const MOST_WORDS = 5;

export function isDepartmentLine(text: string, legalForm: boolean): boolean {
  const tokens = foldedTokens(text);
  if (tokens.length === 0 || tokens.length > MOST_WORDS || legalForm) return false;
  const line = tokens.join(' ');
  return LINES.has(line) || tokens.some((t) => WORDS.has(t)) || STARTS.some((s) => line.startsWith(`${s} `));
}
