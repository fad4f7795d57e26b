import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/** A purchase order's head: the buyer's block on the left, the order's number and date beside it. */
function order(numberLine: Placed[], language: { buyer: string; date: string }) {
  return doc([
    ...lines(40, 60, ['Nordwind Handel GmbH', 'Hafenstraße 12', '20457 Hamburg']),
    { x: 300, y: 160, text: 'PURCHASE ORDER' },
    { x: 40, y: 200, text: language.buyer },
    ...lines(40, 214, ['Atelier Lumen SARL', '12 rue des Lilas', '69002 Lyon']),
    ...numberLine,
    { x: 300, y: 214, text: `${language.date}  14/03/2025` },
    { x: 380, y: 420, text: 'Total' },
    { x: 480, y: 420, text: '120.00' },
  ]);
}

const poNumber = (document: ReturnType<typeof doc>) =>
  extractFields(document, [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' }).extracted_data
    .po_number;

describe('order numbers: a prefix joined to the digits is part of the number', () => {
  it('"PO-2024-001" keeps its "PO", which is no label when a hyphen joins it to digits', () => {
    const english = order([{ x: 300, y: 200, text: 'Order number  PO-2024-001' }], { buyer: 'Buyer', date: 'Date' });
    expect(poNumber(english)).toBe('PO-2024-001');
  });

  it('a slash joins as a hyphen does ("PO/2023/17" under a German label)', () => {
    const german = order([{ x: 300, y: 200, text: 'Bestellnummer  PO/2023/17' }], { buyer: 'Käufer', date: 'Datum' });
    expect(poNumber(german)).toBe('PO/2023/17');
  });

  it('"PO" set apart from its number is still the label ("PO 4471")', () => {
    const apart = order([{ x: 300, y: 200, text: 'PO  4471' }], { buyer: 'Buyer', date: 'Date' });
    expect(poNumber(apart)).toBe('4471');
  });
});

describe('order numbers: "N°" and "N.º" before the word for order, French and Spanish', () => {
  it('"N° de commande" labels the number beside it', () => {
    const french = order([{ x: 300, y: 200, text: 'N° de commande : OC94341' }], {
      buyer: 'Acheteur',
      date: 'Date de commande',
    });
    expect(poNumber(french)).toBe('OC94341');
  });

  it('"N.º de pedido:" labels the number beside it', () => {
    const spanish = order([{ x: 300, y: 200, text: 'N.º de pedido: 2022/60525' }], {
      buyer: 'Comprador',
      date: 'Fecha del pedido',
    });
    expect(poNumber(spanish)).toBe('2022/60525');
  });
});

describe('payment methods are returned as printed', () => {
  const receipt = (method: string) =>
    doc([
      ...lines(40, 40, ['Boulangerie des Halles', '3 place du Marché', '75001 Paris']),
      { x: 40, y: 100, text: 'Ticket 4411   12/03/2025' },
      { x: 40, y: 130, text: 'Baguette' },
      { x: 200, y: 130, text: '1,20' },
      { x: 40, y: 160, text: 'TOTAL' },
      { x: 200, y: 160, text: '1,20' },
      { x: 40, y: 180, text: `Payé en ${method}` },
    ]);
  const methodOf = (method: string) =>
    extractFields(receipt(method), [...RECOMMENDED_FIELDS.receipt], { documentType: 'receipt' }).extracted_data
      .payment_method;

  it('with their accents ("Espèces", "Chèque"), not folded', () => {
    expect(methodOf('Espèces')).toBe('Espèces');
    expect(methodOf('Chèque')).toBe('Chèque');
  });

  it('with their case and hyphen ("EC-Karte")', () => {
    expect(methodOf('EC-Karte')).toBe('EC-Karte');
  });
});
