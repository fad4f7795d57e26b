import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, page, type Placed } from './synthetic.js';

/**
 * Invoices of several pages as invoicing programs print them: every page in a frame of its own (a
 * running header with the seller, the invoice's number and the page's, a footer with the bank
 * details), the heading row printed again on each page, a page's subtotal under its rows. The
 * frame's lines are no rows of the item table, wherever the table runs past them.
 */

interface Words {
  heads: [string, string, string, string];
  header: (page: number, pages: number) => string;
  footer: (page: number, pages: number) => string;
  pageSum: string;
  total: string;
}

const WORDS: Record<string, Words> = {
  en: {
    heads: ['Description', 'Qty', 'Unit price', 'Amount'],
    header: (p, n) => `Harbour Office Supplies Ltd   Invoice 2024-00417   Page ${p} of ${n}`,
    footer: (p, n) => `Bank: IBAN GB29 NWBK 6016 1331 9268 19 · Company No. 0481 2277   Page ${p}/${n}`,
    pageSum: 'Page total',
    total: 'Total',
  },
  de: {
    heads: ['Bezeichnung', 'Menge', 'Einzelpreis', 'Gesamt'],
    header: (p, n) => `Schäfer Werkzeughandel GmbH   Rechnung 2024-00417   Seite ${p} von ${n}`,
    footer: (p, n) => `Bankverbindung: IBAN DE89 3704 0044 0532 0130 00 · HRB 812600   Seite ${p}/${n}`,
    pageSum: 'Seitensumme',
    total: 'Rechnungsbetrag',
  },
  it: {
    heads: ['Descrizione', 'Q.tà', 'Prezzo', 'Importo'],
    header: (p, n) => `Ferramenta Colombo S.r.l.   Fattura 2024-00417   Pagina ${p} di ${n}`,
    footer: (p, n) => `IBAN IT60 X054 2811 1010 0000 0123 456 · REA MI-188204   Pag. ${p}/${n}`,
    pageSum: 'Totale pagina',
    total: 'Totale fattura',
  },
  nl: {
    heads: ['Omschrijving', 'Aantal', 'Prijs', 'Bedrag'],
    header: (p, n) => `Technische Groothandel Meijer B.V.   Factuur 2024-00417   Blad ${p} van ${n}`,
    footer: (p, n) => `IBAN NL91 ABNA 0417 1643 00 · KvK 30124578   Blad ${p} van ${n}`,
    pageSum: 'Subtotaal blad',
    total: 'Totaal',
  },
};

/** A row of 2 x 25.00. */
function row(description: string, y: number): Placed[] {
  return [
    { x: 50, y, text: description },
    { x: 320, y, text: '2' },
    { x: 400, y, text: '25.00' },
    { x: 500, y, text: '50.00' },
  ];
}

function head(w: Words, y: number): Placed[] {
  return w.heads.map((text, i) => ({ x: [50, 320, 400, 500][i]!, y, text }));
}

