import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import {
  PDFDocument,
  PDFOperator,
  PDFOperatorNames,
  StandardFonts,
  beginText,
  endText,
  moveText,
  popGraphicsState,
  pushGraphicsState,
  setCharacterSpacing,
  setFontAndSize,
  type PDFFont,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { sharedReader } from '../support/reader.js';

/**
 * Letter-spaced letterheads in a real text layer: a PDF made here with the character-spacing
 * operator (Tc, as PDF producers print tracking) or with every glyph placed on its own (as layout
 * programs export it). pdfjs reads either as one word per glyph; extraction reads the name whole.
 */
const reader = sharedReader();

type Spacing = 'operator' | 'glyphs' | 'kerning';

/** `text` at (x, y) with `tracking` points after every glyph, the word space included. */
function drawSpaced(
  page: ReturnType<PDFDocument['addPage']>,
  text: string,
  at: { x: number; y: number; size: number; font: PDFFont; tracking: number; spacing: Spacing },
) {
  if (at.spacing === 'kerning') {
    // One TJ array, a negative kerning after every glyph, the space glyph drawn: LibreOffice's way.
    const key = page.node.newFontDictionary(at.font.name, at.font.ref);
    // A stop is kerned close to the letter before it, as fonts' kerning pairs set "r." and "V.".
    const chars = [...text];
    const items = chars.flatMap((char, i) => [
      at.font.encodeText(char),
      (-1000 * at.tracking * (chars[i + 1] === '.' ? 0.3 : 1)) / at.size,
    ]);
    page.pushOperators(
      beginText(),
      setFontAndSize(key, at.size),
      moveText(at.x, at.y),
      PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [page.doc.context.obj(items)]),
      endText(),
    );
    return;
  }
  if (at.spacing === 'operator') {
    page.pushOperators(pushGraphicsState(), setCharacterSpacing(at.tracking));
    page.drawText(text, { x: at.x, y: at.y, size: at.size, font: at.font });
    page.pushOperators(popGraphicsState());
    return;
  }
  let x = at.x;
  for (const char of text) {
    if (char !== ' ') page.drawText(char, { x, y: at.y, size: at.size, font: at.font });
    x += at.font.widthOfTextAtSize(char, at.size) + at.tracking;
  }
}

async function spacedInvoice(spacing: Spacing, name = 'NORDWIND TEXTIL GMBH', tracking = 4): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const text = (t: string, x: number, y: number) => page.drawText(t, { x, y, size: 10, font });
  drawSpaced(page, name, { x: 50, y: 790, size: 16, font: bold, tracking, spacing });
  text('Hafenstrasse 12, 20457 Hamburg', 50, 772);
  text('Bergmann Buerobedarf KG, Lindenallee 4, 50667 Koeln', 50, 700);
  drawSpaced(page, 'RECHNUNG', { x: 50, y: 640, size: 18, font, tracking: 6, spacing });
  text('Rechnungsnummer', 50, 610);
  text('RE-2024-0815', 200, 610);
  text('Rechnungsdatum', 50, 595);
  text('12.03.2024', 200, 595);
  text('Beschreibung', 50, 540);
  text('Betrag', 450, 540);
  text('Baumwollstoff blau', 50, 525);
  text('125,00', 450, 525);
  text('Nettobetrag', 350, 490);
  text('125,00', 450, 490);
  text('USt 19 %', 350, 475);
  text('23,75', 450, 475);
  text('Gesamtbetrag', 350, 460);
  text('148,75', 450, 460);
  return pdf.save();
}

describe.each<Spacing>(['operator', 'glyphs'])('a letter-spaced letterhead in a text layer (%s)', (spacing) => {
  it('pdfjs gives one word per glyph; the lines hold the name and the title whole', async () => {
    const read = await reader.read(await spacedInvoice(spacing), 'application/pdf');
    expect(read.pages[0]!.words.map((w) => w.text).slice(0, 4)).toEqual(['N', 'O', 'R', 'D']);
    const texts = buildLines(read).map((l) => l.text);
    expect(texts).toContain('NORDWIND TEXTIL GMBH');
    expect(texts).toContain('RECHNUNG');
  });

  it("the vendor's name is the letterhead's", async () => {
    const read = await reader.read(await spacedInvoice(spacing), 'application/pdf');
    const fields = extractFields(read, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;
    expect(fields).toMatchObject({
      vendor_name: 'NORDWIND TEXTIL GMBH',
      invoice_number: 'RE-2024-0815',
      total_amount: 148.75,
    });
  });
});

/**
 * Tracking of an eighth of an em: pdfjs' text content puts one space between every two glyphs and
 * none wider, so the word gaps are read from the drawn glyphs' advances (glyph-runs.ts).
 */
describe.each<Spacing>(['operator', 'kerning'])('a name tracked by an eighth of an em (%s)', (spacing) => {
  it('keeps its words apart', async () => {
    const read = await reader.read(await spacedInvoice(spacing, 'Lindqvist Garden Supplies Ltd', 2), 'application/pdf');
    expect(read.pages[0]!.words.slice(0, 3).map((w) => w.text)).toEqual(['L', 'i', 'n']);
    expect(buildLines(read)[0]!.text).toBe('Lindqvist Garden Supplies Ltd');
    const fields = extractFields(read, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;
    expect(fields.vendor_name).toBe('Lindqvist Garden Supplies Ltd');
  });

  it('with abbreviations in it', async () => {
    const read = await reader.read(await spacedInvoice(spacing, 'Gebr. Visser B.V.', 2), 'application/pdf');
    expect(buildLines(read)[0]!.text).toBe('Gebr. Visser B.V.');
  });

  it('in capitals too', async () => {
    const read = await reader.read(await spacedInvoice(spacing, 'KAMINSKI DYSTRYBUCJA SP. J.', 2), 'application/pdf');
    expect(buildLines(read)[0]!.text).toBe('KAMINSKI DYSTRYBUCJA SP. J.');
  });
});
