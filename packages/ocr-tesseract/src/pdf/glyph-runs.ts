/**
 * Where the glyphs of a letter-spaced text item stand, read from the page's drawing operators.
 *
 * A name set with tracking (Word's and LibreOffice's expanded spacing, the PDF character-spacing
 * operator, CSS letter-spacing) comes out of pdfjs' text content as one item with a space between
 * every two glyphs, "C h l o e Tu r n e r B o o k k e e p i n g": pdfjs adds one space for any gap
 * over a tenth of an em, so the word space the producer drew (a space glyph, or a wider gap) reads
 * as one space like the others, and an item has one width and no per-glyph positions. The page's
 * operator list still has each drawn text run as its glyphs, each with its advance width, the
 * kerning between them and the character and word spacing in force: from these every glyph's
 * offset along the run, and so the word gaps, are exact. Read only for a page with such an item,
 * as it makes pdfjs parse the whole content stream (images included).
 */
import { OPS } from './pdfjs.js';
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';

/** A drawn glyph that is no space, and its extent along its run, in the run's text space. */
export interface PlacedGlyph {
  char: string;
  start: number;
  end: number;
}

/** One text-showing operator's glyphs (spaces left out: they are the gaps between words). */
export interface GlyphRun {
  /** The glyphs' characters joined, for finding an item's text in the run. */
  text: string;
  glyphs: PlacedGlyph[];
}

interface GlyphArgument {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
}

interface TextState {
  size: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
}

/** Every text-showing operator of the page as a run of placed glyphs, in drawing order. */
export async function glyphRuns(page: PDFPageProxy): Promise<GlyphRun[]> {
  const { fnArray, argsArray } = await page.getOperatorList();
  const runs: GlyphRun[] = [];
  const saved: TextState[] = [];
  let state: TextState = { size: 1, charSpacing: 0, wordSpacing: 0, hScale: 1 };
  fnArray.forEach((fn, i) => {
    const args = (argsArray[i] ?? []) as unknown[];
    if (fn === OPS.save) saved.push({ ...state });
    else if (fn === OPS.restore) state = saved.pop() ?? state;
    else if (fn === OPS.setFont && typeof args[1] === 'number') state = { ...state, size: args[1] };
    else if (fn === OPS.setCharSpacing && typeof args[0] === 'number') state = { ...state, charSpacing: args[0] };
    else if (fn === OPS.setWordSpacing && typeof args[0] === 'number') state = { ...state, wordSpacing: args[0] };
    else if (fn === OPS.setHScale && typeof args[0] === 'number') state = { ...state, hScale: args[0] / 100 };
    else if (fn === OPS.showText && Array.isArray(args[0])) {
      const run = placeRun(args[0] as (GlyphArgument | number | null)[], state);
      if (run.glyphs.length) runs.push(run);
    }
  });
  return runs;
}

/** A run's glyphs placed as a renderer advances: width × size, kerning, character and word spacing. */
function placeRun(items: readonly (GlyphArgument | number | null)[], state: TextState): GlyphRun {
  const glyphs: PlacedGlyph[] = [];
  let x = 0;
  for (const item of items) {
    if (typeof item === 'number') {
      x -= (item * state.size * state.hScale) / 1000;
      continue;
    }
    if (!item) continue;
    const advance = ((item.width ?? 0) * state.size) / 1000;
    const space = item.isSpace === true || (item.unicode ?? '').trim() === '';
    if (!space && item.unicode) glyphs.push({ char: item.unicode, start: x, end: x + advance * state.hScale });
    x += (advance + state.charSpacing + (space ? state.wordSpacing : 0)) * state.hScale;
  }
  return { text: glyphs.map((g) => g.char).join(''), glyphs };
}

/**
 * Whether a text item reads as letter-spaced: four or more tokens, most of them one character
 * ("C h l o e Tu r n e r"), where the Helvetica estimate of tokenSpans cannot tell a word gap from
 * a letter gap.
 */
export function looksLetterSpaced(str: string): boolean {
  const tokens = str.split(/\s+/u).filter(Boolean);
  const single = tokens.filter((t) => [...t].length === 1).length;
  return tokens.length >= 4 && single >= 0.6 * tokens.length;
}

/**
 * The glyphs of the runs that draw `str` (its characters other than spaces, in order), found at or
 * after `from` (a run's index), else anywhere; null when no single run draws it.
 */
export function findGlyphs(
  runs: readonly GlyphRun[],
  str: string,
  from: number,
): { run: number; glyphs: PlacedGlyph[] } | null {
  const key = [...str.replace(/\s+/gu, '')].join('');
  if (!key) return null;
  const order = [...runs.keys()].filter((i) => i >= from).concat([...runs.keys()].filter((i) => i < from));
  for (const i of order) {
    const at = runs[i]!.text.indexOf(key);
    if (at < 0) continue;
    // Offsets in the joined text are UTF-16 units: count glyphs up to them.
    let units = 0;
    let first = 0;
    while (first < runs[i]!.glyphs.length && units < at) units += runs[i]!.glyphs[first++]!.char.length;
    let count = 0;
    let covered = 0;
    while (first + count < runs[i]!.glyphs.length && covered < key.length)
      covered += runs[i]!.glyphs[first + count++]!.char.length;
    if (units !== at || covered !== key.length) continue;
    return { run: i, glyphs: runs[i]!.glyphs.slice(first, first + count) };
  }
  return null;
}
