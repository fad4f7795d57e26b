import { fold } from '../layout/fold.js';
import type { Line, Segment } from '../layout/lines.js';
import type { Candidate } from './candidates.js';
import { stripLegalForm } from '../evaluation/names.js';
import {
  cleanName,
  cutAfterLegalForm,
  hasLegalForm,
  looksLikeName,
  looksLikeStreet,
  SENDER_SEPARATORS,
  splitsLegalForm,
  startsWithLegalForm,
} from './party-lines.js';
import { wordsASiteSpells } from './site-names.js';
import { isBranchLine } from './branch-lines.js';
import { isPersonShaped } from './contact-persons.js';
import { repairLegalForm } from './legal-form-glyphs.js';

/**
 * Names broken over two lines. The line before or after a name is read in the name's own column:
 * beside another block ("Polder Groothandel" left of the buyer's "Eva Visser", set on another
 * pitch) the neighbouring line of the page may be the other block's.
 */

/** How many lines of the page may stand between a name's line and its column's next one (another block's). */
const LOOK_AROUND = 3;

/**
 * A name broken over two lines: "HOME MASTER HARDWARE &" + "ELECTRICAL", or "POPULAR BOOK" +
 * "CO. (M) SDN BHD" where the legal form alone went to the second line, or "Handlowe Żuraw Sp." +
 * "z o.o." where the line broke inside the form.
 */
export function joinContinuation(lines: readonly Line[], line: Line, name: string, segment?: Segment): string {
  const next = columnNeighbour(lines, line, segment, 1);
  const previous = columnNeighbour(lines, line, segment, -1);
  if (/(&|\band|\bund|\bet|-)$/i.test(name) && next && looksLikeName(next)) return `${name} ${next}`;
  if (next && splitsLegalForm(name, cleanName(next))) return `${name} ${cleanName(next)}`;
  if (startsWithLegalForm(name) && previous && looksLikeName(previous) && !hasLegalForm(previous))
    return `${previous} ${name}`;
  // "Store 2860" starts with a trading word ("Store") but is the shop's branch line, no continuation;
  // so is an address whose unit starts with one ("Shop 3, 200 Beach Rd", Australian shop numbers).
  if (
    !hasLegalForm(name) &&
    next &&
    hasLegalForm(next) &&
    startsWithLegalForm(cleanName(next)) &&
    !isBranchLine(next) &&
    !looksLikeStreet(next)
  )
    return `${name} ${cleanName(next)}`;
  return name;
}

/**
 * A key's value wrapped in a narrow column of "Key: value" rows ("Denominazione: Giuseppe Colombo"
 * / "Impianti" / "Regime fiscale: RF01", "Razón social: Construcciones Goñi" / "Echeverría S.L." /
 * "NIF: B12345678"): a line without a key between two keyed rows is the rest of the value above
 * it, where it may be the rest of a name; the next row's key is the witness that no other block
 * starts there.
 */
export function joinWrappedValue(lines: readonly Line[], line: Line, value: string, segment?: Segment): string {
  const next = columnNeighbour(lines, line, segment, 1);
  if (!next || !continues(next) || hasLegalForm(value)) return value;
  const nextLine = lines.slice(line.index + 1).find((l) => columnText(l, segment) === next);
  const after = nextLine && columnNeighbour(lines, nextLine, segment, 1);
  return after && KEYED_ROW.test(after) ? `${value} ${cleanName(next)}` : value;
}

/** A row that starts with a key and its colon ("Regime fiscale: RF01", "NIF:"). */
const KEYED_ROW = /^[^:\d]{2,40}:/u;

/**
 * Names continued on the next line of their column ("Summit Office" / "Goods LLC"), or begun on
 * the line above ("De Vries" / "Advies V.O.F."), where the page says so: it prints the two lines'
 * words as one name elsewhere (a footer's legal line), or its web or e-mail address spells them
 * run together. Such a candidate is the name cut short and gives way to the joined name; without a
 * witness two name-like lines may as well be two parties, and the candidate stays as it is, but
 * for one word wrapped alone above the block's address (wrappedWord).
 */
export function withContinuations(
  lines: readonly Line[],
  candidates: readonly Candidate[],
  sites: ReadonlySet<string>,
): Candidate[] {
  // Every name-sized part of every line, as printed apart by separators ("Name · street · place"),
  // cut after its legal form where a legal line runs on ("Mistral Équipements SARL au capital de …"),
  // and on a scan with the form's misread glyphs put back ("Graficas Vidal 5.L." in the footer).
  const parts = lines.map((l) =>
    l.segments.flatMap((s) =>
      s.text
        .split(SENDER_SEPARATORS)
        .map((p) => stripLegalForm(cutAfterLegalForm(l.ocr ? repairLegalForm(p.trim()) : p))),
    ),
  );
  const witnessed = (joined: string, line: Line) => {
    const whole = stripLegalForm(joined);
    // A footer's part, or the site spelling every word of both lines (not only the candidate's).
    return (
      parts.some((p, i) => i !== line.index && p.includes(whole)) ||
      wordsASiteSpells(joined, sites) === whole.split(' ').length
    );
  };
  return candidates.map((c) => {
    const name = String(c.value);
    const segment = c.line.segments.find((s) => fold(s.text).includes(fold(name)));
    const next = hasLegalForm(name) ? undefined : columnNeighbour(lines, c.line, segment, 1);
    const previous = columnNeighbour(lines, c.line, segment, -1);
    const joins = [
      ...(next && continues(next) ? [`${name} ${cleanName(next)}`] : []),
      ...(previous && (continues(previous) || isInitials(previous)) && !hasLegalForm(previous)
        ? [`${cleanName(previous)} ${name}`]
        : []),
    ];
    // A page that prints the name alone elsewhere (a footer's "Bernard · Lindenweg 66") says it ends there.
    const printedAlone = parts.some((p, i) => i !== c.line.index && p.includes(stripLegalForm(name)));
    const joined =
      joins.find((j) => witnessed(j, c.line)) ?? (printedAlone ? undefined : wrappedWord(lines, c.line, name, segment));
    return joined ? { ...c, value: joined } : c;
  });
}

