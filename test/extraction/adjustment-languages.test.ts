import { describe, expect, it } from 'vitest';
import { extractInvoice, lines } from './synthetic.js';

/**
 * A discount or a charge printed between the subtotal and the total (lexicons/adjustment-words.json)
 * makes them balance: the total is the amount after it, not the subtotal that an item table's own
 * "Total" column repeats.
 */

const invoice = (
  words: { net: string; adjustment: string; tax: string; total: string },
  amount: string,
  after: string,
) =>
  extractInvoice([
    ...lines(50, 40, ['Ferreira Comercial Lda.', 'Avenida da Boavista 83', '3000-150 Coimbra']),
    { x: 330, y: 100, text: 'Fatura n.º' },
    { x: 450, y: 100, text: 'FT 2020/161' },
    { x: 50, y: 200, text: 'Artigo' },
    { x: 250, y: 200, text: 'Quantidade' },
    { x: 470, y: 200, text: 'Total' },
    { x: 50, y: 216, text: 'Água mineral' },
    { x: 250, y: 216, text: '11' },
    { x: 470, y: 216, text: '33,11' },
    { x: 330, y: 250, text: words.net },
    { x: 470, y: 250, text: '33,11' },
    { x: 330, y: 264, text: words.adjustment },
    { x: 470, y: 264, text: amount },
    { x: 330, y: 278, text: words.tax },
    { x: 470, y: 278, text: '0,00' },
    { x: 330, y: 292, text: words.total },
    { x: 470, y: 292, text: after },
  ]);

describe('an adjustment between the subtotal and the total', () => {
  it.each([
    ['pt', { net: 'Subtotal', adjustment: 'Desconto', tax: 'IVA 0%', total: 'Total a pagar' }, '-1,66', '31,45'],
    ['pl', { net: 'Razem netto', adjustment: 'Rabat', tax: 'VAT 0%', total: 'Do zapłaty' }, '-1,66', '31,45'],
    ['pt', { net: 'Subtotal', adjustment: 'Portes', tax: 'IVA 0%', total: 'Total a pagar' }, '4,94', '38,05'],
    [
      'it',
      { net: 'Imponibile', adjustment: 'Spese di spedizione', tax: 'IVA 0%', total: 'Totale documento' },
      '4,94',
      '38,05',
    ],
  ])('in %s: %j', (_language, words, amount, after) => {
    expect(invoice(words, amount, after).total_amount).toBe(Number(after.replace(',', '.')));
  });
});
