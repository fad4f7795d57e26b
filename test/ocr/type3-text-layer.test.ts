/**
 * Type 3 fonts drawn at size 1 and scaled by the text matrix, as cairo writes them (Firefox's and
 * GTK's "print to file", pdftocairo), each holding only the glyphs one run needed. pdfjs gives
 * such a run the height of its font's glyph box; the words' boxes still span the em, as a PDF made
 * here shows: an amount whose stops and digits come from two such fonts of different glyph heights.
 */
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { sharedReader } from '../support/reader.js';

const reader = sharedReader();
const EM = 20;

/** A Type 3 font whose glyphs (blots `height` hundredths of an em tall) are named as `glyphs` says. */
function type3Font(doc: PDFDocument, glyphs: Record<string, string>, height: number) {
  const names = Object.entries(glyphs);
  const charProcs = Object.fromEntries(
    names.map(([, name]) => [
      name,
      doc.context.register(doc.context.stream(`50 0 0 0 40 ${height} d1 0 0 40 ${height} re f`)),
    ]),
  );
  const codes = names.map(([char]) => char.charCodeAt(0));
  return doc.context.register(
    doc.context.obj({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [0, 0, 40, height],
      // A hundred units to the em: pdfjs takes a thousand for granted and looks no further.
      FontMatrix: [0.01, 0, 0, 0.01, 0, 0],
      CharProcs: charProcs,
      Encoding: {
        Type: 'Encoding',
        Differences: names.flatMap(([char, name]) => [char.charCodeAt(0), PDFName.of(name)]),
      },
      FirstChar: Math.min(...codes),
      LastChar: Math.max(...codes),
      Widths: Array.from({ length: Math.max(...codes) - Math.min(...codes) + 1 }, () => 50),
      Resources: {},
    }),
  );
}

async function cairoAmountPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const digits = page.node.newFontDictionary('T3digits', type3Font(doc, { '2': 'two', '1': 'one' }, 70));
  const stops = page.node.newFontDictionary('T3stops', type3Font(doc, { '.': 'period' }, 10));
  page.drawText('Total', { x: 72, y: 700, size: EM, font: helvetica });
  // "21" then "." then "1" abutting, each a run of its own font at size 1 scaled by Tm to the em.
  const run = (font: PDFName, text: string, x: number) =>
    `BT /${font.asString().slice(1)} 1 Tf ${EM} 0 0 ${EM} ${x} 700 Tm (${text}) Tj ET\n`;
  const content = run(digits, '21', 200) + run(stops, '.', 220) + run(digits, '1', 230);
  page.node.addContentStream(doc.context.register(doc.context.stream(content)));
  return doc.save();
}

describe('a text layer in size-1 Type 3 fonts', () => {
  it("boxes every run's words over the em, whatever its glyphs' height", async () => {
    const [page] = (await reader.read(await cairoAmountPdf(), 'application/pdf')).pages;
    const heights = Object.fromEntries(page!.words.map((w) => [w.text, w.bbox.y1 - w.bbox.y0]));
    expect(Object.keys(heights)).toEqual(expect.arrayContaining(['21', '.', '1']));
    // Without metrics a word spans the em (ascent 0.8, descent 0.2), stops as tall as digits.
    expect(heights['.']).toBeCloseTo(EM, 0);
    expect(heights['21']).toBeCloseTo(EM, 0);
  });
});
