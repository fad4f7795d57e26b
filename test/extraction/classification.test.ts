import { describe, expect, it } from 'vitest';
import { classifyDocument } from '@intake/core';
import { fold } from '../../packages/core/src/extraction/layout/fold.js';
import { DOCUMENT_TYPES, INDICATORS } from '../../packages/core/src/classification/indicators.js';
import { doc, lines, page } from './synthetic.js';

describe('classifyDocument', () => {
  it('recognises an invoice in each of the five languages', () => {
    for (const title of ['INVOICE', 'RECHNUNG', 'FACTURE', 'FACTUUR', 'FACTURA']) {
      const result = classifyDocument(
        doc(lines(40, 60, [title, 'No. 2024-1', 'IBAN DE02 1203 0000 0000 2020 51', 'Total 100,00'])),
      );
      expect(result.documentType, title).toBe('invoice');
    }
  });

  it('recognises a purchase order and names its indicators', () => {
    const result = classifyDocument(
      doc(
        lines(40, 60, ['PURCHASE ORDER', 'PO Number: 4500012', 'Vendor: Acme', 'Ship To: Warehouse 3', 'Total 500.00']),
      ),
    );
    expect(result).toMatchObject({
      documentType: 'purchase_order',
      keyIndicators: expect.arrayContaining(['purchase order']),
    });
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(result.reasoning).toContain('purchase_order');
  });

  it('recognises a purchase order by its title and labels in German, Dutch, French and Spanish', () => {
    const orders: [string, string[]][] = [
      ['de', ['Auftrag', 'Besteller', 'Bestell-Nr. 4711', 'Bestelldatum 01.07.2022', 'Liefertermin 31.07.2022']],
      ['nl', ['Bestelling', 'Besteld door', 'Ordernummer OC90764', 'Orderdatum 26-03-2021', 'Totaal 800,95']],
      ['fr', ['Commande', 'Fournisseur', 'N° de commande 2024-17', 'Date de commande 03/02/2024', 'Total 80,00']],
      ['es', ['Pedido', 'Proveedor', 'Número de pedido 55', 'Fecha de pedido 03/02/2024', 'Total 80,00']],
    ];
    for (const [language, words] of orders) {
      const result = classifyDocument(doc(lines(40, 60, [...words, 'Acme GmbH', 'Total 100,00'])));
      expect(result.documentType, `${language}: ${result.reasoning}`).toBe('purchase_order');
    }
  });

  it('keeps a French invoice that refers to its order an invoice, also where OCR lost its title', () => {
    // "Commande" alone is no order's indicator: invoices cite the order they bill ("Votre commande
    // du", "Référence commande"), and a scan whose title OCR misread has little else to go by.
    const body = ['N° F-2024-88', 'Votre commande du 03/02/2024', 'Référence commande : 4711', 'TVA 20,00'];
    for (const title of ['FACTURE', 'FACTUHE']) {
      const result = classifyDocument(doc(lines(40, 60, [title, ...body, 'Total TTC 120,00'])));
      expect(result.documentType, `${title}: ${result.reasoning}`).toBe('invoice');
    }
  });

  it('keeps a French invoice that cites its order an invoice', () => {
    const result = classifyDocument(
      doc(lines(40, 60, ['FACTURE', 'Réf. commande : CO2402-0017', 'Date commande : 03/02/2024', 'Total TTC 120,00'])),
    );
    expect(result.documentType, result.reasoning).toBe('invoice');
  });

  it('keeps an invoice that names the order it bills an invoice', () => {
    for (const words of [
      [
        'RECHNUNG',
        'Rechnungsnummer 2024-1',
        'Auftrag 4711',
        'Bestelldatum 01.07.2022',
        'IBAN DE02 1203 0000 0000 2020 51',
      ],
      ['FACTUUR', 'Factuurnummer 17', 'Ordernummer OC90764', 'Orderdatum 26-03-2021', 'BTW 21%'],
      ['INVOICE', 'Invoice Date 2024-02-03', 'Order Date 2024-01-30', 'Due Date 2024-03-03', 'Bill To: Acme'],
    ]) {
      const result = classifyDocument(doc(lines(40, 60, words)));
      expect(result.documentType, result.reasoning).toBe('invoice');
    }
  });

  it('recognises orders and invoices in Italian, Polish and Portuguese', () => {
    const documents: [string, string[]][] = [
      ['purchase_order', ['Ordine', 'Numero ordine 4711', 'Data ordine 03/02/2024', 'Spedire a: Magazzino 3']],
      ['purchase_order', ['Zamówienie zakupu', 'Zamówienie nr OC83247', 'Zamawiający', 'Miejsce dostawy']],
      ['purchase_order', ['Nota de encomenda', 'Encomenda n.º 010476', 'Requisitante', 'Local de entrega']],
      [
        'invoice',
        ['FATTURA', 'Numero fattura 17', 'Data fattura 03/02/2024', 'Rif. ordine 4711', 'Scadenza 03/03/2024'],
      ],
      ['invoice', ['Faktura VAT', 'Nr faktury FV/17/2024', 'Numer zamówienia 4711', 'Termin płatności 14 dni']],
      ['invoice', ['FATURA', 'Número da fatura FT 2024/17', 'Encomenda n.º 4711', 'Data de vencimento 03/03/2024']],
    ];
    for (const [type, words] of documents) {
      const result = classifyDocument(doc(lines(40, 60, [...words, 'Total 100,00'])));
      expect(result.documentType, `${words[0]}: ${result.reasoning}`).toBe(type);
    }
  });

  it('leaves a scanned shop invoice whose title OCR lost an invoice, though it prints where to ship', () => {
    const placed = lines(100, 240, [
      'Venduto a:        Spedire a:',
      'Laura Becker      Laura Becker',
      'Metodo di pagamento:',
    ]);
    expect(classifyDocument(doc([page(placed, { source: 'ocr' })])).documentType).toBe('invoice');
  });

  it("takes a title OCR misread for the title it stands for, in each language's spelling", () => {
    const orders: [string, string[]][] = [
      ['en', ['PURCHASE 0RDER', 'Bill To: Acme Ltd', 'Ship To: Warehouse 3']],
      ['de', ['Bestellunq', 'Lieferant: Acme GmbH', 'USt-IdNr. DE123456789']],
      ['pl', ['Zam6wienie', 'Dostawca: Acme Sp. z o.o.', 'NIP 525-000-12-34', 'VAT 23%']],
      ['nl', ['lNKOOPORDER', 'Leverancier: Acme B.V.', 'BTW 21%']],
    ];
    for (const [language, words] of orders) {
      const placed = lines(40, 60, [...words, 'Total 100,00']);
      const scanned = classifyDocument(doc([page(placed, { source: 'ocr' })]));
      expect(scanned.documentType, `${language}: ${scanned.reasoning}`).toBe('purchase_order');
      // A text layer's words are as printed: there "0RDER" is no misreading, and nothing is assumed.
      expect(classifyDocument(doc(placed)).keyIndicators, language).not.toContain('purchase order');
    }
  });

  it('joins a title word that OCR split at a gap between its letters', () => {
    for (const [title, type] of [
      ['PU RCHASE ORDER', 'purchase_order'],
      ['NOTA D E ENCOME N D A', 'purchase_order'],
      ['RECH NUNG', 'invoice'],
    ] as const) {
      const placed = lines(40, 60, [title, 'Invoice to: Acme Ltd', 'Total 100,00']);
      const result = classifyDocument(doc([page(placed, { source: 'ocr' })]));
      expect(result.documentType, `${title}: ${result.reasoning}`).toBe(type);
    }
    // Two words that are indicator words each stay two: "Kassa Bon" is no "kassabon" made up.
    const scanned = classifyDocument(doc([page(lines(40, 60, ['Kassa Bon', 'Total 1,00']), { source: 'ocr' })]));
    expect(scanned.keyIndicators).not.toContain('kassabon');
  });

  it('keeps a scanned invoice that cites its order an invoice', () => {
    for (const words of [
      ['RECHNUNG', 'Bestellnummer 4711', 'Bestelldatum 01.07.2024', 'Rechnungsdatum 03.07.2024'],
      ['INVOICE', 'Order No. 4711', 'P0 Number 4711', 'Invoice Date 2024-07-03', 'Due Date 2024-08-02'],
    ]) {
      const placed = lines(40, 60, [...words, 'Total 100,00']);
      const result = classifyDocument(doc([page(placed, { source: 'ocr' })]));
      expect(result.documentType, result.reasoning).toBe('invoice');
    }
  });

  it('reads a letter-spaced title and one wrapped in a narrow box as one title', () => {
    const letterSpaced = [
      { x: 40, y: 50, text: 'Acme Ltd' },
      { x: 380, y: 50, text: 'P U R C H A S E  O R D E R', height: 20 },
      { x: 40, y: 90, text: 'GST No. 123456789' },
      { x: 40, y: 104, text: 'Qty 4 Total 100.00' },
    ];
    const wrapped = [
      { x: 40, y: 50, text: 'Acme Ltd' },
      { x: 420, y: 50, text: 'PURCHASE', height: 20 },
      { x: 40, y: 66, text: '1 Mill Lane' },
      { x: 432, y: 74, text: 'ORDER', height: 20 },
      { x: 40, y: 110, text: 'GST No. 123456789' },
      { x: 40, y: 124, text: 'Qty 4 Total 100.00' },
    ];
    for (const placed of [letterSpaced, wrapped]) {
      const result = classifyDocument(doc(placed));
      expect(result.documentType, result.reasoning).toBe('purchase_order');
    }
  });

  it("keeps an online shop's invoice, which prints its order's number and date under its title, an invoice", () => {
    for (const words of [
      ['Rechnung # 000062431', 'Bestellung # 2390', 'Bestelldatum: 04.07.2024'],
      ['Invoice # 000046073', 'Order # 54327', 'Order Date: Aug 17, 2024', 'Sold to:         Ship to:'],
      ['Factura # 000051822', 'Pedido # 4411', 'Fecha del pedido: 04/07/2024'],
    ]) {
      const result = classifyDocument(doc(lines(80, 130, [...words, 'Total 100,00'])));
      expect(result.documentType, result.reasoning).toBe('invoice');
    }
  });

  it('takes no label for a title: an invoice citing its order under an unlisted title stays an invoice', () => {
    const words = [
      'Handelsrechnung Nr. 471102',
      'Bestellung: 2018-471331',
      'Zahlbar innerhalb 30 Tagen',
      'IBAN DE02 1203 0000 0000 2020 51',
      'USt 19 %',
    ];
    const labelled = lines(80, 130, [...words, 'Total 100,00']);
    // The same label with its colon set apart in the value's column, or lost by OCR.
    const columned = (value: string) =>
      labelled.flatMap((item) =>
        item.text.startsWith('Bestellung')
          ? [
              { ...item, text: 'Bestellung' },
              { ...item, x: 260, text: value },
            ]
          : [item],
      );
    for (const placed of [labelled, columned(': 2018-471331'), columned('2018-471331')]) {
      const result = classifyDocument(doc(placed));
      expect(result.documentType, result.reasoning).toBe('invoice');
    }
  });

  it('keeps an order whose buyer prints "Invoice to" under its title an order', () => {
    const words = ['Purchase Order 4500012', 'Invoice to: Acme Ltd', 'Bill to: Acme Ltd', 'Net 30'];
    const result = classifyDocument(doc(lines(80, 130, [...words, 'Total 100.00'])));
    expect(result.documentType, result.reasoning).toBe('purchase_order');
  });

  it('holds its indicators as folded phrases, the way it compares them', () => {
    for (const type of DOCUMENT_TYPES)
      for (const { phrase, language } of INDICATORS[type]) expect(fold(phrase), `${type} ${language}`).toBe(phrase);
  });

  it('reads a till receipt titled "TAX INVOICE" as a receipt', () => {
    const receipt = page(
      lines(20, 40, [
        'KEDAI MAJU SDN BHD',
        'TAX INVOICE',
        'Cashier: Ali',
        'Milo 2 x 2.50 5.00',
        'TOTAL RM 5.00',
        'CASH 10.00',
        'CHANGE 5.00',
        'Thank you, please come again',
      ]),
      { width: 300, height: 900, source: 'ocr' },
    );
    expect(classifyDocument(doc([receipt])).documentType).toBe('receipt');
  });

  it('falls back to invoice with a low confidence when nothing points anywhere', () => {
    expect(classifyDocument(doc(lines(40, 60, ['hello world'])))).toMatchObject({
      documentType: 'invoice',
      confidence: 0.2,
      keyIndicators: [],
    });
  });

  it('takes hints as one more piece of evidence', () => {
    const vague = doc(lines(40, 60, ['Total 10.00']));
    expect(classifyDocument(vague, { text: 'Your receipt from the shop' }).documentType).toBe('receipt');
    expect(classifyDocument(vague, { expectedType: 'purchase_order' }).documentType).toBe('purchase_order');
  });
});