/** Whether `name` is a segment of its line with a wrapped word joined (wrappedWord): a guess, no witness. */
function joinedUnwitnessed(lines: readonly Line[], line: Line, name: string): boolean {
  const segment = line.segments.find((s) => s.text.trim() !== '' && fold(name).startsWith(fold(s.text)));
  const joined = segment && wrappedWord(lines, line, segment.text, segment);
  return joined !== undefined && fold(joined) === fold(name);
}

/** One word of letters, capitalised or in capitals: "Roux", "DISTRIBUICAO", "Design". */
const ONE_WORD = /^\p{Lu}\p{L}{2,}$/u;

/**
 * A name's last word wrapped alone onto the next line of its column, above the block's street or
 * post box ("Dr Camille" / "Roux" / "avenue Victor Hugo 94", "FERREIRA" / "DISTRIBUICAO" /
 * "Apartado 4648"), where nothing on the page witnesses the two lines together. One word of
 * letters between a name and the line with digits that starts the address is no person, department
 * or contact line (those take two words or a key); a name with its legal form is whole already. The
 * join is a guess all the same, and mayGoOn keeps its confidence down.
 */
function wrappedWord(lines: readonly Line[], line: Line, name: string, segment?: Segment): string | undefined {
  // In a column of "Key: value" rows the next row's key decides (joinWrappedValue).
  if (hasLegalForm(name) || KEYED_ROW.test(segment?.text ?? line.text)) return undefined;
  const next = columnNeighbourLine(lines, line, segment, 1);
  if (!next || !ONE_WORD.test(next.text) || !continues(next.text) || startsWithLegalForm(next.text)) return undefined;
  if (smallerType(next.line, line)) return undefined;
  // A name that another rule already ran on into that line ("HARDWARE &" + "ELECTRICAL").
  if (fold(name).split(' ').includes(fold(next.text))) return undefined;
  const after = columnNeighbourLine(lines, next.line, segment, 1);
  return after && /\d/.test(after.text) ? `${name} ${next.text}` : undefined;
}

/**
 * A name's wrapped word is set in the name's type: a word in type under two thirds of its height is
 * another block's (a heading such as "NABYWCA" or "Kunde" under a letterhead's large name).
 */
const SMALLER_TYPE = 2 / 3;

const smallerType = (next: Line, line: Line) => next.y1 - next.y0 < (line.y1 - line.y0) * SMALLER_TYPE;

/**
 * Whether a name without a legal form has a line right under it in its column that may be its rest
 * ("Bernard" over "Distribution", "KATRIN LORENZ" over "DESIGN"): no witness joined the two
 * (withContinuations), so the name may be cut at its line's end. A contact person under the name
 * ("Tom Becker", "Attn. Samuel Okafor") and a line with a digit (a street, a postcode) are no rest
 * of it.
 */
export function mayGoOn(lines: readonly Line[], candidate: Candidate): boolean {
  const name = String(candidate.value);
  if (hasLegalForm(name)) return false;
  const segment = candidate.line.segments.find((s) => fold(s.text).includes(fold(name)));
  if (!segment && joinedUnwitnessed(lines, candidate.line, name)) return true;
  const next = columnNeighbour(lines, candidate.line, segment, 1);
  return next !== undefined && continues(next) && !/\d/.test(next) && !isPersonShaped(next);
}

/**
 * Initials or a letter and a digit alone on a line, too short to look like a name: the first line
 * of one set over two ("B&L" / "Supplies", "J.K." / "Services Ltd", "3D" / "Druckwerk GmbH").
 */
const isInitials = (text: string) => /^(?:\p{Lu}[.&]?){1,3}\.?$|^\d\p{Lu}{1,2}$|^\p{Lu}{1,2}\d$/u.test(text.trim());

/** A line that may be the rest of a name: name-like, no street or postcode, no label's key. */
const continues = (text: string) => looksLikeName(text) && !looksLikeStreet(text) && !/[:：]/.test(text);

/**
 * The text, in the segment's columns, of the first line above (-1) or below (1) that prints there,
 * when it is close enough to continue the line: within one and a half line heights.
 */
function columnNeighbour(
  lines: readonly Line[],
  line: Line,
  segment: Segment | undefined,
  step: 1 | -1,
): string | undefined {
  return columnNeighbourLine(lines, line, segment, step)?.text;
}

/** columnNeighbour's line with its text in the segment's columns. */
function columnNeighbourLine(
  lines: readonly Line[],
  line: Line,
  segment: Segment | undefined,
  step: 1 | -1,
): { line: Line; text: string } | undefined {
  for (let k = 1; k <= LOOK_AROUND; k++) {
    const other = lines[line.index + step * k];
    if (!other || other.page !== line.page) return undefined;
    const [upper, lower] = step === 1 ? [line, other] : [other, line];
    if (lower.y0 - upper.y1 >= (upper.y1 - upper.y0) * 1.5) return undefined;
    const text = columnText(other, segment);
    if (text) return { line: other, text };
  }
  return undefined;
}

/** A line's text, or with a segment given, the text of its segments that overlap that segment's columns. */
function columnText(line: Line, segment: Segment | undefined): string | undefined {
  if (!segment) return line.text.trim();
  const text = line.segments
    .filter((s) => s.x0 < segment.x1 && s.x1 > segment.x0)
    .map((s) => s.text)
    .join(' ')
    .trim();
  return text || undefined;
}
