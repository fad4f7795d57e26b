import { describe, expect, it } from 'vitest';
import { extractInvoice, lines, type Placed } from './synthetic.js';

/**
 * A credit note or a cancelling invoice: its own number and date in the details box, a sentence
 * citing the invoice it corrects with that invoice's number and date, and its figures under an
 * item table, printed negative or positive as the program prints them.
 */
function creditNote(o: { seller: string; details: [string, string][]; cites: string; table: Placed[] }): Placed[] {
  return [
    ...lines(380, 40, [o.seller, 'Industriestraße 14', '70565 Stuttgart']),
    ...lines(60, 130, ['Praxis Dr. Vogt', 'Am Markt 3', '04109 Leipzig']),
    ...o.details.flatMap(([label, value], i): Placed[] => [
      { x: 340, y: 130 + i * 14, text: label },
      { x: 450, y: 130 + i * 14, text: value },
    ]),
    { x: 60, y: 220, text: o.cites },
    ...o.table,
  ];
}

/** One row and the totals, each figure with the sign given. */
function figures(labels: [string, string, string], sign: '' | '-'): Placed[] {
  return [
    { x: 60, y: 260, text: 'Bezeichnung' },
    { x: 480, y: 260, text: 'Gesamt' },
    { x: 60, y: 276, text: 'Montage' },
    { x: 480, y: 276, text: `${sign}1.200,00 €` },
    { x: 340, y: 300, text: labels[0] },
    { x: 480, y: 300, text: `${sign}1.200,00 €` },
    { x: 340, y: 314, text: labels[1] },
    { x: 480, y: 314, text: `${sign}228,00 €` },
    { x: 340, y: 328, text: labels[2] },
    { x: 480, y: 328, text: `${sign}1.428,00 €` },
  ];
}

describe('credit notes: the page’s own number and date, not the cited invoice’s', () => {
  it('a German credit note citing "Bezug: Rechnung Nr. ... vom ..." keeps its own number and date', () => {
    const data = extractInvoice(
      creditNote({
        seller: 'Brandt Metallbau GmbH',
        details: [
          ['Gutschrift-Nr.', 'F20249159'],
          ['Datum', '14.04.2024'],
        ],
        cites: 'Bezug: Rechnung Nr. 2024-402 vom 21.03.2024',
        table: figures(['Nettobetrag', 'USt. 19%', 'Gutschriftsbetrag'], '-'),
      }),
    );
    expect(data.invoice_number).toBe('F20249159');
    expect(data.invoice_date).toBe('2024-04-14');
  });

  it('a French "avoir" citing "Se rapporte à la facture n° ... du ..." keeps its own', () => {
    const data = extractInvoice(
      creditNote({
        seller: 'Menuiserie Caron SARL',
        details: [
          ['Avoir n°', 'AV-2025-017'],
          ['Date', '28/07/2025'],
        ],
        cites: 'Se rapporte à la facture n° 2025-130 du 07/07/2025',
        table: figures(['Total HT', 'TVA 20%', 'Total TTC'], '-'),
      }),
    );
    expect(data.invoice_number).toBe('AV-2025-017');
    expect(data.invoice_date).toBe('2025-07-28');
  });

  it('an invoice naming its own number and date in a sentence still dates itself by it', () => {
    const data = extractInvoice(
      creditNote({
        seller: 'Brandt Metallbau GmbH',
        details: [['Kundennr.', '14674']],
        cites: 'Rechnung Nr. 2024-402 vom 21.03.2024',
        table: figures(['Nettobetrag', 'USt. 19%', 'Rechnungsbetrag'], ''),
      }),
    );
    expect(data.invoice_number).toBe('2024-402');
    expect(data.invoice_date).toBe('2024-03-21');
  });
});

describe('credit notes: figures with the sign the page prints', () => {
  it('figures printed negative are read negative, subtotal + tax = total', () => {
    const data = extractInvoice(
      creditNote({
        seller: 'Brandt Metallbau GmbH',
        details: [
          ['Gutschrift-Nr.', 'F20249159'],
          ['Datum', '14.04.2024'],
        ],
        cites: 'Bezug: Rechnung Nr. 2024-402 vom 21.03.2024',
        table: figures(['Nettobetrag', 'USt. 19%', 'Gutschriftsbetrag'], '-'),
      }),
    );
    expect([data.subtotal, data.tax_amount, data.total_amount]).toEqual([-1200, -228, -1428]);
  });

  it('a credit note printing its figures positive keeps them positive', () => {
    const data = extractInvoice(
      creditNote({
        seller: 'Brandt Metallbau GmbH',
        details: [
          ['Korrektur-Nr.', 'K-2024-88'],
          ['Datum', '14.04.2024'],
        ],
        cites: 'Bezug: Rechnung Nr. 2024-402 vom 21.03.2024',
        table: figures(['Nettobetrag', 'USt. 19%', 'Gutschriftsbetrag'], ''),
      }),
    );
    expect(data.invoice_number).toBe('K-2024-88');
    expect([data.subtotal, data.tax_amount, data.total_amount]).toEqual([1200, 228, 1428]);
  });
});
