/**
 * Text folding for comparisons: labels, keywords and scoring all compare folded text so that
 * "Rechnungs-Nr.", "RECHNUNGS NR" and "rechnungs nr" meet.
 */

/** Lower case, diacritics removed, ß as ss, every run of non-letters/digits as one space. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Folded words of a text. */
export function foldedTokens(text: string): string[] {
  const folded = fold(text);
  return folded ? folded.split(' ') : [];
}

/** Collapse whitespace, keep case and punctuation: how a text value is returned. */
export function cleanText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
