/**
 * Where a word starts inside a pdfjs text item. pdfjs merges a whole run of text ("Total 1,234.56")
 * into one item with one width and no per-glyph positions, so words are placed by the relative
 * widths of their characters. Helvetica's metrics (Adobe AFM, in 1/1000 em) stand in for every
 * proportional font: invoices are set mostly in Helvetica/Arial, and for other faces the error stays
 * a fraction of a character, far better than splitting by character count ("iii" vs "MMM").
 */

/** Helvetica advance widths of the printable ASCII characters U+0020..U+007E. */
const HELVETICA_ASCII = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

function charWidth(char: string, monospace: boolean): number {
  if (monospace) return 600;
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x20 && code <= 0x7e) return HELVETICA_ASCII[code - 0x20]!;
  // Accented and other letters: the average width of their case in Helvetica.
  return char !== char.toLowerCase() ? 700 : 556;
}

/** A text's advance width in 1/1000 em (Helvetica's metrics, as for tokenSpans). */
export function textWidth(text: string, monospace: boolean): number {
  let width = 0;
  for (const char of text) width += charWidth(char, monospace);
  return width;
}

export interface TokenSpan {
  text: string;
  /** Start and end of the token as fractions (0..1) of the item's width. */
  start: number;
  end: number;
}

/** The whitespace-separated tokens of `text`, each with its share of the text's width. */
export function tokenSpans(text: string, monospace: boolean): TokenSpan[] {
  const chars = [...text];
  const offsets: number[] = [0];
  for (const char of chars) offsets.push(offsets.at(-1)! + charWidth(char, monospace));
  const total = offsets.at(-1)! || 1;
  const spans: TokenSpan[] = [];
  let tokenStart = -1;
  chars.forEach((char, i) => {
    const space = /\s/u.test(char);
    if (!space && tokenStart < 0) tokenStart = i;
    if ((space || i === chars.length - 1) && tokenStart >= 0) {
      const end = space ? i : i + 1;
      spans.push({
        text: chars.slice(tokenStart, end).join(''),
        start: offsets[tokenStart]! / total,
        end: offsets[end]! / total,
      });
      tokenStart = -1;
    }
  });
  return spans;
}
