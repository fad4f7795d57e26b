import type { Word } from '../../ports/document-reader.port.js';

/**
 * Dot leaders: the run of dots an office program draws from a label to its value across a tab
 * ("Total HT ........ 1 755,46 €", a tab stop's leader in Word or Writer, a table of contents'
 * fill). They are printed as text: a text item of dots that touches the label and the value, or
 * dots inside one item or OCR word, so that "HT", the dots and "1" would read as one word and the
 * label and its value as one. Three or more dots, middle dots or ellipses in a row are no part of a
 * word: a word that is all leader is dropped, and a word holding a run is cut there, each part
 * keeping its share of the box by its characters (the dots' width stays a gap, as the tab's).
 */
const LEADER = /[.·‥…]{3,}/gu;

/** The word without its leader runs: none, itself, or its parts on either side of each run. */
export function withoutLeaders(word: Word): Word[] {
  if (!word.text.includes('..') && !/[·‥…]/u.test(word.text)) return [word];
  const chars = [...word.text];
  const parts: { text: string; start: number; end: number }[] = [];
  let at = 0;
  for (const match of word.text.matchAll(LEADER)) {
    const start = [...word.text.slice(0, match.index)].length;
    if (start > at) parts.push({ text: chars.slice(at, start).join(''), start: at, end: start });
    at = start + [...match[0]].length;
  }
  if (at === 0) return [word];
  if (at < chars.length) parts.push({ text: chars.slice(at).join(''), start: at, end: chars.length });
  const { x0, x1 } = word.bbox;
  const share = (x1 - x0) / chars.length;
  return parts.map((p) => ({
    ...word,
    text: p.text,
    bbox: { ...word.bbox, x0: x0 + p.start * share, x1: x0 + p.end * share },
  }));
}
