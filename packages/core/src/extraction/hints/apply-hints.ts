import type { FieldDefinition } from '../../extractors/index.js';
import type { ExtractionContext } from '../context.js';
import type { FoundField } from '../found-field.js';
import { findTypedValues } from '../fields/typed-values.js';
import type { Line } from '../layout/lines.js';
import { unionBox } from '../locations/field-location.js';
import { onPage, spanBox } from '../locations/locate.js';
import { foldedWordIndex, type FieldHint } from './field-hint.js';

/** What a learned hint's value is worth: it was right for this vendor before. */
const LEARNED_SCORE = 0.92;

/**
 * A field found through its vendor hint: the anchor's words on the page, then the first value of
 * the field's type after them on the line (`right`) or in the three lines below, under them
 * (`below`). Null when the anchor or a value is not there: the rules then decide as usual.
 */
export function hintedField(ctx: ExtractionContext, field: FieldDefinition, hint: FieldHint): FoundField | null {
  for (const line of ctx.lines) {
    const at = foldedWordIndex(line, hint.anchor);
    if (at < 0) continue;
    const anchorWords = line.words.slice(at, at + hint.anchor.length);
    const regions =
      hint.position === 'right'
        ? [regionOf(line, line.words.slice(at + hint.anchor.length))]
        : regionsBelow(ctx, line, anchorWords);
    for (const region of regions) {
      if (!region) continue;
      const values = findTypedValues(region.text, field.type, { dates: ctx.dates, identifier: false });
      // Amounts close their row ("Total  2 items  29.30"); other values follow their anchor.
      const value = field.type === 'currency' || field.type === 'number' ? values.at(-1) : values[0];
      if (!value) continue;
      const anchorBox = onPage(line, unionBox(anchorWords.map((w) => w.bbox))!);
      return {
        value: value.value,
        score: LEARNED_SCORE,
        source: 'label',
        ocr: region.confidence,
        location: {
          source: 'label',
          ...spanBox(region, value.start, value.end),
          label: { text: anchorWords.map((w) => w.text).join(' '), ...anchorBox },
          learned: true,
        },
      };
    }
  }
  return null;
}

/** A line restricted to some of its words (so spans and boxes still work on it). */
function regionOf(line: Line, words: Line['words']): Line | null {
  if (words.length === 0) return null;
  return {
    ...line,
    words,
    text: words.map((w) => w.text).join(' '),
    confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length,
  };
}

function regionsBelow(ctx: ExtractionContext, line: Line, anchor: Line['words']): (Line | null)[] {
  const x0 = Math.min(...anchor.map((w) => w.bbox.x0));
  const x1 = Math.max(...anchor.map((w) => w.bbox.x1));
  const width = x1 - x0;
  return ctx.lines
    .slice(line.index + 1, line.index + 4)
    .filter((l) => l.page === line.page)
    .map((l) =>
      regionOf(
        l,
        l.words.filter((w) => w.bbox.x1 > x0 - width * 0.25 && w.bbox.x0 < x1 + width),
      ),
    );
}
