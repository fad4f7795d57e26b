import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * An e-invoice's visualisation (XRechnung, Peppol and Factur-X viewers) prints every value as a
 * labelled pair whose label is the EN 16931 business term: the net under "Invoice total amount
 * without VAT", the tax under "Invoice total VAT amount", the total under "Invoice total amount
 * with VAT", a paid amount and the amount due after it. Placed words, one section under another.
 */

/** Labelled pairs from `top`: the label at the left and its value in a column at x 270, or "Label: value". */
const pairs = (rows: [string, string][], top: number, inline: boolean): Placed[] =>
  rows.flatMap(([label, value], i): Placed[] =>
    inline
      ? [{ x: 50, y: top + i * 12, text: label ? `${label}: ${value}` : value }]
      : [...(label ? [{ x: 50, y: top + i * 12, text: `${label}:` }] : []), { x: 270, y: top + i * 12, text: value }],
  );

interface View {
  title: string;
  details: [string, string][];
  totals: [string, string][];
}

const seller: [string, string][] = [
  ['Name', 'Nordlicht Handel GmbH'],
  ['', 'Hafenstraße 12'],
  ['', '20095 Hamburg'],
];

/** The view's fields, from its pairs printed in columns and again inline: both give the same amounts. */
const extract = (view: View) => {
  const [columns, inline] = [false, true].map((inline) => {
    const placed: Placed[] = [
      { x: 50, y: 40, text: view.title },
      ...pairs(seller, 90, inline),
      ...pairs(view.details, 160, inline),
      ...pairs(view.totals, 300, inline),
    ];
    return extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;
  });
  expect(amounts(inline!)).toEqual(amounts(columns!));
  return columns!;
};

const amounts = (data: Record<string, unknown>) => ({
  subtotal: data.subtotal,
  tax_amount: data.tax_amount,
  total_amount: data.total_amount,
});

describe('e-invoice views: the totals under their business terms', () => {
  it('English (Peppol viewers): the net, the VAT total and the total with VAT, a paid amount before the amount due', () => {
    const data = extract({
      title: 'Invoice',
      details: [
        ['Invoice number', 'INV-2024-0042'],
        ['Invoice issue date', '08.03.2024'],
        ['Buyer reference', '04011000-12345-34'],
      ],
      totals: [
        ['Sum of invoice line net amount', '1,000.00 EUR'],
        ['Invoice total amount without VAT', '1,000.00 EUR'],
        ['Invoice total VAT amount', '190.00 EUR'],
        ['Invoice total amount with VAT', '1,190.00 EUR'],
        ['Paid amount', '400.00 EUR'],
        ['Amount due for payment', '790.00 EUR'],
      ],
    });
    expect(amounts(data)).toEqual({ subtotal: 1000, tax_amount: 190, total_amount: 1190 });
    expect(data.invoice_number).toBe('INV-2024-0042');
  });

  it('German (the XRechnung visualisation)', () => {
    const data = extract({
      title: 'Rechnung',
      details: [
        ['Rechnungsnummer', 'RE-4711'],
        ['Rechnungsdatum', '08.03.2024'],
        ['Leitweg-ID', '04011000-12345-34'],
      ],
      totals: [
        ['Summe Nettobeträge', '1.000,00'],
        ['Gesamtbetrag ohne USt.', '1.000,00'],
        ['Gesamtbetrag der USt.', '190,00'],
        ['Gesamtbetrag einschl. USt.', '1.190,00'],
        ['Fälliger Betrag', '1.190,00'],
      ],
    });
    expect(amounts(data)).toEqual({ subtotal: 1000, tax_amount: 190, total_amount: 1190 });
  });

  it('French (Factur-X readers)', () => {
    const data = extract({
      title: 'Facture',
      details: [
        ['Numéro de facture', 'F-2024-118'],
        ["Date d'émission de la facture", '08/03/2024'],
      ],
      totals: [
        ['Somme des montants nets des lignes', '1 000,00 EUR'],
        ['Montant total hors TVA', '1 000,00 EUR'],
        ['Montant total de la TVA', '200,00 EUR'],
        ['Montant total TVA comprise', '1 200,00 EUR'],
        ['Montant payé', '300,00 EUR'],
        ['Montant à payer', '900,00 EUR'],
      ],
    });
    expect(amounts(data)).toEqual({ subtotal: 1000, tax_amount: 200, total_amount: 1200 });
  });

  it('Dutch, the amount excluding VAT never taken for the total', () => {
    const data = extract({
      title: 'Factuur',
      details: [
        ['Factuurnummer', '2024/118'],
        ['Factuurdatum', '08-03-2024'],
      ],
      totals: [
        ['Som van regelbedragen', '852,08'],
        ['Totaalbedrag exclusief btw', '852,08'],
        ['Totaal btw-bedrag', '59,65'],
        ['Totaalbedrag inclusief btw', '911,73'],
        ['Reeds betaald', '232,84'],
        ['Te betalen bedrag', '678,89'],
      ],
    });
    expect(amounts(data)).toEqual({ subtotal: 852.08, tax_amount: 59.65, total_amount: 911.73 });
  });

  it('Spanish', () => {
    const data = extract({
      title: 'Factura',
      details: [
        ['Número de factura', 'FAC-2024-0042'],
        ['Fecha de emisión', '08/03/2024'],
      ],
      totals: [
        ['Suma de importes netos de línea', '171,22'],
        ['Importe total sin IVA', '171,22'],
        ['Importe total del IVA', '35,96'],
        ['Importe total con IVA', '207,18'],
        ['Importe pagado', '89,29'],
        ['Importe a pagar', '117,89'],
      ],
    });
    expect(amounts(data)).toEqual({ subtotal: 171.22, tax_amount: 35.96, total_amount: 207.18 });
  });

  it('Italian, the total with VAT before a rounded amount to pay', () => {
    const data = extract({
      title: 'Fattura',
      details: [
        ['Numero fattura', 'FT-2024-118'],
        ['Data fattura', '08/03/2024'],
      ],
      totals: [
        ['Somma degli importi netti delle righe', '2.157,00'],
        ['Importo totale senza IVA', '2.157,00'],
        ['Importo totale IVA', '474,54'],
        ['Importo totale con IVA', '2.631,54'],
        ['Arrotondamento', '0,46'],
        ['Importo da pagare', '2.632,00'],
      ],
    });
    expect(amounts(data)).toEqual({ subtotal: 2157, tax_amount: 474.54, total_amount: 2631.54 });
  });

  it('German, the terms as the XRechnung visualisation words them in full, a charge between the sums', () => {
    const data = extract({
      title: 'Rechnung',
      details: [
        ['Rechnungsnummer', 'RE-4712'],
        ['Rechnungsdatum', '08.03.2024'],
      ],
      totals: [
        ['Summe der Nettobeträge aller Positionen', '1.000,00'],
        ['Summe der Nachlässe', '20,00'],
        ['Summe der Zuschläge', '30,00'],
        ['Gesamtbetrag ohne Umsatzsteuer', '1.010,00'],
        ['Summe Umsatzsteuer', '191,90'],
        ['Gesamtbetrag mit Umsatzsteuer', '1.201,90'],
        ['Gezahlter Betrag', '0,00'],
        ['Rundungsbetrag', '0,00'],
        ['Fälliger Zahlungsbetrag', '1.201,90'],
      ],
    });
    expect(amounts(data)).toEqual({ subtotal: 1010, tax_amount: 191.9, total_amount: 1201.9 });
  });
});
