import { describe, expect, it } from 'vitest';
import { classifyDocument } from '@intake/core';
import { doc, lines, page } from './synthetic.js';

/** A till slip's lines on an A4 page (as a scan or a shop's PDF places them): no narrow shape to go by. */
const slip = (words: string[]) => classifyDocument(doc(lines(200, 60, [...words, 'TOTAL 12,40'])));

describe('classifyDocument: receipts in their own languages', () => {
  it('reads till slips in French, Spanish, Italian, Dutch, Portuguese, Polish and German as receipts', () => {
    const slips: [string, string[]][] = [
      ['fr', ['Boulangerie Martin', 'Ticket 4711', 'Baguette 1,10', 'Espèces 20,00', 'Rendu monnaie 7,60']],
      ['es', ['Ferretería El Clavo', 'Bridas 2,40', 'Efectivo 20,00', 'Cambio 7,60', 'Gracias por su visita']],
      ['it', ['Panificio Rossi', 'DOCUMENTO COMMERCIALE', 'Pane 1,10', 'Contanti 20,00', 'Resto 7,60']],
      ['nl', ['Bakkerij de Vries', 'Bonnr. 710090', 'Kassière Femke', 'Contant 20,00', 'Terug 7,60']],
      ['pt', ['Pastelaria Avenida', 'Talão 4711', 'Pão 1,10', 'Numerário 20,00', 'Troco 7,60']],
      ['pl', ['Piekarnia Kowalski', 'PARAGON FISKALNY', 'Chleb 1,10', 'Gotówka 20,00', 'Reszta 7,60']],
      ['de', ['Bäckerei Schmitt', 'Beleg-Nr. 518828', 'Kasse: 3', 'Rückgeld 7,60', 'Auf Wiedersehen']],
    ];
    for (const [language, words] of slips) {
      const result = slip(words);
      expect(result.documentType, `${language}: ${result.reasoning}`).toBe('receipt');
    }
  });

  it('reads a simplified invoice from a till as a receipt, and a full invoice with its number as an invoice', () => {
    for (const title of ['FACTURA SIMPLIFICADA T-4711', 'Fatura simplificada FS 1/4711', 'Facture simplifiée 4711']) {
      const result = slip([title, 'Baguette 1,10', 'TVA 10% 0,10']);
      expect(result.documentType, `${title}: ${result.reasoning}`).toBe('receipt');
      expect(result.keyIndicators, title).not.toContain('factura');
    }
    for (const title of ['FACTURA F-4711', 'FATURA FT 1/4711', 'FACTURE 4711']) {
      expect(slip([title, 'IVA 21% 2,15']).documentType, title).toBe('invoice');
    }
  });

  it('leaves an Italian invoice paid by "ricevuta bancaria" an invoice: its "ricevuta" is no receipt', () => {
    const result = classifyDocument(doc(lines(40, 60, ['Pagamento: Ricevuta bancaria 30 gg', 'Totale 100,00'])));
    expect(result.documentType, result.reasoning).toBe('invoice');
    expect(result.reasoning).not.toContain('receipt');
  });

  it('reads a slip printed to a narrow PDF page as a receipt, whatever its words', () => {
    const placed = lines(10, 20, ['Corner Deli', 'Sandwich 4.50', 'Coffee 2.10', 'TOTAL 6.60']);
    expect(classifyDocument(doc([page(placed, { width: 226, height: 595 })])).documentType).toBe('receipt');
    // A photo's proportions are the camera's: a tall photo of the same words says nothing.
    expect(classifyDocument(doc([page(placed, { width: 226, height: 595, source: 'ocr' })])).documentType).toBe(
      'invoice',
    );
  });

  it('reads Polish words with ł as folded text keeps them', () => {
    const polish = classifyDocument(doc(lines(40, 60, ['Termin płatności 14 dni', 'Do zapłaty 100,00'])));
    expect(polish.keyIndicators).toEqual(expect.arrayContaining(['termin płatnosci', 'do zapłaty']));
  });
});
