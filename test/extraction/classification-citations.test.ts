import { describe, expect, it } from 'vitest';
import { classifyDocument } from '@intake/core';
import { doc, lines } from './synthetic.js';

describe("classifyDocument: an order cited as the reader's", () => {
  it('keeps an invoice that cites the buyer\'s order ("Your purchase order", "Ihre Bestellung") an invoice', () => {
    const invoices: [string, string[]][] = [
      ['en', ['INVOICE', 'Your purchase order PO-4711', 'Your purchase order dated 03/02/2024']],
      ['de', ['RECHNUNG', 'Ihre Bestellung 4711', 'Ihre Bestellnummer 4711', 'Ihre Bestellung vom 03.02.2024']],
      ['es', ['FACTURA', 'Su pedido 4711', 'Su orden de compra 4711', 'Su pedido del 03/02/2024']],
      ['pt', ['FATURA', 'Vossa nota de encomenda 4711', 'Sua encomenda de 03/02/2024']],
      ['nl', ['FACTUUR', 'Uw inkooporder 4711', 'Uw bestelling van 03-02-2024']],
    ];
    for (const [language, words] of invoices) {
      const result = classifyDocument(doc(lines(40, 60, [...words, 'Total 100,00'])));
      expect(result.documentType, `${language}: ${result.reasoning}`).toBe('invoice');
    }
  });

  it("still reads the buyer's own order as an order", () => {
    for (const words of [
      ['PURCHASE ORDER', 'Our purchase order 4711', 'Please quote it on your invoice'],
      ['BESTELLUNG', 'Bestellnummer 4711', 'Rechnungsadresse: Buchhaltung'],
      ['ORDEN DE COMPRA', 'Pedido 4711', 'Envíen su factura a facturas@example.com'],
    ]) {
      const result = classifyDocument(doc(lines(40, 60, [...words, 'Total 100,00'])));
      expect(result.documentType, `${words[0]}: ${result.reasoning}`).toBe('purchase_order');
    }
  });
});

describe('classifyDocument: order titles of ERP programs and of confirmations', () => {
  it("reads a seller's order confirmation as an order, and an invoice that cites one as an invoice", () => {
    for (const title of ['ORDER CONFIRMATION', 'Auftragsbestätigung', 'Confirmation de commande', 'Orderbevestiging']) {
      const result = classifyDocument(
        doc(lines(40, 60, [title, 'No. 4711', 'Thank you for your order', 'Total 9,00'])),
      );
      expect(result.documentType, `${title}: ${result.reasoning}`).toBe('purchase_order');
    }
    const words = ['RECHNUNG', 'Rechnungsnummer 2024-17', 'Gemäß unserer Auftragsbestätigung AB-4711', 'Total 9,00'];
    expect(classifyDocument(doc(lines(40, 60, words))).documentType).toBe('invoice');
  });

  it('reads "Commande achat", "Commande fournisseur" and "Ordine fornitore" as order titles', () => {
    for (const title of ['Commande achat', 'Commande fournisseur', 'Ordine fornitore']) {
      const words = [title, 'N° 4711', 'Envoyez la facture à compta@example.com', 'TVA 20 %', 'Total 9,00'];
      const result = classifyDocument(doc(lines(40, 60, words)));
      expect(result.documentType, `${title}: ${result.reasoning}`).toBe('purchase_order');
    }
  });
});

describe("classifyDocument: the largest print as the document's title", () => {
  it('reads an order that tells where to send invoices by its title in large print', () => {
    const body = lines(40, 120, [
      'Intestare fattura a: Amministrazione',
      'Riportare il numero d ordine in fattura',
      'Totale 100,00',
    ]);
    const titled = classifyDocument(doc([{ x: 300, y: 40, text: 'ORDINE FORNITORE', height: 24 }, ...body]));
    expect(titled.documentType, titled.reasoning).toBe('purchase_order');
    // The same words in the body's print are no title: the invoice words outweigh them.
    const plain = classifyDocument(doc([{ x: 300, y: 40, text: 'ORDINE FORNITORE' }, ...body]));
    expect(plain.documentType, plain.reasoning).toBe('invoice');
  });
});
