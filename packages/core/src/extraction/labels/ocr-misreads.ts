import { distance } from 'fastest-levenshtein';
import table from '../lexicons/ocr-lookalikes.json' with { type: 'json' };

/** How OCR misspells labels, allowed for on OCR lines (label-index.ts; in a text layer only for long labels, as typos). */

/** A folded word of a line and its character range in the line's text. */
interface Token {
  text: string;
  start: number;
  end: number;
}

/** Labels this short are matched exactly: one letter off, "tax" is "fax" and "net" is "not". */
export const MISREAD_MIN_LETTERS = 8;

/**
 * Whether a label's tokens match the line's tokens at i with exactly one token a letter off (one
 * of at least `minWordLetters`). A word that is itself a label's word is read as written ("charge"
 * is no misread "change").
 */
export function misreadMatch(
  label: string[],
  tokens: Token[],
  i: number,
  vocabulary: Set<string>,
  minWordLetters = 0,
): boolean {
  let off = 0;
  for (const [k, t] of label.entries()) {
    const read = tokens[i + k]?.text;
    if (read === undefined) return false;
    if (read === t) continue;
    if (vocabulary.has(read) || t.length < minWordLetters) return false;
    // Under four letters only a letter read wrong counts ("use" for "ust"), not one lost ("re" for
    // "ref"): a short word with a letter more or less is too often another word.
    const length = t.length >= 4 ? 1 : t.length === 3 ? 0 : -1;
    if (Math.abs(read.length - t.length) > length || distance(read, t) !== 1) return false;
    if (++off > 1) return false;
  }
  return off === 1;
}

/**
 * OCR splits words inside ("Rechnungssum me", "U msatzsteuer"): a run of up to four tokens, one
 * of them a fragment of at most two letters, is rejoined when the whole is a label's word, unless
 * every token is a label's word as read: "Date d'échéance" is the due date's "date d echeance",
 * not "dated" (the invoice date's) and "échéance".
 */
export function rejoinSplit(tokens: Token[], vocabulary: Set<string>): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length;) {
    const k = joinableRun(tokens, i, vocabulary);
    const run = tokens.slice(i, i + k);
    out.push({ text: run.map((t) => t.text).join(''), start: run[0]!.start, end: run.at(-1)!.end });
    i += k;
  }
  return out;
}

/**
 * OCR runs a label's words together where the space between them is narrow ("TOTALDUE",
 * "Totaltaxes", "Totaleprodotti"): a token that is no label word as read but two words, each of
 * three letters or more, that open a label together (`opens`) is read as those two words.
 */
export function splitJoined(
  tokens: Token[],
  vocabulary: Set<string>,
  opens: (a: string, b: string) => boolean,
): Token[] {
  return tokens.flatMap((token) => {
    if (vocabulary.has(token.text)) return [token];
    for (let k = 3; k <= token.text.length - 3; k++) {
      const [a, b] = [token.text.slice(0, k), token.text.slice(k)];
      if (opens(a, b))
        return [
          { text: a, start: token.start, end: token.start + k },
          { text: b, start: token.start + k, end: token.end },
        ];
    }
    return [token];
  });
}

/** How many tokens from i form one label word (1 when none rejoin). */
function joinableRun(tokens: Token[], i: number, vocabulary: Set<string>): number {
  for (let k = Math.min(4, tokens.length - i); k >= 2; k--) {
    const run = tokens.slice(i, i + k);
    if (run.every((t) => vocabulary.has(t.text))) continue;
    if (run.some((t) => t.text.length <= 2) && vocabulary.has(run.map((t) => t.text).join(''))) return k;
  }
  return 1;
}

/**
 * Glyphs OCR reads for a letter of a label (lexicons/ocr-lookalikes.json, keyed by the folded
 * letter): a raised "º" (folded "o") read as "2", "9" or "0", an "o" as "0", a "u" or "ú" that lost its
 * shape as "i", "d", "ii" or "v", "l" and "i" as "1", "m" as "rn". "°" and "*" fold away alike.
 */
const LOOKALIKES: Record<string, string[]> = table;

/** How many look-alike glyphs a label word may hold: more, and the word is another word. */
const MAX_LOOKALIKES = 2;

/**
 * Whether `read` is the label word `meant` with one or two of its letters read as their
 * look-alikes (`LOOKALIKES`): "nimero" and "ndmero" for "numero", "n0" and "n2" for "no". Only a
 * known confusion counts, never any letter off, so short words ("no", "po") may be matched too.
 */
export function lookalikeOf(read: string, meant: string): boolean {
  const at = (i: number, j: number, swaps: number): boolean => {
    if (j === meant.length) return i === read.length && swaps > 0;
    if (read[i] === meant[j] && at(i + 1, j + 1, swaps)) return true;
    if (swaps === MAX_LOOKALIKES) return false;
    return (LOOKALIKES[meant[j]!] ?? []).some(
      (glyphs) => read.startsWith(glyphs, i) && at(i + glyphs.length, j + 1, swaps + 1),
    );
  };
  return at(0, 0, 0);
}

/**
 * Whether a label's tokens match the line's tokens at i, one or more of them read as look-alikes
 * (`lookalikeOf`), the others as written. A word that is itself a label's word is read as
 * written, and a word of digits alone ("2" of "N.2" for "N.º") stands for a label's word only
 * beside a word of the label read right: "2" alone is a number, no "º".
 */
export function lookalikeMatch(label: string[], tokens: Token[], i: number, vocabulary: Set<string>): boolean {
  let swapped = false;
  let right = false;
  let digitsOnly = false;
  for (const [k, t] of label.entries()) {
    const read = tokens[i + k]?.text;
    if (read === undefined) return false;
    if (read === t) {
      right = true;
      continue;
    }
    if (vocabulary.has(read) || !lookalikeOf(read, t)) return false;
    swapped = true;
    if (/^\d+$/.test(read)) digitsOnly = true;
  }
  return swapped && (!digitsOnly || right);
}
