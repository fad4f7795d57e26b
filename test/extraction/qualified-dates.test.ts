import { describe, expect, it } from 'vitest';
import type { ReadDocument } from '@intake/core';
import { doc, extractWithAndWithoutCaps, lines, page, type Placed } from './synthetic.js';

/**
 * A generic date label ("Date", "Fecha", "le", "vom", "du") qualified by words no label list knows
 * dates something else (fields/candidates.ts, labels/qualified-labels.ts): "Date du devis", "Fecha
 * de oferta", "Quotation date", "Ihre Bestellung vom", "À payer avant le". Such a label gives way to
 * a bare "Date" on the same page, and a date it alone names keeps at most 0.85
 * (confidence/evidence-caps.ts). A date no label names with words before it ("Afgedrukt op
 * 17.6.18") keeps at most 0.85 as well.
 */

const CEILING = 0.85;

function read(items: Placed[], source: 'text_layer' | 'ocr' = 'text_layer'): ReadDocument {
  return doc([page(items, { source })]);
}

/** An order: the supplier's block at the left, the order's keys and values in two columns at the right. */
function order(keys: string[], values: string[]): ReadDocument {
  return read([
    ...lines(50, 40, ['Granite Logistics Ltd', '50 High Street', 'Leeds LS1 4DY']),
    { x: 380, y: 80, text: 'PURCHASE ORDER' },
    ...lines(330, 110, keys),
    ...lines(460, 110, values),
    { x: 50, y: 240, text: 'Description' },
    { x: 460, y: 240, text: 'Amount' },
    { x: 50, y: 258, text: 'Office chair' },
    { x: 460, y: 258, text: '120.00' },
    ...lines(330, 300, ['Subtotal', 'VAT', 'Total']),
    ...lines(460, 300, ['120.00', '24.00', '144.00']),
  ]);
}

/** An invoice: the seller at the top, the invoice's keys and values in two columns at the right. */
function invoice(title: string, keys: string[], values: string[], extra: Placed[] = []): ReadDocument {
  return read([
    ...lines(50, 40, ['Berg Logistik AG', 'Industriestraße 42', '10115 Berlin']),
    { x: 430, y: 40, text: title },
    ...lines(330, 110, keys),
    ...lines(460, 110, values),
    { x: 50, y: 240, text: 'Bezeichnung' },
    { x: 460, y: 240, text: 'Summe' },
    { x: 50, y: 258, text: 'Softwarelizenz' },
    { x: 460, y: 258, text: '100,00' },
    ...lines(330, 300, ['Summe netto', 'MwSt. 19 %', 'Endbetrag']),
    ...lines(460, 300, ['100,00', '19,00', '119,00']),
    ...extra,
  ]);
}

describe('a generic date label qualified by the words after it', () => {
  it('"Date du devis" above a bare "Date": the order date is the bare one', () => {
    const { values } = extractWithAndWithoutCaps(
      order(['No de commande', 'Date du devis', 'Date'], ['BC-2021-118', '20/03/2021', '05/04/2021']),
      'purchase_order',
    );
    expect(values.order_date).toBe('2021-04-05');
  });

  it('a date only "Fecha de registro" names keeps at most 0.85', () => {
    const { capped, free, values } = extractWithAndWithoutCaps(
      order(['N.º de pedido', 'Fecha de registro'], ['2022/61880', '13/11/2020']),
      'purchase_order',
    );
    expect(values.order_date).toBe('2020-11-13');
    expect(free.order_date).toBeGreaterThan(CEILING);
    expect(capped.order_date).toBe(CEILING);
  });

  it('a known label with its own joining words ("Date de commande") keeps what the ranker gives', () => {
    const { capped, free, values } = extractWithAndWithoutCaps(
      order(['No de commande', 'Date de commande'], ['BC-2021-118', '25/04/2021']),
      'purchase_order',
    );
    expect(values.order_date).toBe('2021-04-25');
    expect(capped.order_date).toBe(free.order_date);
    expect(capped.order_date).toBeGreaterThan(CEILING);
  });
});

describe('a generic date label qualified by the words before it', () => {
  it('"Quotation date" above a bare "Date": the order date is the bare one', () => {
    const { values } = extractWithAndWithoutCaps(
      order(['PO Number', 'Quotation date', 'Date'], ['BE-2019-43899', '22/04/2023', '06/05/2023']),
      'purchase_order',
    );
    expect(values.order_date).toBe('2023-05-06');
  });

  it('"Ihre Bestellung vom" under "Datum" on a "Rechnung": the invoice date is the one beside "Datum"', () => {
    const { values } = extractWithAndWithoutCaps(
      invoice(
        'Rechnung',
        ['Rechnungs-Nr.', 'Datum', 'Ihre Bestellung vom'],
        ['RE-2023-118', '19.01.2023', '09.01.2023'],
      ),
    );
    expect(values.invoice_date).toBe('2023-01-19');
  });

  it('"À payer avant le" under "Date": the invoice date is the one beside "Date"', () => {
    const document = read([
      ...lines(50, 40, ['Plomberie Roux SARL', 'rue de la République 10', '75011 Paris']),
      { x: 430, y: 40, text: 'FACTURE' },
      ...lines(330, 110, ['Numéro de facture', 'Date', 'À payer avant le']),
      ...lines(460, 110, ['FAC88-43469', '12/11/2023', '19/11/2023']),
      { x: 50, y: 240, text: 'Désignation' },
      { x: 460, y: 240, text: 'Montant' },
      { x: 50, y: 258, text: 'Chaise de bureau' },
      { x: 460, y: 258, text: '41,75' },
      ...lines(330, 300, ['Montant HT', 'TVA 20 %', 'Total TTC']),
      ...lines(460, 300, ['41,75', '8,35', '50,10']),
    ]);
    expect(extractWithAndWithoutCaps(document).values.invoice_date).toBe('2023-11-12');
  });

  it('"Rechnung vom" on a page titled "Rechnung" is the invoice\'s own date and keeps what the ranker gives', () => {
    const { capped, free, values } = extractWithAndWithoutCaps(
      invoice('Rechnung', ['Kunden-Nr.'], ['K-4471'], [{ x: 50, y: 110, text: 'Rechnung vom 19.01.2023' }]),
    );
    expect(values.invoice_date).toBe('2023-01-19');
    expect(capped.invoice_date).toBe(free.invoice_date);
  });
});

