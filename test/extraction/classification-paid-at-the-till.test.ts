import { describe, expect, it } from 'vitest';
import { classifyDocument } from '@intake/core';
import { doc, lines } from './synthetic.js';

/** A bill's lines on an A4 page (a photo or a scan of it places them so): no narrow shape to go by. */
const bill = (words: string[]) => classifyDocument(doc(lines(200, 60, words)));

describe('classifyDocument: bills paid at the till that call themselves invoices', () => {
  it('reads restaurant and café bills titled as invoices, with the payment made, as receipts', () => {
    const bills: [string, string[]][] = [
      ['de', ['Café Rosengarten', 'Rechnung 4711', 'Tisch 5 Bedienung: Lea', 'SUMME 50,65', 'Bezahlt EC-Karte 50,65']],
      ['fr', ['Brasserie Le Bouchon', 'Facture 4711', 'Table 12 Serveur: Marc', 'TOTAL TTC 31,40', 'Espèces 40,00']],
      ['es', ['Taberna Los Arcos', 'Factura 4711', 'Mesa 3 Camarero: Luis', 'TOTAL 22,80', 'Efectivo 30,00']],
      ['pt', ['Tasca do Chico', 'Fatura 4711', 'Mesa 8 Empregado: Rui', 'TOTAL 18,20', 'Troco 1,80']],
    ];
    for (const [language, words] of bills) {
      const result = bill(words);
      expect(result.documentType, `${language}: ${result.reasoning}`).toBe('receipt');
    }
  });

  it('reads a pickup slip titled by its online order, paid before, as a receipt', () => {
    const result = bill([
      'Buchhandlung Lesezeichen',
      'Bestellung #48213',
      '1 Kalender 12,90',
      'SUMME 12,90',
      'Kundenbeleg',
    ]);
    expect(result.documentType, result.reasoning).toBe('receipt');
  });

  it('reads a payment confirmation that cites the online order it pays as a receipt', () => {
    const slips: [string, string[]][] = [
      ['fr', ['Justificatif de paiement', 'Commande n° 48213 du 02/05/2025', 'Numéro de commande 48213', 'Visa 12,90']],
      ['pt', ['Comprovativo de pagamento', 'Loja Online Lda', 'Ref. encomenda 48213', 'Visa 12,90']],
    ];
    for (const [language, words] of slips) {
      const result = bill(words);
      expect(result.documentType, `${language}: ${result.reasoning}`).toBe('receipt');
    }
  });

  it('keeps a short invoice that names its buyer and a due date, and an order with its supplier, as they are', () => {
    const invoice = bill([
      'Lena Hoffmann',
      'Rechnung 4711',
      'Rechnungsempfänger: Kanzlei Brandt',
      'Zahlbar bis 30.06.2025',
    ]);
    expect(invoice.documentType, invoice.reasoning).toBe('invoice');
    const thanked = bill([
      'Rechnung 4711',
      'Zahlbar innerhalb von 14 Tagen',
      'Vielen Dank für Ihren Besuch!',
      'Tisch 5',
    ]);
    expect(thanked.documentType, thanked.reasoning).toBe('invoice');
    const order = bill(['Müller GmbH', 'Bestellung 4711', 'Lieferant: Schneider KG', 'Liefertermin 12.07.2025']);
    expect(order.documentType, order.reasoning).toBe('purchase_order');
  });
});
