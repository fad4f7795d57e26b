import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * Order-number labels the development corpus seldom prints, as lexicon data
 * (lexicons/role-labels.json, `po_number`): "Ordernr.", "Inkoopordernr.", "Pedido n.º", "Número de
 * orden", and a title that carries the number after a short word ("Auftrag Nr. 4711", "Orden de
 * compra núm. 4711", "Inkooporder Nummer 4711").
 */

const order = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' }).extracted_data;

/** An order's parties, date, one row and its total; the number goes in by the test. */
const body: Placed[] = [
  ...lines(50, 110, ['Leverancier', 'Polder Logistiek B.V.', 'Stationsweg 12', '3011 AD Rotterdam']),
  { x: 340, y: 125, text: 'Datum' },
  { x: 470, y: 125, text: '2022-05-07' },
  { x: 50, y: 300, text: 'Omschrijving' },
  { x: 330, y: 300, text: 'Aantal' },
  { x: 440, y: 300, text: 'Bedrag' },
  { x: 50, y: 318, text: 'Papier A4' },
  { x: 330, y: 318, text: '7' },
  { x: 440, y: 318, text: '420.50' },
  { x: 380, y: 350, text: 'Totaal' },
  { x: 440, y: 350, text: '420.50' },
];

describe('order-number labels of the lexicon', () => {
  it.each([
    ['Ordernr.', 'PO91-81382'],
    ['Inkoopordernr.', 'OC-2019-80258'],
    ['Pedido n.º', 'BE-2020-70262'],
    ['Número de orden', '2025/76471'],
  ])('"%s" labels the order number', (label, number) => {
    const result = order([{ x: 340, y: 110, text: label }, { x: 470, y: 110, text: number }, ...body]);
    expect(result.po_number).toBe(number);
  });

  it.each([
    ['Auftrag Nummer BE32877', 'BE32877'],
    ['Auftrag Nr. BE32877', 'BE32877'],
    ['Orden de compra núm. 2019/6308', '2019/6308'],
    ['Pedido núm. 2025/31212', '2025/31212'],
  ])('the title "%s" carries the order number', (title, number) => {
    // The buyer's block first, the supplier's at the right, the dates in a strip: no other number label.
    const result = order([
      { x: 293, y: 41, text: title },
      ...lines(50, 111, ['Besteller', 'Rhein Logistik KG', 'Industriestraße 204', '80331 München']),
      ...lines(366, 191, ['Lieferant', 'Nordlicht Lebensmittel GmbH', 'Hauptstraße 60', '80331 München']),
      { x: 50, y: 311, text: 'Datum' },
      { x: 215, y: 311, text: 'Liefertermin' },
      { x: 50, y: 324, text: '18 September 2024' },
      { x: 215, y: 324, text: '18 Oktober 2024' },
      ...body.slice(6),
    ]);
    expect(result.po_number).toBe(number);
  });
});
