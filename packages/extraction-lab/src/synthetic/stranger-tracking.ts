import type { Tracking } from './pen.js';
import type { Random } from './random.js';

/**
 * Letter-spaced print: designed letterheads set the seller's name and the document's title with
 * tracking (CSS letter-spacing, a word processor's expanded character spacing, a layout program's
 * tracking, the PDF character-spacing operator). A text layer then gives one word per glyph, and
 * OCR sets letters apart now and then. Drawn from a source of its own, so that a seed's other
 * choices stay what they were.
 */
export interface StrangerTracking {
  /** What is letter-spaced: nothing, the name printed at the top (logo or letterhead), the title, or both. */
  what: 'none' | 'name' | 'title' | 'both';
  /**
   * The tracking in em. From 0.12 (where pdfjs begins to set glyphs apart, and a word's space is
   * no wider than its letters' gaps) to 0.5, as spaced capitals are printed.
   */
  em: number;
  /** How a pdf-lib page writes it: the character-spacing operator (Tc), or every glyph placed on its own. */
  pdf: 'operator' | 'glyphs';
}

export function chooseStrangerTracking(random: Random): StrangerTracking {
  return {
    what: random.chance(0.4) ? 'none' : random.pick(['name', 'title', 'both'] as const),
    em: random.pick([0.12, 0.2, 0.3, 0.5]),
    pdf: random.pick(['operator', 'glyphs'] as const),
  };
}

/** The choices as the layout note's words, with a space before them; none where the trait is off. */
export function describeStrangerTracking(tracking: StrangerTracking | undefined): string {
  if (!tracking) return '';
  if (tracking.what === 'none') return ' tracking=none';
  return ` tracking=${tracking.what} tracking-em=${tracking.em} tracking-pdf=${tracking.pdf}`;
}

/**
 * The tracking (em) of a part: the name printed at the top (a logo or letterhead line, a word
 * processor's letterhead), or the title; undefined where the part is set plainly.
 */
export function trackingEm(tracking: StrangerTracking | undefined, part: 'name' | 'title'): number | undefined {
  return tracking && (tracking.what === part || tracking.what === 'both') ? tracking.em : undefined;
}

/** A part's tracking as a pdf-lib pen writes it, or undefined. */
export function penTracking(tracking: StrangerTracking | undefined, part: 'name' | 'title'): Tracking | undefined {
  const em = trackingEm(tracking, part);
  return em === undefined ? undefined : { em, how: tracking!.pdf };
}
