/**
 * Words with boxes from a PDF page's text layer: exact text, positions in PDF points with the origin
 * at the top-left of the displayed page (rotation and crop box applied by pdfjs' viewport).
 */
import type { Word } from '@intake/core';
import type { PDFPageProxy, TextItem, TextStyle } from 'pdfjs-dist/types/src/display/api.js';
import { formFieldWords } from './form-fields.js';
import { findGlyphs, glyphRuns, looksLetterSpaced, type GlyphRun, type PlacedGlyph } from './glyph-runs.js';
import { tokenSpans, type TokenSpan } from './glyph-widths.js';

type Matrix = readonly number[];
type Point = readonly [number, number];

const apply = (m: Matrix, [x, y]: Point): Point => [m[0]! * x + m[2]! * y + m[4]!, m[1]! * x + m[3]! * y + m[5]!];

/** pdfjs reports 0 for fonts it has no metrics for; these are typical Latin values. */
const DEFAULT_ASCENT = 0.8;
const DEFAULT_DESCENT = -0.2;

export async function textLayerWords(page: PDFPageProxy): Promise<Word[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items = content.items.filter((item): item is TextItem => 'str' in item && item.str.trim() !== '');
  // Letter-spaced items place their words by the drawn glyphs (glyph-runs.ts), others by estimate.
  // Only a better placement: a content stream pdfjs cannot list leaves the estimate.
  const runs: GlyphRun[] = items.some((item) => looksLetterSpaced(item.str))
    ? await glyphRuns(page).catch(() => [])
    : [];
  const words: Word[] = [];
  let from = 0;
  for (const item of items) {
    const spans = monospaceOf(content.styles[item.fontName]) ? null : drawnSpans(item.str, runs, from);
    if (spans) from = spans.run;
    words.push(...itemWords(item, content.styles[item.fontName], viewport.transform, spans?.spans));
  }
  // A filled form's values are in its fields, not in the page's content (form-fields.ts).
  words.push(...(await formFieldWords(page)));
  return words;
}

/**
 * Splits one text item into words. The item's matrix gives the baseline origin and direction in PDF
 * user space; each word is a quad from descent to ascent along that baseline, mapped to the page
 * through the viewport and enclosed in an axis-aligned box (so rotated text still gets a box).
 */
function itemWords(
  item: TextItem,
  style: TextStyle | undefined,
  toPage: Matrix,
  drawn: TokenSpan[] | undefined,
): Word[] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform as number[];
  const scaleX = Math.hypot(a, b) || 1;
  const along: Point = [a / scaleX, b / scaleX];
  const up: Point = [-along[1], along[0]];
  const size = itemSize(item, style, scaleX, Math.hypot(c, d));
  const ascent = style?.ascent && style.ascent > 0 ? Math.min(style.ascent, 1.2) : DEFAULT_ASCENT;
  const descent = style?.descent && style.descent < 0 ? Math.max(style.descent, -0.5) : DEFAULT_DESCENT;
  const monospace = monospaceOf(style);
  const turn = turnOf(along, (ascent - descent) * size, toPage);

  return (drawn ?? tokenSpans(item.str, monospace)).map((span) => {
    const corners: Point[] = [];
    for (const t of [span.start, span.end]) {
      for (const h of [descent, ascent]) {
        const x = e + along[0] * t * item.width + up[0] * h * size;
        const y = f + along[1] * t * item.width + up[1] * h * size;
        corners.push(apply(toPage, [x, y]));
      }
    }
    const xs = corners.map((p) => p[0]);
    const ys = corners.map((p) => p[1]);
    return {
      text: span.text,
      bbox: {
        x0: round(Math.min(...xs)),
        y0: round(Math.min(...ys)),
        x1: round(Math.max(...xs)),
        y1: round(Math.max(...ys)),
      },
      confidence: 1,
      ...(turn ? { turn } : {}),
    };
  });
}

/**
 * The item's em in page units. pdfjs gives a Type 3 font drawn at size 1 and scaled by the text
 * matrix (cairo's way: Firefox's and GTK's "print to file", pdftocairo) the height of the font's
 * glyph box instead, and such a font holds only the glyphs one run needed: a font of digits gives
 * their height, one of stops and commas a sliver at the baseline, so the pieces of one amount
 * ("21" "." "153" "," "97") got boxes of three heights and the total was read as 21153. A font
 * without metrics (pdfjs reports none for Type 3 fonts) takes the em along the baseline where that
 * is larger.
 */
function itemSize(item: TextItem, style: TextStyle | undefined, along: number, across: number): number {
  const size = item.height || across;
  return style?.ascent ? size : Math.max(size, along);
}

const monospaceOf = (style: TextStyle | undefined): boolean => style?.fontFamily === 'monospace';

/**
 * A letter-spaced item's tokens placed where the page draws their glyphs, as shares of the item's
 * width from its first glyph's start to its last one's end; undefined for any other item, or where
 * no run draws its characters in its order.
 */
function drawnSpans(str: string, runs: readonly GlyphRun[], from: number): { spans: TokenSpan[]; run: number } | null {
  if (runs.length === 0 || !looksLetterSpaced(str)) return null;
  const found = findGlyphs(runs, str, from);
  if (!found) return null;
  const base = found.glyphs[0]!.start;
  const extent = found.glyphs.at(-1)!.end - base;
  if (!(extent > 0)) return null;
  const spans: TokenSpan[] = [];
  let next = 0;
  for (const text of str.split(/\s+/u).filter(Boolean)) {
    const own: PlacedGlyph[] = [];
    let covered = 0;
    while (covered < text.length && next < found.glyphs.length) {
      const glyph = found.glyphs[next++]!;
      own.push(glyph);
      covered += glyph.char.length;
    }
    if (covered !== text.length) return null;
    spans.push({ text, start: (own[0]!.start - base) / extent, end: (own.at(-1)!.end - base) / extent });
  }
  return { spans, run: found.run };
}

/**
 * Which way a baseline runs on the displayed page, when it is not left to right: the direction in
 * user space mapped through the viewport (whose y axis points down, and which applies the page's
 * own rotation, so a landscape page drawn turned reads straight), and the height across it. In
 * whole degrees: a baseline within half a degree of straight is straight.
 */
function turnOf(along: Point, height: number, toPage: Matrix): Word['turn'] {
  const x = toPage[0]! * along[0] + toPage[2]! * along[1];
  const y = toPage[1]! * along[0] + toPage[3]! * along[1];
  const degrees = Math.round((Math.atan2(-y, x) * 180) / Math.PI);
  if (degrees === 0) return undefined;
  return { degrees, height: round(height * Math.hypot(toPage[0]!, toPage[1]!)) };
}

const round = (n: number): number => Math.round(n * 100) / 100;

/**
 * Whether a text layer is worth trusting over OCR. Scans often carry no text or a few stray
 * characters (a stamp, a page number); fonts without a Unicode map yield private-use or control
 * characters. Either way OCR of the rendered page reads better.
 */
export function isUsableTextLayer(words: Word[], minWords: number): boolean {
  const text = words.map((w) => w.text).join('');
  if (words.length < minWords || text.length === 0) return false;
  const readable = text.match(/[\p{L}\p{N}\p{P}\p{S}]/gu)?.length ?? 0;
  const garbage = text.match(/[\p{Co}\p{Cc}\uFFFD]/gu)?.length ?? 0;
  return readable / text.length >= 0.9 && garbage / text.length < 0.05;
}
