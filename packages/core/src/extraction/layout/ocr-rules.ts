import type { Word } from '../../ports/document-reader.port.js';

/**
 * A ruled table's vertical lines as OCR reads them. On a scan, the rule between two cells comes out
 * of tesseract as a bracket or bar stuck to the cell's first or last glyph ("[Date", "|Due",
 * "[2025-11-17", "Qté|"), and because the rule fills the gap between the cells, their words read as
 * one run ("Invoice # [Date |Due"), so that a label and the values under it no longer stand in
 * columns of their own. Print sets no bracket there without its partner, so in a row where two
 * words or more show such a glyph (a ruled row has a rule between every two cells), a word that
 * starts with "[" or "|" and holds no "]", or ends with "]" or "|" and holds no "[" or "(", loses
 * the glyph, and the rule it stood for parts the words on either side into two segments. A lone
 * glyph in a row is more often print or a speck ("(GTIN]", "Neil]"), and bracketed codes ("[X]",
 * "[17589684]") keep their brackets.
 */

/** Rows with fewer glyphs than this are read as they are. */
const MIN_RULES = 2;

const LEADING_RULE = /^[[|](?=[\p{L}\p{N}])/u;
const TRAILING_RULE = /(?<=[\p{L}\p{N}%.)])[\]|]$/u;

/** A word without the rule glyph OCR stuck to it; `before`/`after`: which side a rule stood on. */
export interface RuledWord {
  word: Word;
  before: boolean;
  after: boolean;
}

/**
 * A word of an OCR'd row without a table rule read as its first or last glyph. Only a rule between
 * two cells is taken out (`wordBefore`, `wordAfter`: whether the row has a word on that side); a
 * row's outer border is left as read, as it parts nothing.
 */
export function withoutRuleGlyph(word: Word, wordBefore: boolean, wordAfter: boolean): RuledWord {
  const { text } = word;
  const before = wordBefore && LEADING_RULE.test(text) && !text.includes(']');
  const after = wordAfter && TRAILING_RULE.test(text) && !/[[(]/u.test(text);
  if (!before && !after) return { word, before, after };
  const kept = text.slice(before ? 1 : 0, after ? -1 : undefined);
  // The glyph's share of the box goes with it, so that the gap to the neighbour widens.
  const glyph = (word.bbox.x1 - word.bbox.x0) / text.length;
  const bbox = {
    ...word.bbox,
    x0: word.bbox.x0 + (before ? glyph : 0),
    x1: word.bbox.x1 - (after ? glyph : 0),
  };
  return { word: { ...word, text: kept, bbox }, before, after };
}

/** A row's words (left to right) without the table rules OCR read as their glyphs (see above). */
export function withoutRuleGlyphs(words: Word[]): RuledWord[] {
  const ruled = words.map((word, i) => withoutRuleGlyph(word, i > 0, i < words.length - 1));
  const rules = ruled.filter((r) => r.before || r.after).length;
  return rules >= MIN_RULES ? ruled : words.map((word) => ({ word, before: false, after: false }));
}