describe("an invoice's order date", () => {
  /** An invoice whose labels stand in a strip across the page, each value under its label. */
  function strip(title: string, keys: string[], values: string[]): ReadDocument {
    const step = 130;
    return read([
      ...lines(50, 40, ['Visser Voeding V.O.F.', 'Postbus 8834', '3011 AD Rotterdam']),
      { x: 430, y: 40, text: title },
      ...keys.map((text, i) => ({ x: 50 + i * step, y: 150, text })),
      ...values.map((text, i) => ({ x: 50 + i * step, y: 163, text })),
      { x: 50, y: 240, text: 'Artikel' },
      { x: 460, y: 240, text: 'Bedrag' },
      { x: 50, y: 258, text: 'Tonercartridge' },
      { x: 460, y: 258, text: '100,00' },
      ...lines(330, 300, ['Subtotaal', 'BTW 21%', 'Totaal']),
      ...lines(460, 300, ['100,00', '21,00', '121,00']),
    ]);
  }

  it('"Besteldatum" before "Datum" on a "Factuur": the invoice date is the bare one', () => {
    const document = strip(
      'Factuur',
      ['Factuur nr.', 'Besteldatum', 'Datum', 'Betalen voor'],
      ['2020/21457', '07.01.20', '24.01.20', '23.02.20'],
    );
    expect(extractWithAndWithoutCaps(document).values.invoice_date).toBe('2020-01-24');
  });

  it('"Fecha de pedido" before "Fecha" on a "Factura": the invoice date is the bare one', () => {
    const document = strip(
      'Factura',
      ['Número de factura', 'Fecha de pedido', 'Fecha'],
      ['RE73847', '24.2.21', '1.3.21'],
    );
    expect(extractWithAndWithoutCaps(document).values.invoice_date).toBe('2021-03-01');
  });

  it('"Datum" under a billing period on a "Rechnung": the invoice date is the labelled one', () => {
    const document = invoice(
      'Rechnung',
      ['Rechnungsnummer', 'Abrechnungszeitraum', 'Datum'],
      ['RE-2021-0117', '1.12.20 - 31.12.20', '5.1.21'],
    );
    expect(extractWithAndWithoutCaps(document).values.invoice_date).toBe('2021-01-05');
  });

  it('"Datum" after a billing period in a strip on a "Rechnung": the invoice date is the labelled one', () => {
    // The period's "12.20" is no time of day after its start: a date with a time is a receipt's.
    const document = strip(
      'Rechnung',
      ['Rechnungsnummer', 'Abrechnungszeitraum', 'Datum'],
      ['RE-2021-0117', '1.12.20 - 31.12.20', '5.1.21'],
    );
    expect(extractWithAndWithoutCaps(document).values.invoice_date).toBe('2021-01-05');
  });

  it('an invoice that prints only its order date takes it', () => {
    const document = strip('Invoice', ['Invoice No.', 'Order date'], ['INV-2024-0042', '08/03/2024']);
    expect(extractWithAndWithoutCaps(document).values.invoice_date).toBe('2024-03-08');
  });
});

describe('a date no label names, with words before it', () => {
  /** A scan whose own date OCR lost: only the footer's date is left. */
  function scan(footer: string): ReadDocument {
    return read(
      [
        ...lines(50, 40, ['Tulp Kantoorartikelen N.V.', 'Kerkstraat 207', '2511 CV Den Haag']),
        { x: 430, y: 60, text: 'Factuur' },
        ...lines(330, 110, ['Factuur nr.']),
        ...lines(460, 110, ['INV89-93701']),
        { x: 50, y: 240, text: 'Product' },
        { x: 460, y: 240, text: 'Bedrag' },
        { x: 50, y: 258, text: 'Mineraalwater' },
        { x: 460, y: 258, text: '100,00' },
        ...lines(330, 300, ['Subtotaal', 'BTW 21%', 'Totaal']),
        ...lines(460, 300, ['100,00', '21,00', '121,00']),
        { x: 200, y: 800, text: footer },
      ],
      'ocr',
    );
  }

  it('"Afgedrukt op 17.6.18" taken as the invoice date keeps at most 0.85', () => {
    const { capped, free, values } = extractWithAndWithoutCaps(scan('Afgedrukt op 17.6.18'));
    expect(values.invoice_date).toBe('2018-06-17');
    expect(free.invoice_date).toBeGreaterThan(CEILING);
    expect(capped.invoice_date).toBe(CEILING);
  });

  it('the same date printed alone, or with its time after it, keeps what the ranker gives', () => {
    for (const footer of ['17.6.18', 'Afgedrukt op 17.6.18 10:31']) {
      const { capped, free, values } = extractWithAndWithoutCaps(scan(footer));
      expect(values.invoice_date).toBe('2018-06-17');
      expect(capped.invoice_date).toBe(free.invoice_date);
    }
  });
});
