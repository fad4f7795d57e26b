import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { LabelIndex } from '../../packages/core/src/extraction/labels/label-index.js';
import { doc, type Placed } from './synthetic.js';

/**
 * The totals' labels that online-shop programs print in their shipped translations: a tax line
 * under "Steuer:", "Taxe :" or "Impuesto:", a grand total under "Montant global", "Total general"
 * or "Eindtotaal", a products' sum under "Total Products" or "Totale prodotti" above a net that
 * already holds the shipping ("Total (Tax excl.)", whose "Total Tax" words are no tax label), and
 * a German shop's "Gesamtkosten Netto" and "Gesamtkosten". Their address headings ("Billing
 * Address", "Verzendadres", "Indirizzo di spedizione", "Verkauft an:") are the buyer's.
 */

function keysOn(text: string): string[] {
  const lines = buildLines(doc([{ x: 50, y: 50, text }]));
  return new LabelIndex(lines, []).hitsOn(lines[0]!).map((h) => h.key);
}

const invoice = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;

/** A shop's name, a title with its number and date, two item rows, and the totals under their labels. */
const withTotals = (title: string, totals: [string, string][]): Placed[] => [
  { x: 40, y: 30, text: 'Maison Lavande' },
  { x: 40, y: 44, text: '12 rue des Lilas, 84000 Avignon' },
  { x: 40, y: 90, text: title },
  { x: 380, y: 90, text: '14/03/2024' },
  { x: 40, y: 200, text: 'Description' },
  { x: 480, y: 200, text: 'Amount' },
  { x: 40, y: 218, text: 'Lavender soap' },
  { x: 480, y: 218, text: '40,00' },
  { x: 40, y: 232, text: 'Scented candle' },
  { x: 480, y: 232, text: '60,00' },
  ...totals.flatMap(([label, value], i) => [
    { x: 300, y: 270 + i * 16, text: label },
    { x: 480, y: 270 + i * 16, text: value },
  ]),
];

describe("shop programs' subtotal, shipping, tax and grand total lines", () => {
  it.each([
    ['German', 'Rechnung # 000000012', ['Zwischensumme:', 'Versand & Bearbeitung:', 'Steuer:', 'Gesamtsumme:']],
    ['French', 'Facture n° 000000012', ['Sous-total :', 'Expédition et traitement :', 'Taxe :', 'Montant global :']],
    ['Spanish', 'Factura # 000000012', ['Subtotal:', 'Envío y manipulación:', 'Impuesto:', 'Total general:']],
  ])('reads the tax and the grand total under their labels (%s)', (_, title, labels) => {
    const values = ['100,00', '5,00', '21,00', '126,00'];
    const found = invoice(
      withTotals(
        title,
        labels.map((l, i) => [l, values[i]!]),
      ),
    );
    expect(found.subtotal).toBe(100);
    expect(found.tax_amount).toBe(21);
    expect(found.total_amount).toBe(126);
  });
});

describe('a products sum above a net that holds the shipping', () => {
  it.each([
    ['English', 'INVOICE #IN000123', ['Total Products', 'Shipping Costs', 'Total (Tax excl.)', 'Total Tax', 'Total']],
  ])('reads the tax under its label, not the net (%s)', (_, title, labels) => {
    const values = ['100,00', '5,00', '105,00', '21,00', '126,00'];
    const found = invoice(
      withTotals(
        title,
        labels.map((l, i) => [l, values[i]!]),
      ),
    );
    expect(found.tax_amount).toBe(21);
    expect(found.total_amount).toBe(126);
    expect([100, 105]).toContain(found.subtotal);
  });
});

describe('the labels of their totals and address headings', () => {
  it.each([
    ['Totale prodotti', 'subtotal'],
    ['Total produits', 'subtotal'],
    ['Totaal producten', 'subtotal'],
    ['Summe Artikel', 'subtotal'],
    ['Total productos', 'subtotal'],
    ['Totale (tasse escl.)', 'subtotal'],
    ['Totale tasse', 'tax_amount'],
    ['Total taxes', 'tax_amount'],
    ['Steuern insgesamt', 'tax_amount'],
    ['Eindtotaal', 'total_amount'],
    ['Gesamtkosten', 'total_amount'],
    ['Billing Address', 'buyer_name'],
    ['Verkauft an:', 'buyer_name'],
    ['Indirizzo di spedizione', 'buyer_name'],
    ['Verzendadres', 'buyer_name'],
    ['Dirección de envío', 'buyer_name'],
  ])('"%s" is a %s label', (label, key) => {
    expect(keysOn(`${label} 12,00`)).toEqual([key]);
  });
});
