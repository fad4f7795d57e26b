import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument } from '@intake/core';
import { addressRunsIntoContact } from '../../packages/core/src/extraction/confidence/evidence-caps.js';
import { keyShaped } from '../../packages/core/src/extraction/confidence/name-shape.js';
import type { Candidate } from '../../packages/core/src/extraction/fields/candidates.js';
import type { CandidateRanker } from '../../packages/core/src/extraction/ranking/ranker.js';
import { shippedRanker } from '../../packages/core/src/extraction/ranking/shipped.js';
import { cappedInvoice, doc, extractWithAndWithoutCaps, lines, page, type Placed } from './synthetic.js';

/**
 * Values the ranker is sure of whose printed context says they are something else (caps at 0.85,
 * see confidence/evidence-caps.ts): a document number that is one group of a telephone number or
 * a date, a total that a larger amount under it completes, a name cut short, shaped as a street or
 * a key, or split by OCR, and an address that runs into a web address. Each case is compared with
 * the same extraction without the caps, so that a test fails when the cap stops applying and when
 * it applies where it should not.
 */

const CEILING = 0.85;

const extract = extractWithAndWithoutCaps;

/** Placed lines read by OCR (words at 0.96) or from a text layer, as one page. */
function read(items: Placed[], source: 'ocr' | 'text_layer'): ReadDocument {
  return doc([
    page(
      items.map((item) => ({ ...item, confidence: source === 'ocr' ? 0.96 : 1 })),
      { source },
    ),
  ]);
}

/** The shipped ranker, but sure (0.97) of one vendor name, as weights trained on other documents may be. */
function sureOfName(name: string): CandidateRanker {
  const shipped = shippedRanker()!;
  return {
    rank: (ctx, role, candidates, type) =>
      shipped
        .rank(ctx, role, candidates, type)
        .map((c) => (role === 'vendor_name' && c.value === name ? { ...c, score: 0.97 } : c))
        .sort((a, b) => b.score - a.score),
  };
}

describe('evidence caps: a document number that is one piece of a longer printed run', () => {
  const numbered = (numberLine: string, dateLine = 'Invoice Date: 20.03.2024', extra: Placed[] = []) =>
    cappedInvoice(
      [
        { x: 340, y: 110, text: numberLine },
        { x: 340, y: 125, text: dateLine },
      ],
      extra,
      'ocr',
    );

  it('"415" of "+1 415 555 0192", the telephone on the row a turned photo paired with the label, keeps at most 0.85', () => {
    const { capped, free, values } = extract(numbered('Invoice # +1 415 555 0192', 'Invoice Date 15 May 2023'));
    expect(values.invoice_number).toBe('415');
    expect(free.invoice_number).toBeGreaterThan(CEILING);
    expect(capped.invoice_number).toBe(CEILING);
  });

  it('a piece of a date written out ("11 November 2020") under a number\'s label keeps at most 0.85, from a text layer too', () => {
    for (const source of ['ocr', 'text_layer'] as const) {
      const document = cappedInvoice(
        [
          { x: 340, y: 110, text: 'Rechnungsnummer 11 November 2020' },
          { x: 340, y: 125, text: 'Rechnungsdatum 25 November 2020' },
        ],
        [],
        source,
      );
      const { capped, free, values } = extract(document);
      // Both pieces fit as little as a numeric date (fields/typed-values.ts); the first one is taken.
      expect(['11', '2020'], source).toContain(values.invoice_number);
      expect(free.invoice_number, source).toBeGreaterThan(CEILING);
      expect(capped.invoice_number, source).toBe(CEILING);
    }
  });

  it('a number printed whole beside its label, with the telephone on a line of its own, keeps what the ranker gives', () => {
    const { capped, free, values } = extract(
      numbered('Invoice No.: 4711', 'Invoice Date: 20.03.2024', [{ x: 340, y: 95, text: 'Tel: +1 415 555 0192' }]),
    );
    expect(values.invoice_number).toBe('4711');
    expect(capped.invoice_number).toBe(free.invoice_number);
    expect(capped.invoice_number).toBeGreaterThan(CEILING);
  });
});

