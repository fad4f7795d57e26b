import { describe, expect, it } from 'vitest';
import { classifyDocument } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * A page that looks like an invoice: the title in large print, a number, a date, the payment
 * words an invoice prints and a total; `cited` adds a line that cites an invoice (as a payment
 * reminder cites the invoice it is about).
 */
function page(title: string, number: string, cited: string[] = []): Placed[] {
  return [
    { x: 40, y: 40, text: 'Nordlicht Handels GmbH' },
    { x: 400, y: 40, text: 'Hafenstraße 12, Kiel' },
    { x: 40, y: 90, text: title, height: 18 },
    ...lines(40, 120, [number, 'Date 03.02.2024', ...cited, 'Customer: Acme Ltd']),
    ...lines(40, 400, ['IBAN DE02 1203 0000 0000 2020 51', 'VAT 19,00', 'Total 119,00']),
  ];
}

const classify = (title: string, number: string, cited: string[] = []) =>
  classifyDocument(doc(page(title, number, cited)));

describe('classifyDocument: documents that look like invoices and are none', () => {
  const others: [string, string, string, string[]][] = [
    ['quote', 'QUOTATION', 'Quote No. Q-2024-17', []],
    ['quote', 'ANGEBOT', 'Angebotsnr. 2024-17', []],
    ['quote', 'DEVIS', 'Devis n° D-2024-17', []],
    ['quote', 'PRESUPUESTO', 'Nº presupuesto 2024-17', []],
    ['quote', 'Preventivo n. 17/2024', 'Data 03/02/2024', []],
    ['quote', 'OFFERTE', 'Offertenummer 2024-17', []],
    ['quote', 'ORÇAMENTO', 'Orçamento n.º 17', []],
    ['quote', 'OFERTA', 'Nr oferty 17/2024', []],
    ['delivery note', 'DELIVERY NOTE', 'Delivery Note No. 4711', []],
    ['delivery note', 'Lieferschein Nr. 4711', 'Kunde 1001', []],
    ['delivery note', 'BON DE LIVRAISON', 'BL n° 4711', []],
    ['delivery note', 'ALBARÁN', 'Albarán nº 4711', []],
    ['delivery note', 'DDT', 'DDT n. 4711', []],
    ['delivery note', 'PAKBON', 'Pakbonnummer 4711', []],
    ['payment reminder', 'PAYMENT REMINDER', 'Reminder No. 2', ['Invoice 2024-17 of 03.01.2024 is overdue']],
    ['payment reminder', '2. MAHNUNG', 'Mahnung Nr. 2', ['Rechnung Nr. 2024-17 vom 03.01.2024']],
    ['payment reminder', 'RELANCE DE PAIEMENT', 'Relance n° 2', ['Facture n° 2024-17 du 03/01/2024']],
    ['payment reminder', 'SOLLECITO DI PAGAMENTO', 'Sollecito n. 2', ['Fattura n. 2024-17 del 03/01/2024']],
    ['payment reminder', 'AANMANING', 'Aanmaning 2', ['Factuur 2024-17 van 03-01-2024']],
    ['payment reminder', 'WEZWANIE DO ZAPŁATY', 'Nr 2/2024', ['Faktura 2024-17 z dnia 03.01.2024']],
    ['statement of account', 'STATEMENT OF ACCOUNT', 'Statement No. 12', ['Invoice 2024-17 119,00']],
    ['statement of account', 'KONTOAUSZUG', 'Auszug Nr. 12', ['Rechnung 2024-17 119,00']],
    ['statement of account', 'RELEVÉ DE COMPTE', 'Relevé n° 12', ['Facture 2024-17 119,00']],
    ['statement of account', 'ESTRATTO CONTO', 'Estratto n. 12', ['Fattura 2024-17 119,00']],
    ['statement of account', 'ESTADO DE CUENTA', 'Nº 12', ['Factura 2024-17 119,00']],
  ];

  it('sends a quote, delivery note, reminder or statement to review and says what its title names', () => {
    for (const [kind, title, number, cited] of others) {
      const result = classify(title, number, cited);
      expect(result.confidence, `${title}: ${result.reasoning}`).toBeLessThan(0.7);
      expect(result.reasoning, title).toContain(`titled as a ${kind}`);
      expect(result.keyIndicators[0], title).toContain(`(${kind})`);
    }
  });

  it('keeps an invoice that names a delivery note, a quote or a reminder in its title an invoice', () => {
    const invoices: [string, string][] = [
      ['Rechnung / Lieferschein', 'Nr. 2024-17'],
      ['Lieferschein / Rechnung', 'Nr. 2024-17'],
      ['FACTURE - BON DE LIVRAISON', 'N° 2024-17'],
      ['Invoice and delivery note', 'No. 2024-17'],
      ['Fattura accompagnatoria DDT', 'N. 2024-17'],
    ];
    for (const [title, number] of invoices) {
      const result = classify(title, number);
      expect(result.documentType, `${title}: ${result.reasoning}`).toBe('invoice');
      expect(result.confidence, `${title}: ${result.reasoning}`).toBeGreaterThan(0.8);
      expect(result.reasoning, title).not.toContain('titled as');
    }
  });

  it("does not take a seller's name in large print for a title", () => {
    for (const name of ['Estimate Builders Ltd', 'Offerte Partners B.V.', 'Statement Print GmbH']) {
      const placed: Placed[] = [
        { x: 40, y: 40, text: name, height: 22 },
        { x: 400, y: 40, text: 'Hafenstraße 12, Kiel' },
        ...lines(40, 120, [
          'Invoice No. 2024-17',
          'Date 03.02.2024',
          'IBAN DE02 1203 0000 0000 2020 51',
          'Total 119,00',
        ]),
      ];
      const result = classifyDocument(doc(placed));
      expect(result.reasoning, name).not.toContain('titled as');
    }
  });

  it('keeps an invoice that cites its quote, delivery note or reminder below its title an invoice', () => {
    const cited: [string, string][] = [
      ['INVOICE', 'Our quotation Q-2024-17 of 01.02.2024'],
      ['RECHNUNG', 'Lieferschein Nr. 4711 vom 01.02.2024'],
      ['FACTURE', 'Bon de livraison n° 4711'],
      ['FACTUUR', 'Pakbon 4711'],
    ];
    for (const [title, line] of cited) {
      const result = classify(title, 'No. 2024-17', [line]);
      expect(result.documentType, `${title}: ${result.reasoning}`).toBe('invoice');
      expect(result.confidence, `${title}: ${result.reasoning}`).toBeGreaterThanOrEqual(0.9);
    }
  });
});
