import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import {
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setCharacterSpacing,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import type { FontChoice } from './layout.js';

/**
 * Text and lines placed from the top of the page (PDF measures from the bottom), in one font
 * family: what the page renderers draw with.
 */
export interface Pen {
  text(value: string, x: number, top: number, options?: TextOptions): void;
  /** A horizontal or vertical rule from (x0, top0) to (x1, top1). */
  line(x0: number, top0: number, x1: number, top1: number, width?: number): void;
  width(value: string, size: number, bold?: boolean): number;
  readonly page: PDFPage;
  readonly pageHeight: number;
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  align?: 'left' | 'right' | 'center';
  grey?: boolean;
  /** Letter-spaced: `em` after every glyph, by the PDF operator (Tc) or each glyph placed on its own. */
  tracking?: Tracking;
}

export interface Tracking {
  em: number;
  how: 'operator' | 'glyphs';
}

/** The width of `value` set with `em` of tracking between its glyphs. */
export function trackedWidth(pen: Pen, value: string, size: number, bold: boolean, em = 0): number {
  return pen.width(value, size, bold) + em * size * Math.max([...value].length - 1, 0);
}

export async function embedFonts(pdf: PDFDocument, choice: FontChoice): Promise<{ regular: PDFFont; bold: PDFFont }> {
  if (choice.kind === 'standard') {
    return { regular: await pdf.embedFont(choice.regular), bold: await pdf.embedFont(choice.bold) };
  }
  pdf.registerFontkit(fontkit);
  // Subsets keep a document small; pdf-lib writes a ToUnicode map with them, so the text layer reads back.
  const regular = await pdf.embedFont(readFileSync(choice.regular), { subset: true });
  const bold =
    choice.bold === choice.regular ? regular : await pdf.embedFont(readFileSync(choice.bold), { subset: true });
  return { regular, bold };
}

export function createPen(page: PDFPage, fonts: { regular: PDFFont; bold: PDFFont }): Pen {
  const height = page.getHeight();
  const fontOf = (bold?: boolean) => (bold ? fonts.bold : fonts.regular);
  return {
    page,
    pageHeight: height,
    width: (value, size, bold) => fontOf(bold).widthOfTextAtSize(value, size),
    text(value, x, top, options = {}) {
      const size = options.size ?? 10;
      const font = fontOf(options.bold);
      const spacing = (options.tracking?.em ?? 0) * size;
      const w = font.widthOfTextAtSize(value, size) + spacing * Math.max([...value].length - 1, 0);
      const left = options.align === 'right' ? x - w : options.align === 'center' ? x - w / 2 : x;
      const at = { y: height - top - size, size, font, color: options.grey ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0) };
      if (!spacing) page.drawText(value, { x: left, ...at });
      else if (options.tracking?.how === 'operator') {
        page.pushOperators(pushGraphicsState(), setCharacterSpacing(spacing));
        page.drawText(value, { x: left, ...at });
        page.pushOperators(popGraphicsState());
      } else {
        // As layout programs export tracking: every glyph at its own place.
        let glyph = left;
        for (const char of value) {
          if (char.trim()) page.drawText(char, { x: glyph, ...at });
          glyph += font.widthOfTextAtSize(char, size) + spacing;
        }
      }
    },
    line(x0, top0, x1, top1, width = 0.6) {
      page.drawLine({
        start: { x: x0, y: height - top0 },
        end: { x: x1, y: height - top1 },
        thickness: width,
        color: rgb(0.2, 0.2, 0.2),
      });
    },
  };
}