describe('evidence caps: a total that a larger amount under it completes', () => {
  /** An invoice whose two rows add up to 14,690.78; its foot prints `foot` under the amount column. */
  function invoice(foot: [string, string][], labelled: boolean, source: 'ocr' | 'text_layer' = 'text_layer') {
    return read(
      [
        ...lines(50, 40, ['Invoice', 'Invoice # FAC76-40626', 'Date 10 August 2022']),
        { x: 50, y: 120, text: 'Atlas Logistics Limited' },
        { x: 50, y: 271, text: 'Item' },
        { x: 250, y: 271, text: 'Quantity' },
        { x: 400, y: 271, text: 'Line Total' },
        { x: 50, y: 289, text: 'Notebook' },
        { x: 250, y: 289, text: '10' },
        { x: 400, y: 289, text: '$14,387.80' },
        { x: 50, y: 307, text: 'Consulting hours' },
        { x: 250, y: 307, text: '1' },
        { x: 400, y: 307, text: '$302.98' },
        ...foot.flatMap(([label, amount], i): Placed[] => [
          ...(labelled ? [{ x: 300, y: 341 + 16 * i, text: label }] : []),
          { x: 400, y: 341 + 16 * i, text: amount },
        ]),
        ...lines(400, 660, ['Supplier', 'Global Hardware', '152 High Street', 'Manchester M1 1AA']),
      ],
      source,
    );
  }
  // A tax at no usual rate (19.5%), printed nowhere: an unlabelled block at a usual rate is read by
  // its column's arithmetic instead (plausibility/complete-amounts.ts, column-totals.test.ts).
  const netTaxGross: [string, string][] = [
    ['Subtotal', '$14,690.78'],
    ['VAT', '$2,864.70'],
    ['Total', '$17,555.48'],
  ];

  it('the net sum under a "Line Total" column, with tax and the gross sum under it, keeps at most 0.85', () => {
    const { capped, free, values } = extract(invoice(netTaxGross, false));
    // The rows add up to it, which would lift a cap for want of a witness: not this one.
    expect(values.total_amount).toBe(14690.78);
    expect(free.total_amount).toBeGreaterThan(CEILING);
    expect(capped.total_amount).toBe(CEILING);
  });

  it('the gross sum under its label keeps what the ranker gives', () => {
    const { capped, free, values } = extract(invoice(netTaxGross, true));
    expect(values.total_amount).toBe(17555.48);
    expect(capped.total_amount).toBe(free.total_amount);
    expect(capped.total_amount).toBeGreaterThan(CEILING);
  });

  it("a receipt's total over the cash tendered and the change (total + change = tendered) keeps what the ranker gives", () => {
    const document = read(
      [
        { x: 200, y: 40, text: 'Seller: SUNRISE HARDWARE TRADING' },
        { x: 40, y: 110, text: 'Date: 23/04/2024' },
        { x: 40, y: 170, text: 'Hammer' },
        { x: 300, y: 170, text: '25.00' },
        ...lines(40, 200, ['TOTAL', 'CASH', 'CHANGE']),
        ...lines(300, 200, ['25.00', '30.00', '5.00']),
      ],
      'text_layer',
    );
    const { capped, free, values } = extract(document, 'receipt');
    expect(values.total_amount).toBe(25);
    expect(capped.total_amount).toBe(free.total_amount);
    expect(capped.total_amount).toBeGreaterThan(CEILING);
  });
});

