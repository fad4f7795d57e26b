import { describe, expect, it } from 'vitest';
import { classifyDocument, extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { LabelIndex } from '../../packages/core/src/extraction/labels/label-index.js';
import { doc, type Placed } from './synthetic.js';

/**
 * The totals', dates' and titles' labels that small accounting and ERP programs print in their
 * shipped translations: Tryton's invoice and purchase reports ("Total (sin impuestos):",
 * "Commande d'achat n°"), LedgerSMB's German invoice ("Ausgestellt am", "Bezahlbar bis").
 */

const invoice = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;

/** A seller, a title with its number and date, two item rows, and the totals under their labels. */
const withTotals = (title: string, date: string, totals: [string, string][]): Placed[] => [
  { x: 40, y: 30, text: 'Blue Heron Press Ltd' },
  { x: 40, y: 44, text: '14 Mill Lane, Bristol BS1 4DJ' },
  { x: 40, y: 90, text: title },
  { x: 380, y: 90, text: date },
  { x: 40, y: 200, text: 'Description' },
  { x: 480, y: 200, text: 'Amount' },
  { x: 40, y: 218, text: 'Logo design' },
  { x: 480, y: 218, text: '400.00' },
  { x: 40, y: 232, text: 'Print run' },
  { x: 480, y: 232, text: '250.00' },
  ...totals
    .map(([label, value], i) => [
      { x: 40, y: 270 + i * 16, text: label },
      { x: 480, y: 270 + i * 16, text: value },
    ])
    .flat(),
];

describe("Tryton's totals beside its tax table", () => {
  it.each([
    ['English', 'Invoice No: INV44995', ['Total (excl. taxes):', 'Taxes:', 'Total:']],
    ['German', 'Rechnung Nr.: 2024/0012', ['Netto:', 'Steuern:', 'Rechnungsbetrag:']],
    ['Spanish', 'Factura Nº: 2024/0012', ['Total (sin impuestos):', 'Impuestos:', 'Total:']],
  ])('reads the net and the tax under their labels (%s)', (_, title, labels) => {
    const values = ['650.00', '130.00', '780.00'];
    const found = invoice(
      withTotals(
        title,
        '2024-11-26',
        labels.map((l, i) => [l, values[i]!]),
      ),
    );
    expect(found.subtotal).toBe(650);
    expect(found.tax_amount).toBe(130);
  });
});

describe("LedgerSMB's German invoice", () => {
  it('reads the due date under "Bezahlbar bis"', () => {
    const found = invoice([
      { x: 40, y: 30, text: 'Holzbau Reinhardt GmbH' },
      { x: 40, y: 44, text: 'Am Markt 3, 79098 Freiburg' },
      { x: 250, y: 80, text: 'R E C H N U N G' },
      { x: 300, y: 110, text: 'Ausgestellt am' },
      { x: 420, y: 110, text: '26.06.2025' },
      { x: 300, y: 124, text: 'Bezahlbar bis' },
      { x: 420, y: 124, text: '26.07.2025' },
      { x: 300, y: 138, text: 'Nummer' },
      { x: 420, y: 138, text: '20250544' },
      { x: 40, y: 200, text: 'Beschreibung' },
      { x: 480, y: 200, text: 'Total' },
      { x: 40, y: 218, text: 'Regal Eiche nach Maß' },
      { x: 480, y: 218, text: '180,00' },
      { x: 380, y: 250, text: 'Total' },
      { x: 480, y: 250, text: '180,00' },
    ]);
    expect(found.due_date).toBe('2025-07-26');
  });
});

describe("Tryton's French purchase order", () => {
  it('is a purchase order by its title "Commande d\'achat n°"', () => {
    const placed: Placed[] = [
      { x: 40, y: 30, text: 'Boulangerie Martin' },
      { x: 320, y: 70, text: 'Studio Lumière SAS' },
      { x: 320, y: 84, text: '12 rue des Lilas' },
      { x: 320, y: 98, text: '69003 Lyon' },
      { x: 180, y: 140, text: "Commande d'achat n° : PO-2024-088" },
      { x: 40, y: 170, text: 'Date : 20/05/2024' },
      { x: 40, y: 200, text: 'Description' },
      { x: 300, y: 200, text: 'Quantité' },
      { x: 480, y: 200, text: 'Montant' },
      { x: 40, y: 218, text: 'Farine T65' },
      { x: 300, y: 218, text: '20 kg' },
      { x: 480, y: 218, text: '36,00 €' },
      { x: 380, y: 250, text: 'Total :' },
      { x: 480, y: 250, text: '43,20 €' },
    ];
    expect(classifyDocument(doc(placed)).documentType).toBe('purchase_order');
  });
});

/** The label keys found on a line of its own. */
function keysOn(text: string): string[] {
  const lines = buildLines(doc([{ x: 50, y: 50, text }]));
  return new LabelIndex(lines, []).hitsOn(lines[0]!).map((h) => h.key);
}

describe('a Spanish number box: "Nº factura" over "Nº cliente"', () => {
  it.each(['Nº factura:', 'Nº Factura'])('"%s" is the invoice number\'s label, whole', (label) => {
    expect(keysOn(label)).toEqual(['invoice_number']);
  });

  it.each(['Nº cliente:', 'Nº Cliente'])('"%s" labels the customer\'s number, no invoice or order number', (label) => {
    expect(keysOn(label)).toEqual(['other']);
  });
});
