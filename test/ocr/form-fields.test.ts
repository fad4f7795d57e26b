// test-tier: no-ocr (every read is of a text layer and its form fields)
import { extractFields, RECOMMENDED_FIELDS, type Word } from '@intake/core';
import { PDFDocument, PDFName, PDFString, StandardFonts, TextAlignment, type PDFForm, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { sharedReader } from '../support/reader.js';

/**
 * An invoice template filled in a PDF viewer and saved without flattening: the labels are printed
 * in the page's content, the values live in the form fields' widget annotations
 * (packages/ocr-tesseract/src/pdf/form-fields.ts).
 */

const reader = sharedReader();
const HEIGHT = 842;

interface Field {
  value: string;
  x: number;
  y: number;
  width?: number;
  align?: TextAlignment;
  multiline?: boolean;
  comb?: number;
  hidden?: boolean;
}

async function filledForm(fields: Field[], labels: { text: string; x: number; y: number; size?: number }[]) {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, HEIGHT]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const l of labels) page.drawText(l.text, { x: l.x, y: HEIGHT - l.y, size: l.size ?? 10, font });
  const form = pdf.getForm();
  fields.forEach((f, i) => addField(form, page, `field${i}`, f));
  form.updateFieldAppearances(font);
  return pdf.save();
}

function addField(form: PDFForm, page: PDFPage, name: string, f: Field): void {
  const field = form.createTextField(name);
  if (f.multiline) field.enableMultiline();
  if (f.comb) {
    field.setMaxLength(f.comb);
    field.enableCombing();
  }
  field.setText(f.value);
  if (f.align !== undefined) field.setAlignment(f.align);
  const height = f.multiline ? 40 : 14;
  field.addToPage(page, { x: f.x, y: HEIGHT - f.y - height + 11, width: f.width ?? 120, height, borderWidth: 0 });
  if (f.hidden) field.acroField.getWidgets()[0]!.setFlagTo(1 << 1, true);
}

const words = async (bytes: Uint8Array): Promise<Word[]> => {
  const document = await reader.read(bytes, 'application/pdf');
  expect(document.pages[0]!.source).toBe('text_layer');
  return document.pages[0]!.words;
};

/** The words' texts in a fixed order: the reader returns them in reading order. */
const texts = (all: (Word | string)[]): string[] => all.map((w) => (typeof w === 'string' ? w : w.text)).sort();

const at = (all: Word[], text: string): Word => {
  const word = all.find((w) => w.text === text);
  if (!word) throw new Error(`"${text}" not among ${all.map((w) => w.text).join(' ')}`);
  return word;
};

describe("a filled form's fields", () => {
  it('give their values as words inside their boxes', async () => {
    const all = await words(
      await filledForm(
        [
          { value: 'Harbor Lights Studio LLC', x: 100, y: 90, width: 200 },
          { value: '1,296.00', x: 420, y: 110, width: 100, align: TextAlignment.Right },
        ],
        [
          { text: 'From:', x: 50, y: 100 },
          { text: 'Total', x: 350, y: 120 },
        ],
      ),
    );
    expect(texts(all)).toEqual(texts(['From:', 'Total', 'Harbor', 'Lights', 'Studio', 'LLC', '1,296.00']));
    const harbor = at(all, 'Harbor');
    expect(harbor.bbox.x0).toBeCloseTo(102, 0);
    // The value stands on its label's line: its box overlaps the label's vertically.
    const from = at(all, 'From:');
    expect(harbor.bbox.y0).toBeLessThan(from.bbox.y1);
    expect(harbor.bbox.y1).toBeGreaterThan(from.bbox.y0);
    // Right-aligned: the amount ends at the box's right edge, less the padding.
    expect(at(all, '1,296.00').bbox.x1).toBeCloseTo(518, 0);
  });

  it('give a multi-line field line by line, a comb field over its cells, and a hidden one nothing', async () => {
    const all = await words(
      await filledForm(
        [
          { value: 'Maple Grove Dental\n14 Elm Street', x: 50, y: 150, width: 200, multiline: true },
          { value: 'A1B2', x: 300, y: 150, width: 80, comb: 8 },
          { value: 'internal note', x: 300, y: 200, hidden: true },
        ],
        [{ text: 'Bill to', x: 50, y: 140 }],
      ),
    );
    expect(texts(all)).toEqual(texts(['Bill', 'to', 'Maple', 'Grove', 'Dental', '14', 'Elm', 'Street', 'A1B2']));
    expect(at(all, '14').bbox.y0).toBeGreaterThan(at(all, 'Maple').bbox.y1 - 1);
    // Four characters of eight cells: half the field's width.
    const comb = at(all, 'A1B2').bbox;
    expect(comb.x1 - comb.x0).toBeCloseTo(40, 0);
  });

  it("are read as the invoice's fields", async () => {
    const bytes = await filledForm(
      [
        { value: 'Harbor Lights Studio LLC', x: 100, y: 90, width: 200 },
        { value: 'Maple Grove Dental', x: 100, y: 110, width: 200 },
        { value: 'HL-2024-031', x: 420, y: 90 },
        { value: '03/14/2024', x: 420, y: 110 },
        { value: 'Logo design', x: 50, y: 220, width: 200 },
        { value: '1,200.00', x: 450, y: 220, width: 80 },
        { value: '1,200.00', x: 450, y: 300, width: 80 },
        { value: '96.00', x: 450, y: 316, width: 80 },
        { value: '1,296.00', x: 450, y: 332, width: 80 },
      ],
      [
        { text: 'INVOICE', x: 50, y: 50, size: 20 },
        { text: 'From:', x: 50, y: 90 },
        { text: 'Bill to:', x: 50, y: 110 },
        { text: 'Invoice No.', x: 330, y: 90 },
        { text: 'Date', x: 330, y: 110 },
        { text: 'Description', x: 50, y: 200 },
        { text: 'Amount', x: 450, y: 200 },
        { text: 'Subtotal', x: 350, y: 300 },
        { text: 'Tax', x: 350, y: 316 },
        { text: 'Total', x: 350, y: 332 },
      ],
    );
    const document = await reader.read(bytes, 'application/pdf');
    const fields = extractFields(document, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;
    expect(fields).toMatchObject({
      vendor_name: 'Harbor Lights Studio LLC',
      invoice_number: 'HL-2024-031',
      invoice_date: '2024-03-14',
      subtotal: 1200,
      tax_amount: 96,
      total_amount: 1296,
    });
  });

  it("that are broken cost their own values, never the page's text", async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, HEIGHT]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    page.drawText('Invoice No. HL-2024-031', { x: 50, y: HEIGHT - 100, size: 10, font });
    page.drawText('Total 1,296.00', { x: 50, y: HEIGHT - 120, size: 10, font });
    // A widget whose value is a number and whose rectangle is a string; a FreeText without contents.
    const broken = pdf.context.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Tx', V: 123, Rect: PDFString.of('x') });
    const empty = pdf.context.obj({ Type: 'Annot', Subtype: 'FreeText', Rect: [50, 50, 200, 70] });
    page.node.set(PDFName.of('Annots'), pdf.context.obj([broken, empty]));
    const all = await words(await pdf.save());
    expect(texts(all)).toEqual(texts(['Invoice', 'No.', 'HL-2024-031', 'Total', '1,296.00']));
  });
});