describe('evidence caps: a company name cut short', () => {
  /** A purchase order under a logo word, "GRANITE", with `footer` at the foot of the page. */
  function order(footer: string, source: 'ocr' | 'text_layer') {
    return read(
      [
        { x: 391, y: 47, text: 'PURCHASE ORDER' },
        { x: 55, y: 60, text: 'GRANITE' },
        { x: 353, y: 115, text: 'Order No. PO-2025-85219' },
        { x: 54, y: 128, text: 'Deliver To' },
        { x: 353, y: 128, text: 'Date 04/11/2019' },
        ...lines(55, 153, ['Blue Foods Limited', '143 Market Road', 'Bristol BS1 5TR']),
        { x: 331, y: 281, text: 'Qty Unit Price Line Total' },
        { x: 58, y: 294, text: 'Printer paper A4 11 $2.98 $32.78' },
        { x: 58, y: 331, text: 'Shipping 3 $207.98 $623.94' },
        ...lines(424, 390, ['Net Amount $656.72', 'Tax $65.67', 'Total $722.39']),
        { x: 100, y: 822, text: footer },
      ],
      source,
    );
  }

  it('a logo word that the footer prints as the start of a longer name keeps at most 0.85', () => {
    // The name ranker held sure of the logo word, as weights trained on other documents may be: the
    // cap is what is tested, whatever the shipped weights make of this page.
    const sure = sureOfName('GRANITE');
    for (const source of ['ocr', 'text_layer'] as const) {
      const document = order('Granite Traders 138 Station Avenue Bristol BS1 5TR', source);
      const fields = [...RECOMMENDED_FIELDS.purchase_order];
      const options = { documentType: 'purchase_order', ranker: sure };
      const { confidence: capped, extracted_data: values } = extractFields(document, fields, options);
      const free = extractFields(document, fields, { ...options, evidenceCaps: false }).confidence;
      expect(values.supplier_name, source).toBe('GRANITE');
      expect(free.supplier_name, source).toBeGreaterThan(CEILING);
      expect(capped.supplier_name, source).toBe(CEILING);
    }
  });

  it('printed again as the same name (a footer line ending there) it keeps what the ranker gives', () => {
    // The ranker held sure of the logo word, as in the test above: what is tested is that no cap
    // takes it down, whatever the shipped weights make of this page.
    const sure = sureOfName('GRANITE');
    for (const footer of ['GRANITE 138 Station Avenue', 'Thank you for your business. Granite. Bristol']) {
      const document = order(footer, 'ocr');
      const fields = [...RECOMMENDED_FIELDS.purchase_order];
      const options = { documentType: 'purchase_order', ranker: sure };
      const { confidence: capped, extracted_data: values } = extractFields(document, fields, options);
      const free = extractFields(document, fields, { ...options, evidenceCaps: false }).confidence;
      expect(values.supplier_name, footer).toBe('GRANITE');
      expect(capped.supplier_name, footer).toBe(free.supplier_name);
      expect(capped.supplier_name, footer).toBeGreaterThan(CEILING);
    }
  });
});

describe("evidence caps: a name shaped as another line of the party's block", () => {
  /** A French order: the supplier at the top right, the buyer's block under "Acheteur". */
  function frenchOrder(buyerLines: string[]) {
    return read(
      [
        ...lines(408, 71, ['Provence Logistique', 'avenue Victor Hugo 211', '33000 Bordeaux']),
        { x: 50, y: 142, text: 'Bon de commande' },
        ...lines(50, 181, ['Acheteur', ...buyerLines]),
        ...lines(320, 181, ['Commande n°: 2022/74060', 'Date: 2022-12-15']),
        { x: 41, y: 305, text: 'Quantité Description Prix unitaire Montant' },
        { x: 79, y: 323, text: '3 Eau minérale €65,96 €197,88' },
        ...lines(50, 425, ['Total HT €197,88', 'TVA 5% €9,89', 'TOTAL €207,77']),
      ],
      'text_layer',
    );
  }

  it('a street ("boulevard Voltaire 45", "45 boulevard Voltaire") taken as the buyer keeps at most 0.85', () => {
    for (const street of ['boulevard Voltaire 45', '45 boulevard Voltaire']) {
      const { capped, free, values } = extract(frenchOrder([street, '33000 Bordeaux']), 'purchase_order');
      expect(values.buyer_name, street).toBe(street);
      expect(free.buyer_name, street).toBeGreaterThan(CEILING);
      expect(capped.buyer_name, street).toBe(CEILING);
    }
  });

  /** A Dutch order: the buyer's block under "Afleveradres", the labelled values at the right. */
  function dutchOrder(telephone: Placed[]) {
    return read(
      [
        { x: 426, y: 41, text: 'Inkooporder' },
        { x: 50, y: 111, text: 'Afleveradres' },
        ...telephone,
        ...lines(50, 123, ['Mevr. Sanne Jansen', 'Tulp Handel N.V.', 'Molenweg 192', '1012 AB Amsterdam']),
        ...lines(340, 123, ['Ordernummer', 'Besteldatum']),
        ...lines(496, 123, ['2025/93677', '2023-11-12']),
        { x: 400, y: 377, text: 'TOTAAL' },
        { x: 479, y: 377, text: '805,64 EUR' },
        { x: 161, y: 791, text: 'Bakker Logistiek B.V. · Dorpsstraat 83 · 3511 BK Utrecht' },
      ],
      'text_layer',
    );
  }

  it('a key ("Telefoon:" on the heading\'s line, its number beside it) is not taken as the buyer; a key-shaped name is capped', () => {
    // The party rules no longer take the key: the end-to-end case shows the company.
    const { values } = extract(
      dutchOrder([
        { x: 340, y: 111, text: 'Telefoon:' },
        { x: 474, y: 111, text: '+31 20 123 4567' },
      ]),
      'purchase_order',
    );
    expect(values.buyer_name).toBe('Tulp Handel N.V.');
    // Should a layout still give one, the cap's predicate takes it out of the top bin.
    const candidate = (value: string, text: string) =>
      ({ value, score: 0.95, source: 'layout', line: { text, ocr: false } }) as unknown as Candidate;
    expect(keyShaped(candidate('Telefoon', 'Telefoon: +31 20 123 4567'))).toBe(true);
    expect(keyShaped(candidate('Contact:', 'Contact:'))).toBe(true);
    expect(keyShaped(candidate('Tulp Handel N.V.', 'Tulp Handel N.V.'))).toBe(false);
    expect(keyShaped(candidate('Tulp Handel N.V.', 'Tulp Handel N.V. Ordernummer 2025/93677'))).toBe(false);
  });

  it('the company under the heading keeps what the ranker gives', () => {
    const { capped, free, values } = extract(dutchOrder([]), 'purchase_order');
    expect(values.buyer_name).toBe('Tulp Handel N.V.');
    expect(capped.buyer_name).toBe(free.buyer_name);
    expect(capped.buyer_name).toBeGreaterThan(CEILING);
  });

  /** An invoice whose seller block, read by OCR, starts with `name`. */
  function invoice(name: string) {
    return read(
      [
        ...lines(398, 138, ['Seller', name, '70 Station Avenue', 'Austin, TX 78701']),
        ...lines(550, 312, ['Invoice No. F51984', 'Invoice Date 2019-01-13']),
        ...lines(96, 330, ['Invoice To', 'Global Systems Limited', '87 High Street', 'Leeds LS1 4DY']),
        { x: 400, y: 500, text: 'Total 12.00' },
      ],
      'ocr',
    );
  }

  it('a name with a word OCR split ("G lobal Consulting Ltd") keeps at most 0.85', () => {
    const { capped, free, values } = extract(invoice('G lobal Consulting Ltd'));
    expect(values.vendor_name).toBe('G lobal Consulting Ltd');
    expect(free.vendor_name).toBeGreaterThan(CEILING);
    expect(capped.vendor_name).toBe(CEILING);
  });

  it('whole words, or a short particle in lower case ("De la Rue Ltd"), keep what the ranker gives', () => {
    for (const name of ['Global Consulting Ltd', 'De la Rue Ltd']) {
      const { capped, free, values } = extract(invoice(name));
      expect(values.vendor_name, name).toBe(name);
      expect(capped.vendor_name, name).toBe(free.vendor_name);
      expect(capped.vendor_name, name).toBeGreaterThan(CEILING);
    }
  });
});

