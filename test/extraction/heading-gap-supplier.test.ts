import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * A purchase order with the buyer's letterhead at the top and a "Supplier" / "Ship to" heading row
 * over the two blocks. A word processor sizes the heading row to its tallest cell, so the supplier's
 * name stands some nine line heights under its heading with nothing printed between
 * (fields/labelled-names.ts): the heading still names the block under it.
 */

const supplierOf = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' }).extracted_data
    .supplier_name;

describe('a supplier heading over its block after a gap', () => {
  it.each([
    {
      buyer: ['Lumen Retail Pty Ltd', '18 Shop Street', 'Limerick V94 T9PX', 'Phone: +353 86 930 5163'],
      title: 'PURCHASE ORDER',
      headings: ['SUPPLIER', 'SHIP TO'],
      supplier: ['Hollis Graphic Design', 'Attn: Priya Shah', '5 Dame Street', 'Dublin 2, D02 X285'],
      total: 'TOTAL',
    },
    {
      buyer: ['Stadtwerke Nordheim GmbH', 'Bahnhofstraße 4', '74226 Nordheim', 'Telefon 07133 12345'],
      title: 'BESTELLUNG',
      headings: ['Lieferant', 'Lieferadresse'],
      supplier: ['Malerbetrieb Jonas Brandt', 'Hauptstraße 5', '53111 Bonn'],
      total: 'Gesamtbetrag',
    },
  ])('names the block under $headings.0', ({ buyer, title, headings, supplier, total }) => {
    const placed: Placed[] = [
      ...lines(90, 40, buyer),
      { x: 350, y: 40, text: title, height: 20 },
      { x: 350, y: 175, text: 'PO # PO2024-387' },
      { x: 92, y: 346, text: headings[0]! },
      { x: 388, y: 346, text: headings[1]! },
      // The tall heading row: the blocks start 90 points (nine line heights) under it.
      ...lines(92, 446, supplier),
      ...lines(388, 446, [buyer[0]!, buyer[1]!, buyer[2]!]),
      { x: 92, y: 520, text: 'Description' },
      { x: 440, y: 520, text: 'Amount' },
      { x: 92, y: 538, text: 'Printing, 500 flyers' },
      { x: 440, y: 538, text: '1,800.00' },
      { x: 370, y: 570, text: total },
      { x: 440, y: 570, text: '1,800.00' },
    ];
    expect(supplierOf(placed)).toBe(supplier[0]);
  });
});
