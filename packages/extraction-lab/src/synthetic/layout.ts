import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Random } from './random.js';
import type { DocumentKind } from './vocabulary.js';

/**
 * Where things go on a synthetic page: the seller block's corner, label and value beside or one
 * under the other, the item table's column order and rules, the totals' side, the logo, the font.
 * A layout is drawn at random per document; its description names it in the failure table.
 */
export interface Layout {
  /** Where the seller's name and address stand. */
  seller: 'left' | 'right' | 'center';
  /** The buyer block under the seller's side, or across from it. */
  buyer: 'under' | 'across';
  /** Labels and values: "Label: value" on one line, the value under its label, or two columns. */
  meta: 'beside' | 'below' | 'columns';
  table: 'grid' | 'rules' | 'plain';
  /** Column order of the item table (receipts: one line per row, or the quantity line under it). */
  columns: 'description-first' | 'quantity-first';
  totals: 'right' | 'left';
  logo: 'none' | 'text' | 'shape';
  font: FontChoice;
  /** The seller's name printed once more in the footer, as many real documents do. */
  footer: boolean;
}

/** A standard-14 font family, or a TrueType file and its bold sibling (the regular file when none). */
export type FontChoice =
  { kind: 'standard'; regular: string; bold: string } | { kind: 'truetype'; regular: string; bold: string };

const STANDARD: FontChoice[] = [
  { kind: 'standard', regular: 'Helvetica', bold: 'Helvetica-Bold' },
  { kind: 'standard', regular: 'Times-Roman', bold: 'Times-Bold' },
  { kind: 'standard', regular: 'Courier', bold: 'Courier-Bold' },
];

/**
 * Fonts that draw symbols, not letters: LibreOffice's OpenSymbol (`opens___.ttf`, installed with
 * it) maps letters to no glyph a reader can name, so a page set in it has no usable text layer.
 */
const SYMBOL_FONT = /^opens___\.ttf$|Symbol/i;

/**
 * The TrueType families documents are drawn in: those that draw every Latin letter the
 * vocabularies print (DejaVu, Debian's default, and Liberation, which LibreOffice brings). Not
 * whatever else a machine holds: a CJK fallback font (`DroidSansFallbackFull.ttf`, which
 * ImageMagick's Ghostscript pulls in) gives a page no readable text layer, and a seed must draw
 * the same documents on every machine that has these fonts.
 */
const TEXT_FONT = /^(DejaVu|Liberation)/;

/**
 * The standard 14 families and every regular DejaVu and Liberation TrueType font under `fontDir`
 * but symbol fonts (sorted: deterministic).
 */
export function availableFonts(fontDir = '/usr/share/fonts'): FontChoice[] {
  let files: string[] = [];
  try {
    files = (readdirSync(fontDir, { recursive: true }) as string[]).map((f) => path.join(fontDir, f)).sort();
  } catch {
    // No system fonts: the standard 14 alone.
  }
  const ttf = files.filter((f) => f.endsWith('.ttf'));
  const regular = ttf.filter(
    (f) =>
      TEXT_FONT.test(path.basename(f)) &&
      !/(Bold|Italic|Oblique|Math|ExtraLight|Light)/.test(path.basename(f)) &&
      !SYMBOL_FONT.test(path.basename(f)),
  );
  const truetype = regular.map((file): FontChoice => {
    const bold = file.replace(/\.ttf$/, '-Bold.ttf');
    return { kind: 'truetype', regular: file, bold: ttf.includes(bold) ? bold : file };
  });
  return [...STANDARD, ...truetype];
}

export function chooseLayout(random: Random, kind: DocumentKind, fonts: readonly FontChoice[]): Layout {
  return {
    seller:
      kind === 'receipt'
        ? random.pick(['center', 'center', 'left'] as const)
        : random.pick(['left', 'right', 'center'] as const),
    buyer: random.pick(['under', 'across'] as const),
    meta: random.pick(['beside', 'below', 'columns'] as const),
    table: random.pick(['grid', 'rules', 'plain'] as const),
    columns: random.pick(['description-first', 'quantity-first'] as const),
    totals: random.pick(['right', 'left'] as const),
    logo: random.pick(['none', 'text', 'shape'] as const),
    font: random.pick(fonts),
    footer: random.chance(0.3),
  };
}

/** "seller=right meta=below table=grid ..." for notes and the failure table. */
export function describeLayout(layout: Layout): string {
  const font = path.basename(layout.font.regular).replace(/\.ttf$/, '');
  return `seller=${layout.seller} buyer=${layout.buyer} meta=${layout.meta} table=${layout.table} columns=${layout.columns} totals=${layout.totals} logo=${layout.logo} font=${font}`;
}