describe('evidence caps: an address that runs into a web or e-mail address', () => {
  /** A German invoice whose seller is only in the footer's legal line, ending in `contact`. */
  function invoice(contact: string[]) {
    return read(
      [
        { x: 50, y: 44, text: 'BERG Rechnung' },
        ...lines(50, 112, ['Kunde', 'Nordlicht Handel AG', 'Hauptstraße 130', '80331 München']),
        ...lines(300, 112, ['Rechnungs-Nr. FAC34-66083', 'Datum 2023-11-24']),
        { x: 50, y: 272, text: 'Artikel Menge Einzelpreis Betrag' },
        { x: 50, y: 290, text: 'Kopierpapier A4 1 0.32 CHF 0.32 CHF' },
        ...lines(400, 396, ['Nettobetrag 0.32 CHF', 'USt. 0.06 CHF', 'Rechnungsbetrag 0.38 CHF']),
        { x: 137, y: 791, text: ['Berg Technik GmbH', 'Industriestraße 127', '80331 München', ...contact].join(' · ') },
      ],
      'text_layer',
    );
  }

  it('a footer address stops before its web or e-mail address, and keeps what the ranker gives', () => {
    for (const contact of ['https://bergtechnik.de', 'info@bergtechnik.de', 'www.bergtechnik.de']) {
      const { capped, free, values } = extract(invoice([contact]));
      expect(values.vendor_address, contact).toBe('Industriestraße 127, 80331 München');
      expect(capped.vendor_address, contact).toBe(free.vendor_address);
    }
  });

  it("an address that still runs into one (the block's end not found) is what the cap takes out of the top bin", () => {
    for (const contact of ['www.bergtechnik.de', 'info@bergtechnik.de', 'https://bergtechnik.de'])
      expect(addressRunsIntoContact(`Industriestraße 127, 80331 München, ${contact}`), contact).toBe(true);
    expect(addressRunsIntoContact('Industriestraße 127, 80331 München')).toBe(false);
  });
});
