import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * A postcode on the title's row (the seller's block right-aligned at the top, its city line beside
 * "BON DE COMMANDE") is an address's, never the document's number (`isAddressNumber` in
 * fields/address-numbers.ts).
 */

const order = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' }).extracted_data;

const sellerAtTopRight = (title: string, street: string, city: string): Placed[] => [
  { x: 400, y: 30, text: 'Martin Logistique SA' },
  { x: 400, y: 44, text: street },
  { x: 50, y: 58, text: title },
  { x: 400, y: 58, text: city },
];

describe('a postcode beside the title', () => {
  it.each([
    ['BON DE COMMANDE', 'rue du Commerce 205', '75011 Paris', 'N° de commande', 'BE91499'],
    ['Bestellung', 'Bahnhofstraße 8', '10115 Berlin', 'Auftragsnummer', '093061'],
    ['Orden de compra', 'Avenida de la Constitución 7', '28013 Madrid', 'N.º de pedido', 'PO90182'],
  ])('under "%s" the number is the labelled one, not the postcode', (title, street, city, label, number) => {
    const result = order([
      ...sellerAtTopRight(title, street, city),
      { x: 50, y: 120, text: 'Horizon Négoce' },
      { x: 50, y: 134, text: 'place de la Gare 15' },
      { x: 50, y: 148, text: '33000 Bordeaux' },
      { x: 300, y: 120, text: label },
      { x: 470, y: 120, text: number },
      { x: 300, y: 134, text: 'Date' },
      { x: 470, y: 134, text: '2022-05-07' },
      { x: 50, y: 300, text: 'Description' },
      { x: 330, y: 300, text: 'Qty' },
      { x: 440, y: 300, text: 'Amount' },
      { x: 50, y: 318, text: 'Papier A4' },
      { x: 330, y: 318, text: '7' },
      { x: 440, y: 318, text: '420.50' },
      { x: 380, y: 350, text: 'Total' },
      { x: 440, y: 350, text: '420.50' },
    ]);
    expect(result.po_number).toBe(number);
  });
});
