import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, extractInvoice, invoiceBody, lines, type Placed } from './synthetic.js';

/**
 * A sole trader's letterhead with its owner's line under the business's name ("Inh. Maria Schmidt
 * e.K.", "Eigenaar: Kees Mulder", "Proprietor: Sarah O'Neill"): the owner is a person, not the
 * seller, even with the legal form the register gives the owner, and no part of the address.
 */

/**
 * A letterhead at the top left, its name set large over small lines as letterheads print it, the
 * buyer's block under it, then the invoice's number, row and totals.
 */
const page = ([name, ...rest]: string[]): Placed[] => [
  { x: 50, y: 30, text: name!, height: 20 },
  ...rest.map((text, i) => ({ x: 50, y: 54 + i * 10, text, height: 8 })),
  ...lines(50, 130, ['Hotel Goldener Hirsch', 'Domplatz 9', '93047 Regensburg']),
  ...invoiceBody.map((p) => ({ ...p, y: p.y + 100 })),
];

describe("an owner's line under a sole trader's name", () => {
  it('names the owner with the legal form, not the seller (German)', () => {
    const fields = extractInvoice(
      page(['Blumenhaus Schmidt', 'Inh. Maria Schmidt e.K.', 'Marktplatz 3', '93047 Regensburg']),
    );
    expect(fields.vendor_name).toBe('Blumenhaus Schmidt');
    expect(fields.vendor_address).toBe('Marktplatz 3, 93047 Regensburg');
  });

  it.each([
    ['Italian', 'Fioreria Bianchi', 'Titolare Giulia Bianchi', 'Via Garibaldi 8', '37121 Verona'],
    ['Portuguese', 'Florista Costa', 'Proprietária Ana Costa', 'Rua do Carmo 12', '1200-093 Lisboa'],
    ['Polish', 'Kwiaciarnia Nowak', 'Właściciel Anna Nowak', 'ul. Długa 5', '00-238 Warszawa'],
  ])('names the owner, not the seller (%s)', (_, name, owner, street, town) => {
    const fields = extractInvoice(page([name, owner, street, town]));
    expect(fields.vendor_name).toBe(name);
    expect(fields.vendor_address).toBe(`${street}, ${town}`);
  });

  it('leaves the business above the owner, in a letterhead at the top right (Dutch)', () => {
    const fields = extractInvoice([
      { x: 325, y: 57, text: 'Schildersbedrijf Mulder', height: 21 },
      { x: 410, y: 78, text: 'Eigenaar: Kees Mulder', height: 9 },
      { x: 364, y: 88, text: 'Dorpsstraat 44, 3761 CK Soest', height: 9 },
      ...lines(57, 108, ['Familie Jansen', 'Eikenlaan 3', '3768 AB Soest']),
      { x: 57, y: 153, text: 'Factuur 2024-0058', height: 16 },
      ...lines(57, 180, ['Factuurdatum: 15-03-2024', 'Vervaldatum: 29-03-2024']),
      { x: 128, y: 225, text: 'Omschrijving' },
      { x: 285, y: 225, text: 'Aantal' },
      { x: 377, y: 225, text: 'Prijs' },
      { x: 470, y: 225, text: 'Bedrag' },
      { x: 63, y: 246, text: 'Schilderwerk woonkamer' },
      { x: 327, y: 246, text: '1' },
      { x: 384, y: 246, text: '€ 1.560,00' },
      { x: 476, y: 246, text: '€ 1.560,00' },
      { x: 421, y: 298, text: 'Subtotaal' },
      { x: 476, y: 298, text: '€ 1.560,00' },
      { x: 421, y: 320, text: 'BTW 21%' },
      { x: 482, y: 320, text: '€ 327,60' },
      { x: 421, y: 341, text: 'Totaal' },
      { x: 476, y: 341, text: '€ 1.887,60' },
      { x: 132, y: 429, text: 'Schildersbedrijf Mulder · Eenmanszaak · KvK 61234567', height: 8 },
    ]);
    expect(fields.vendor_name).toBe('Schildersbedrijf Mulder');
    expect(fields.vendor_address).toBe('Dorpsstraat 44, 3761 CK Soest');
  });

  it('leaves the business above the owner, beside the title (English)', () => {
    const fields = extractInvoice([
      { x: 57, y: 57, text: 'Harbour View Café', height: 23 },
      { x: 458, y: 57, text: 'INVOICE', height: 23 },
      { x: 57, y: 76, text: "Proprietor: Sarah O'Neill", height: 10 },
      { x: 492, y: 76, text: 'No. 0417', height: 10 },
      { x: 57, y: 88, text: '3 Quay Street, Galway H91 X2Y4', height: 10 },
      { x: 450, y: 88, text: 'Date: 12/03/2024', height: 10 },
      ...lines(57, 110, ['To:', 'Galway Arts Festival CLG', 'Black Box Theatre', 'Dyke Road, Galway']),
      { x: 152, y: 179, text: 'Item' },
      { x: 291, y: 179, text: 'Qty' },
      { x: 358, y: 179, text: 'Unit Price' },
      { x: 479, y: 179, text: 'Total' },
      { x: 63, y: 201, text: 'Catering lunch buffet' },
      { x: 309, y: 201, text: '40' },
      { x: 406, y: 201, text: '€22.50' },
      { x: 486, y: 201, text: '€900.00' },
      { x: 408, y: 253, text: 'Subtotal' },
      { x: 486, y: 253, text: '€900.00' },
      { x: 408, y: 275, text: 'VAT 13.5%' },
      { x: 486, y: 275, text: '€121.50' },
      { x: 408, y: 297, text: 'Total' },
      { x: 474, y: 297, text: '€1,021.50' },
      { x: 164, y: 385, text: "Harbour View Café · Sarah O'Neill t/a Harbour View Café Ltd", height: 7 },
    ]);
    expect(fields.vendor_name).toBe('Harbour View Café');
  });
  it("is no organization under a person's business in a supplier's block (Spanish)", () => {
    // The order's buyer on top, the supplier under its heading, its owner's line under the name.
    const placed: Placed[] = [
      ...lines(50, 40, ['Mediterráneo Suministros S.L.', 'Calle del Sol 30 · 41001 Sevilla']),
      { x: 340, y: 80, text: 'Orden de compra', height: 20 },
      ...lines(50, 112, [
        'Vendido por',
        'Diego Navarro Diseño',
        'Titular: Diego Navarro',
        'Paseo de Gracia 125',
        '41001 Sevilla',
      ]),
      { x: 340, y: 112, text: 'N.º de pedido' },
      { x: 470, y: 112, text: 'BE-2025-7349' },
      { x: 340, y: 126, text: 'Fecha del pedido' },
      { x: 470, y: 126, text: '17/09/2021' },
      { x: 50, y: 250, text: 'Artículo' },
      { x: 440, y: 250, text: 'Importe' },
      { x: 50, y: 268, text: 'Cable USB-C' },
      { x: 440, y: 268, text: '139,79' },
      { x: 380, y: 300, text: 'Total' },
      { x: 440, y: 300, text: '139,79' },
    ];
    const fields = extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], {
      documentType: 'purchase_order',
    }).extracted_data;
    expect(fields.supplier_name).toBe('Diego Navarro Diseño');
  });
});