const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`);

/** The rows from y down, 18 points apart. */
const rows = (descriptions: string[], y: number) => descriptions.flatMap((d, i) => row(d, y + i * 18));

const items = (document: ReturnType<typeof doc>) =>
  (
    extractFields(document, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data.line_items as {
      description: string;
    }[]
  ).map((i) => i.description);

describe('page frames: a table that runs over pages', () => {
  for (const [language, w] of Object.entries(WORDS)) {
    const first = names('Hex bolt', 30);
    const second = names('Cable tie', 5);
    // The first page is full: its footer stands right under the last row.
    const pages = [
      page([
        { x: 50, y: 40, text: w.header(1, 3) },
        ...head(w, 200),
        ...rows(first, 220),
        { x: 50, y: 770, text: w.footer(1, 3) },
      ]),
      page([{ x: 50, y: 40, text: w.header(2, 3) }, ...rows(second, 70), { x: 50, y: 770, text: w.footer(2, 3) }]),
      page([
        { x: 50, y: 40, text: w.header(3, 3) },
        { x: 380, y: 100, text: w.total },
        { x: 500, y: 100, text: '1750.00' },
        { x: 50, y: 770, text: w.footer(3, 3) },
      ]),
    ];

    it(`${language}: the running footer under a full page and the next page's header are no rows`, () => {
      expect(items(doc(pages))).toEqual([...first, ...second]);
    });
  }

  it('on a scan, footers that OCR read a little otherwise on each page are still the frame', () => {
    const w = WORDS.de!;
    const first = names('Hex bolt', 30);
    const footer = (sep: string, name: string, p: number) =>
      `${name} ${sep} Industriestraße 14 ${sep} IBAN DE89 3704 0044 0532 0130 00 ${sep} Seite ${p}/2`;
    const document = doc([
      page([...head(w, 200), ...rows(first, 220), { x: 50, y: 770, text: footer('·', 'Schäfer GmbH', 1) }], {
        source: 'ocr',
      }),
      page(
        [
          ...rows(names('Cable tie', 2), 60),
          { x: 380, y: 110, text: w.total },
          { x: 500, y: 110, text: '1600.00' },
          { x: 50, y: 770, text: footer('-', 'Schafer GmbH', 2) },
        ],
        { source: 'ocr' },
      ),
    ]);
    expect(items(document)).toEqual([...first, ...names('Cable tie', 2)]);
  });

  it('a table without its heading row on later pages runs on over every page it fills', () => {
    const w = WORDS.en!;
    const [first, second, third] = [names('Hex bolt', 30), names('Cable tie', 38), names('Wall plug', 3)];
    const document = doc([
      page([...head(w, 200), ...rows(first, 220)]),
      page(rows(second, 60)),
      page([...rows(third, 60), { x: 380, y: 130, text: w.total }, { x: 500, y: 130, text: '3550.00' }]),
    ]);
    expect(items(document)).toEqual([...first, ...second, ...third]);
  });

  it('a table that ends part-way down a later page does not run on to the next', () => {
    const w = WORDS.en!;
    const document = doc([
      page([...head(w, 200), ...rows(names('Hex bolt', 30), 220)]),
      page(rows(names('Cable tie', 3), 60)),
      page(rows(['Hourly rate, 2026 price list'], 60)),
    ]);
    expect(items(document)).toEqual([...names('Hex bolt', 30), ...names('Cable tie', 3)]);
  });

  it('a page that prints the heading row again takes the rows under it, not the line over it', () => {
    const w = WORDS.en!;
    // The header of the second page stands there only: nothing else repeats it.
    const document = doc([
      page([...head(w, 200), ...rows(names('Toner', 3), 220)]),
      page([
        { x: 50, y: 40, text: 'Invoice 2024-00417 dated 12/03/2024, continued   2' },
        ...head(w, 70),
        ...rows(names('Paper', 2), 90),
        { x: 380, y: 140, text: w.total },
        { x: 500, y: 140, text: '250.00' },
      ]),
    ]);
    expect(items(document)).toEqual([...names('Toner', 3), ...names('Paper', 2)]);
  });

  for (const [language, w] of Object.entries(WORDS)) {
    it(`${language}: "${w.pageSum}" under a page's rows is neither a row nor the total`, () => {
      const document = doc([
        page([
          ...head(w, 200),
          ...rows(names('Drill bit', 2), 220),
          { x: 50, y: 256, text: w.pageSum },
          { x: 500, y: 256, text: '100.00' },
        ]),
        page([
          ...rows(names('Wall plug', 2), 60),
          { x: 380, y: 110, text: w.total },
          { x: 500, y: 110, text: '200.00' },
        ]),
      ]);
      const fields = extractFields(document, [...RECOMMENDED_FIELDS.invoice], {
        documentType: 'invoice',
      }).extracted_data;
      expect((fields.line_items as { description: string }[]).map((i) => i.description)).toEqual([
        ...names('Drill bit', 2),
        ...names('Wall plug', 2),
      ]);
      expect(fields.total_amount).toBe(200);
    });
  }

  it('an item printed alike on two pages, mid-page, stays a row on each', () => {
    const w = WORDS.en!;
    const document = doc([
      page([...head(w, 380), ...rows(['Toner black'], 400)]),
      page([
        ...head(w, 380),
        ...rows(['Toner black'], 400),
        { x: 380, y: 440, text: w.total },
        { x: 500, y: 440, text: '100.00' },
      ]),
    ]);
    expect(items(document)).toEqual(['Toner black', 'Toner black']);
  });
});

/**
 * A word processor's page header over the letterhead: "Seller · Invoice 4711 · date" reads as a
 * one-line sender address, and the seller's name under it as the window's addressee. A sender
 * does not write to itself: the name is the seller's.
 */
describe('page frames: the running header over the letterhead', () => {
  const letter = (header: string, seller: string, heading: string, buyer: string): Placed[] => [
    { x: 50, y: 29, text: header, height: 7 },
    { x: 50, y: 48, text: seller, height: 14 },
    ...lines(50, 65, ['Industriestraße 14 · 70565 Stuttgart']),
    ...lines(50, 103, [heading, buyer, 'Gewerbering 22', '90451 Nürnberg']),
    ...head(WORDS.de!, 200),
    ...rows(['Toner'], 220),
    { x: 380, y: 250, text: WORDS.de!.total },
    { x: 500, y: 250, text: '50.00' },
  ];

  it.each([
    ['Bürobedarf Neumann GmbH · Rechnung 2025-06519 · 26.03.2025', 'Bürobedarf Neumann GmbH', 'Rechnungsempfänger'],
    ['Harbour Office Supplies Ltd · Invoice 2025-06519 · 26/03/2025', 'Harbour Office Supplies Ltd', 'Invoice to'],
    ['Utensileria Greco · Fattura 2025-06519 · 26/03/2025', 'Utensileria Greco', 'Spett.le'],
  ])('"%s" over the letterhead: the seller is "%s"', (header, seller, heading) => {
    const fields = extractFields(
      doc(letter(header, seller, heading, 'Klinikum Nordheide')),
      [...RECOMMENDED_FIELDS.invoice],
      {
        documentType: 'invoice',
      },
    ).extracted_data;
    expect(fields.vendor_name).toBe(seller);
  });
});
