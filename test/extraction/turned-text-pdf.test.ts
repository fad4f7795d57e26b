// test-tier: no-ocr (every page read is a text layer)
import { PDFDocument, StandardFonts, degrees, grayscale } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { sharedReader } from '../support/reader.js';

/**
 * A text PDF with text that does not run left to right, as pdf-lib draws it (`rotate`): the
 * seller's legal details up the left margin, beside the letterhead and the table, and a large
 * light watermark across the body at 45 degrees. Read through the reader's text layer, the
 * invoice extracts as it does without them.
 */

const reader = sharedReader();

async function invoicePdf(turned: boolean): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  const text = (value: string, x: number, y: number, size = 10, face = font) =>
    page.drawText(value, { x, y, size, font: face });
  text('Atelier Lumière', 60, 780, 18, bold);
  text('12 rue des Tanneurs, 69002 Lyon', 60, 764);
  ['Société Dupont & Fils', '8 avenue Foch', '75008 Paris'].forEach((line, i) => text(line, 60, 720 - 13 * i));
  text('FACTURE', 60, 660, 14, bold);
  text('N° de facture', 60, 635);
  text('F2024-0312', 200, 635);
  text('Date de facture', 60, 620);
  text('05/03/2024', 200, 620);
  text('Désignation', 60, 580);
  text('Qté', 330, 580);
  text('Montant HT', 450, 580);
  text('Lampe suspension laiton', 60, 565);
  text('3', 330, 565);
  text('3 750,00', 450, 565);
  [
    ['Total HT', '3 750,00'],
    ['TVA 20 %', '750,00'],
    ['Total TTC', '4 500,00'],
  ].forEach(([label, amount], i) => {
    text(label!, 330, 530 - 15 * i);
    text(amount!, 450, 530 - 15 * i);
  });
  if (turned) {
    const legal = 'Atelier Lumière SARL · Capital 10 000 € · RCS Lyon 812 345 678 · TVA FR12812345678';
    page.drawText(legal.replace('€', 'EUR'), { x: 36, y: 420, size: 7, font, rotate: degrees(90) });
    page.drawText('DUPLICATA', { x: 150, y: 380, size: 64, font: bold, rotate: degrees(45), color: grayscale(0.85) });
  }
  return pdf.save();
}

const extract = async (turned: boolean) => {
  const document = await reader.read(await invoicePdf(turned), 'application/pdf');
  return extractFields(document, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;
};

describe('a text PDF with a legal line up the margin and a diagonal watermark', () => {
  it('extracts the invoice as it does without them', async () => {
    const plain = await extract(false);
    expect(plain).toMatchObject({
      vendor_name: 'Atelier Lumière',
      invoice_number: 'F2024-0312',
      invoice_date: '2024-03-05',
      subtotal: 3750,
      tax_amount: 750,
      total_amount: 4500,
    });
    expect(await extract(true)).toEqual(plain);
  });
});
