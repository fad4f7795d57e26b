import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument } from '@intake/core';
import { doc, invoiceBody, lines, type Placed } from './synthetic.js';

/**
 * Seller names as small and European issuers print them (the lab's stranger issuer choices): a
 * business named after its owner with no legal form, a department line under the name, a title
 * beside the letterhead on one line, a window's sender line set far smaller than the address.
 */

const invoice = (d: ReadDocument) => extractFields(d, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
const order = (d: ReadDocument) =>
  extractFields(d, [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' });

/** An order's number, date, one row and its total, in the right column and under the parties. */
const orderBody = (number: string, date: string, total: string): Placed[] => [
  { x: 340, y: 260, text: number },
  { x: 470, y: 260, text: 'PO-2024-0042' },
  { x: 340, y: 275, text: date },
  { x: 470, y: 275, text: '2024-03-08' },
  { x: 50, y: 320, text: 'Description' },
  { x: 440, y: 320, text: 'Amount' },
  { x: 50, y: 338, text: 'Consulting hours' },
  { x: 440, y: 338, text: '200.00' },
  { x: 380, y: 370, text: total },
  { x: 440, y: 370, text: '200.00' },
];

describe('a department line under the seller name', () => {
  it("is no organization under a person's business: the business is the supplier (Spanish)", () => {
    const result = order(
      doc([
        ...lines(50, 40, ['Mediterráneo Comercial S.L.', 'Calle del Sol 87 · 08007 Barcelona']),
        ...lines(50, 110, [
          'Proveedor',
          'Fotografía Elena Ruiz',
          'Departamento comercial',
          'Paseo de Gracia 155',
          '08008 Barcelona',
        ]),
        ...lines(340, 110, ['Facturar a', 'Mediterráneo Comercial S.L.', 'Calle del Sol 87', '08007 Barcelona']),
        ...orderBody('Número de pedido', 'Fecha del pedido', 'Total'),
      ]),
    );
    expect(result.extracted_data.supplier_name).toBe('Fotografía Elena Ruiz');
  });

  it("is not the seller's name where a logo carried the name: the footer's name is (English, German)", () => {
    const english = invoice(
      doc([
        ...lines(50, 110, ['From', 'Accounts Department', '12 Mill Lane', 'Leeds LS1 4DY']),
        ...lines(200, 110, ['Bill To', 'Oak Supplies Inc.', '5 Market Road', 'Austin, TX 78701']),
        ...invoiceBody,
        { x: 120, y: 790, text: 'Harbor Foods Ltd · 12 Mill Lane · Leeds LS1 4DY' },
      ]),
    );
    expect(english.extracted_data.vendor_name).toBe('Harbor Foods Ltd');
    const german = invoice(
      doc([
        ...lines(50, 110, ['Rechnungssteller', 'Buchhaltung', 'Hauptstraße 12', '10115 Berlin']),
        ...lines(200, 110, ['Rechnungsempfänger', 'Hansa Logistik AG', 'Bahnhofstraße 27', '70173 Stuttgart']),
        ...invoiceBody,
        { x: 120, y: 790, text: 'Becker Technik GmbH · Hauptstraße 12 · 10115 Berlin' },
      ]),
    );
    expect(german.extracted_data.vendor_name).toBe('Becker Technik GmbH');
  });
});

describe("a person's business over its own address", () => {
  it('keeps the name over a box and a place the buyer shares, not the place (English, Dutch)', () => {
    const english = order(
      doc([
        ...lines(50, 30, ['Global Supplies', 'PO Box 2552 · Manchester M1 1AA']),
        ...lines(50, 110, ['Vendor', 'Olivia Bennett Photography', 'PO Box 6327', 'Manchester M1 1AA']),
        ...lines(340, 110, ['Deliver To', 'Global Supplies', 'PO Box 2552', 'Manchester M1 1AA']),
        ...orderBody('PO Number', 'Order Date', 'Total'),
      ]),
    );
    expect(english.extracted_data.supplier_name).toBe('Olivia Bennett Photography');
    const dutch = order(
      doc([
        ...lines(50, 30, ['Oranje Groothandel', 'Postbus 2552 · 1012 AB Amsterdam']),
        ...lines(50, 110, ['Leverancier', 'Femke de Boer', 'Postbus 6327', '1012 AB Amsterdam']),
        ...lines(340, 110, ['Afleveradres', 'Oranje Groothandel', 'Postbus 2552', '1012 AB Amsterdam']),
        ...orderBody('Ordernr.', 'Orderdatum', 'Totaal'),
      ]),
    );
    expect(dutch.extracted_data.supplier_name).toBe('Femke de Boer');
  });
});

describe('a title beside the letterhead on one line', () => {
  it('leaves the name the next segment (French order, English invoice)', () => {
    const french = order(
      doc([
        { x: 48, y: 45, text: 'Bon de commande No 081152' },
        { x: 416, y: 45, text: 'Cabinet Nicolas Fabre' },
        ...lines(440, 59, ['boulevard Voltaire 38', '33000 Bordeaux']),
        ...lines(48, 110, ['ACHETEUR', 'Martin Fournitures SA', 'rue de la République 1', '13001 Marseille']),
        { x: 340, y: 275, text: 'Date de commande' },
        { x: 470, y: 275, text: '2024-03-08' },
        { x: 380, y: 370, text: 'TOTAL' },
        { x: 440, y: 370, text: '200.00' },
      ]),
    );
    expect(french.extracted_data.supplier_name).toBe('Cabinet Nicolas Fabre');
    const english = invoice(
      doc([
        { x: 48, y: 40, text: 'INVOICE No. 4711' },
        { x: 400, y: 40, text: 'Helen Carter Design' },
        ...lines(400, 54, ['17 Mill Lane', 'Leeds LS1 4DY']),
        ...lines(50, 110, ['Bill To', 'Oak Supplies Inc.', '5 Market Road', 'Austin, TX 78701']),
        ...invoiceBody,
      ]),
    );
    expect(english.extracted_data.vendor_name).toBe('Helen Carter Design');
  });
});

describe("a name run into the document's title with no gap", () => {
  it('is the name without the title (English invoice, French order)', () => {
    const english = invoice(
      doc([
        { x: 50, y: 40, text: 'Helen Carter Design INVOICE' },
        ...lines(50, 110, ['Bill To', 'Oak Supplies Inc.', '5 Market Road', 'Austin, TX 78701']),
        ...invoiceBody,
      ]),
    );
    expect(english.extracted_data.vendor_name).toBe('Helen Carter Design');
    const french = order(
      doc([
        { x: 48, y: 45, text: 'Élodie Marchand Photographie BON DE COMMANDE' },
        ...lines(48, 110, ["DONNEUR D'ORDRE", 'Martin Alimentation EURL', 'boulevard Voltaire 187', '31000 Toulouse']),
        ...orderBody('N° de commande', 'Date de commande', 'Total TTC'),
      ]),
    );
    expect(french.extracted_data.supplier_name).toBe('Élodie Marchand Photographie');
  });
});

describe("a seller's block beside the buyer's on the same lines", () => {
  it("is no part of the buyer's block: its legal-form name is a candidate (French order, German invoice)", () => {
    const french = order(
      doc([
        ...lines(48, 98, [
          "DONNEUR D'ORDRE",
          'Horizon Distribution EURL',
          'place de la Gare 217',
          '33000 Bordeaux',
          'Interlocuteur : M. Julien Moreau',
          'Fax : 01 45 67 89 10',
        ]),
        { x: 466, y: 154, text: 'Azur Services' },
        { x: 514, y: 168, text: 'EURL' },
        ...lines(430, 182, ['rue de la République 91', '75011 Paris']),
        ...orderBody('N° de commande', 'Date de commande', 'Total TTC'),
      ]),
    );
    expect(french.extracted_data.supplier_name).toBe('Azur Services EURL');
    const german = invoice(
      doc([
        ...lines(50, 110, [
          'Rechnungsempfänger',
          'Hansa Logistik AG',
          'Bahnhofstraße 27',
          '70173 Stuttgart',
          'z. Hd. Herr Jonas Keller',
        ]),
        { x: 400, y: 152, text: 'Becker Technik GmbH' },
        ...lines(400, 166, ['Hauptstraße 12', '10115 Berlin']),
        ...invoiceBody,
      ]),
    );
    expect(german.extracted_data.vendor_name).toBe('Becker Technik GmbH');
  });
});

describe('a street named by a word before or after its number', () => {
  it('is no name at the top of the page (French, Spanish)', () => {
    for (const street of ['boulevard Voltaire 38', 'Paseo de Gracia 155']) {
      const result = invoice(
        doc([
          ...lines(400, 40, [street, '33000 Bordeaux']),
          ...lines(50, 110, ['Bill To', 'Oak Supplies Inc.', '5 Market Road', 'Austin, TX 78701']),
          ...invoiceBody,
        ]),
      );
      expect(result.extracted_data.vendor_name ?? null).toBeNull();
    }
  });
});

describe("a window's sender line set far smaller than the address under it", () => {
  /** The page with the sender line's words half the others' size, as a 6.5 pt line over an 11 pt address. */
  const windowed = (sender: string, addressee: string[], body: Placed[]): ReadDocument => {
    const page = doc([{ x: 48, y: 90, text: sender }, ...lines(48, 108, addressee), ...body]);
    for (const w of page.pages[0]!.words)
      if (w.bbox.y0 === 90) w.bbox = { x0: 48 + (w.bbox.x0 - 48) / 2, y0: 90, x1: 48 + (w.bbox.x1 - 48) / 2, y1: 95 };
    return page;
  };

  it("keeps the addressee under it out of the seller's names (German, English)", () => {
    const german = invoice(
      windowed(
        'DR. MED. JULIA SEIDEL · Marktplatz 139 · 10115 Berlin',
        ['Hansa Logistik AG', 'Bahnhofstraße 27', '70173 Stuttgart'],
        invoiceBody,
      ),
    );
    expect(german.extracted_data.vendor_name).toBe('DR. MED. JULIA SEIDEL');
    const english = invoice(
      windowed(
        'Chloe Turner Bookkeeping · 4 High Street · Bristol BS1 5TR',
        ['Pioneer Hardware Ltd', '12 Mill Lane', 'Leeds LS1 4DY'],
        invoiceBody,
      ),
    );
    expect(english.extracted_data.vendor_name).toBe('Chloe Turner Bookkeeping');
  });
});

describe("a name the page's own web or e-mail address spells whole", () => {
  it('is a seller candidate without a legal form or a label (French block, English footer, German closing)', () => {
    const french = invoice(
      doc([
        ...lines(50, 110, ['DESTINATAIRE', 'Horizon Distribution SA', '175 rue du Commerce', '13001 Marseille']),
        ...invoiceBody,
        ...lines(380, 400, ['Plomberie Roux', '186 avenue Victor Hugo', '75011 Paris', 'www.plomberieroux.fr']),
      ]),
    );
    expect(french.extracted_data.vendor_name).toBe('Plomberie Roux');
    const english = invoice(
      doc([
        ...lines(50, 110, ['CUSTOMER', 'Northern Logistics Corp.', 'PO Box 3218', 'Denver, CO 80202']),
        ...invoiceBody,
        ...lines(50, 770, ['Bright Systems', 'P.O. Box 9207', 'Manchester M1 1AA']),
        { x: 240, y: 770, text: 'contact@brightsystems.net' },
      ]),
    );
    expect(english.extracted_data.vendor_name).toBe('Bright Systems');
    const german = invoice(
      doc([
        ...lines(50, 110, ['Rechnungsempfänger', 'Hansa Logistik AG', 'Bahnhofstraße 27', '70173 Stuttgart']),
        ...invoiceBody,
        ...lines(50, 690, ['Mit freundlichen Grüßen', 'Anna Weber Design']),
        { x: 150, y: 790, text: 'Marktplatz 139 · 10115 Berlin · info@annaweberdesign.de' },
      ]),
    );
    expect(german.extracted_data.vendor_name).toBe('Anna Weber Design');
  });
});
