import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * Where the seller's name is not where the ranker looks first (fields/parties.ts,
 * fields/addressee-names.ts): a window's addressee with a contact person over it, a footer that
 * starts with the street or a register entry under a logo printed as an image, a logo run into a
 * numbered title (or a numbered title into the seller's block at its right), and a line-item table's header high on a page without a name on top.
 */

const invoice = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;
const order = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' }).extracted_data;

/** The values at the right, one row and the total. */
const body = (number: string, date: string): Placed[] => [
  { x: 340, y: 126, text: number },
  { x: 470, y: 126, text: '2021/5936' },
  { x: 340, y: 141, text: date },
  { x: 470, y: 141, text: '2020-11-19' },
  { x: 50, y: 300, text: 'Description' },
  { x: 330, y: 300, text: 'Qty' },
  { x: 440, y: 300, text: 'Amount' },
  { x: 50, y: 318, text: 'Papier A4' },
  { x: 330, y: 318, text: '7' },
  { x: 440, y: 318, text: '420.50' },
  { x: 380, y: 350, text: 'Total' },
  { x: 440, y: 350, text: '420.50' },
];

describe('a window invoice whose addressee block starts with a contact person', () => {
  it.each([
    ['Global Foods · 87 Station Avenue · Leeds LS1 4DY', 'Samuel Okafor', 'Atlas Hardware Ltd', 'Global Foods'],
    ['Tulp Voeding · Marktplein 161 · 3511 BK Utrecht', 'Eva Visser', 'Delta Voeding V.O.F.', 'Tulp Voeding'],
  ])('"%s" over "%s" and "%s" names the seller in the sender line', (sender, person, addressee, seller) => {
    const result = invoice([
      { x: 470, y: 41, text: 'INVOICE' },
      { x: 50, y: 96, text: sender },
      ...lines(50, 111, [person, addressee, 'Postbus 9772', '5611 EM Eindhoven']),
      ...body('Invoice No.', 'Date'),
    ]);
    expect(result.vendor_name).toBe(seller);
  });
});

describe('a footer that starts with the street or a register entry', () => {
  it.each([
    ['35 Market Road · Manchester M1 1AA · www.example.net', 'Please make cheques payable to Olivia Bennett Design'],
    ['avenue Victor Hugo 212 · 69002 Lyon · Capital social 10 000 €', "Chèques à l'ordre de Horizon Conseil"],
    ['Bâtiment 4, 90 rue du Commerce · 75011 Paris · Fax : 01 45 67 89 10', "Chèques à l'ordre de Horizon Conseil"],
    ['HRB 148203, Amtsgericht München · Telefon: +49 30 1234567 · Hauptstraße 115', 'Kontoinhaber Hansa Handel AG'],
  ])('"%s" names no seller; "%s" does', (footer, sentence) => {
    const placed = [
      { x: 470, y: 41, text: 'INVOICE' },
      ...lines(50, 111, ['Bill To', 'Pioneer Hardware Ltd', '12 Mill Lane', 'Leeds LS1 4DY']),
      ...body('Invoice No.', 'Invoice Date'),
      { x: 100, y: 800, text: footer },
    ];
    const seller = /(?:payable to|l'ordre de|Kontoinhaber) (.*)$/.exec(sentence)![1];
    expect(invoice(placed).vendor_name).toBeUndefined();
    expect(invoice([...placed, { x: 50, y: 740, text: sentence }]).vendor_name).toBe(seller);
  });
});

describe('a logo run into a numbered title on one line', () => {
  it.each([
    ['DR OLIVIA BENNETT PURCHASE ORDER # BE86-71704', 'PURCHASER', 'DR OLIVIA BENNETT'],
    ['Lefèvre Logistique Bon de commande N° 2024/82426', 'COMMANDÉ PAR', 'Lefèvre Logistique'],
    ['Provence Logistique Bon de commande n° OC3323', 'Acheteur', 'Provence Logistique'],
    ['W&G Foods Purchase Order Number BE21-17149', 'BUYER', 'W&G Foods'],
    ['Clínica Dental Diego Navarro Pedido núm. 042302', 'DIRECCIÓN DE FACTURACIÓN', 'Clínica Dental Diego Navarro'],
  ])('"%s" names the supplier without the title', (top, heading, supplier) => {
    const result = order([
      { x: 50, y: 36, text: top },
      ...lines(50, 111, [heading, 'Pioneer Systems Corp.', '61 Market Road', 'Denver, CO 80202']),
      ...body('PO Date', 'Required By').slice(2),
      { x: 100, y: 800, text: '35 Market Road · Manchester M1 1AA · www.example.net' },
    ]);
    expect(result.supplier_name).toBe(supplier);
  });
});

describe("a numbered title run into the seller's block at its right, on one line", () => {
  it.each([
    ['Bon de commande No OC55135 MARCHAND FRÈRES SARL', 'ACHETEUR', 'MARCHAND FRÈRES SARL'],
    ['Purchase Order # PO-4471 Baker & Sons Ltd', 'BUYER', 'Baker & Sons Ltd'],
  ])('"%s" names the supplier after the title and its number', (top, heading, supplier) => {
    const result = order([
      { x: 50, y: 45, text: top },
      { x: 420, y: 57, text: 'BP 512' },
      { x: 420, y: 67, text: '75011 Paris' },
      ...lines(50, 111, [heading, 'Pioneer Systems Corp.', '61 Market Road', 'Denver, CO 80202']),
      ...body('PO Date', 'Required By').slice(2),
    ]);
    expect(result.supplier_name).toBe(supplier);
  });

  it('a title with no number before the words after it is left whole: "Invoice Services Ltd" may be a name', () => {
    const result = invoice([
      { x: 50, y: 45, text: 'Invoice Services Ltd' },
      ...lines(50, 111, ['Bill To', 'Pioneer Hardware Ltd', '12 Mill Lane', 'Leeds LS1 4DY']),
      ...body('Invoice No.', 'Invoice Date'),
    ]);
    expect(result.vendor_name).not.toBe('Services Ltd');
  });
});

describe("a line-item table's header high on a page with no name on top", () => {
  it.each([
    ['Beschreibung', 'Menge', 'Preis', 'Summe'],
    ['Product', 'Aant.', 'Prijs', 'Totaal'],
    ['Descripción', 'Cant.', 'Precio unitario', 'Total'],
  ])('"%s %s %s %s" names no seller', (description, quantity, price, amount) => {
    const result = invoice([
      { x: 470, y: 41, text: 'INVOICE' },
      { x: 50, y: 100, text: 'Invoice No.' },
      { x: 200, y: 100, text: '2021/5936' },
      { x: 50, y: 160, text: description },
      { x: 300, y: 160, text: quantity },
      { x: 380, y: 160, text: price },
      { x: 480, y: 160, text: amount },
      { x: 50, y: 178, text: 'Papier A4' },
      { x: 300, y: 178, text: '7' },
      { x: 380, y: 178, text: '60.07' },
      { x: 480, y: 178, text: '420.50' },
      { x: 380, y: 210, text: 'Total' },
      { x: 480, y: 210, text: '420.50' },
    ]);
    expect(result.vendor_name).toBeUndefined();
  });
});

describe("a footer's first column: the seller's name over its street and town", () => {
  /** Three footer columns: the name and its address, bank details, contact and registration. */
  const footer = (name: string, street: string, place: string): Placed[] => [
    ...lines(50, 770, [name, street, place]),
    ...lines(220, 770, ['Bankgegevens', 'IBAN NL91 ABNA 0417 1643 00', 'BIC ABNANL2A']),
    ...lines(390, 770, ['Contact', 'Tel.: 010 - 234 56 78', 'KvK-nummer 58213904']),
  ];
  const top: Placed[] = [
    { x: 470, y: 41, text: 'INVOICE' },
    ...lines(50, 111, ['Bill To', 'Pioneer Hardware Ltd', '12 Mill Lane', 'Leeds LS1 4DY']),
    ...body('Invoice No.', 'Invoice Date'),
  ];

  it.each([
    ['JEROEN MULDER ADVIES', 'Molenweg 221', '2511 CV Den Haag'],
    ['MARK FLETCHER CONSULTING', '160 Station Avenue', 'Leeds LS1 4DY'],
    ['FOTOGRAFIE STEFAN HOFMANN', 'Lindenweg 10, Haus 19', '10115 Berlin'],
    // A post-office box where the address has no street.
    ['Stefan Hofmann Design', 'Postfach 8451', '80331 München'],
    ['Helen Carter Design', 'PO Box 4411', 'Leeds LS1 4DY'],
    ['Estudio Lucía Navarro', 'Apdo. de Correos 2445', '48001 Bilbao'],
  ])('"%s" over "%s" and "%s" names the seller, with no legal form', (name, street, place) => {
    expect(invoice([...top, ...footer(name, street, place)]).vendor_name).toBe(name);
  });

  it.each([
    ['LOMBARDA FORNITURE con sede legale in Torino', 'Via Roma 208', '10121 Torino', 'LOMBARDA FORNITURE'],
    ['Lusitana Distribuição com sede em Faro', 'Rua Augusta 37', '8000-078 Faro', 'Lusitana Distribuição'],
  ])('"%s" over its address names the seller without its registered seat', (name, street, place, seller) => {
    const wide = [...lines(50, 770, [name, street, place]), ...lines(390, 770, ['Contact', 'Tel.: 010 - 234 56 78'])];
    expect(invoice([...top, ...wide]).vendor_name).toBe(seller);
  });

  it("a trading name's sentence over the address is no name: its names are read as sentences' are", () => {
    const sentence = 'BRANDL ist eine Marke der Brandl Holding KG';
    const result = invoice([...top, ...footer(sentence, 'Lindenweg 10', '10115 Berlin')]);
    expect(result.vendor_name).not.toBe(sentence);
  });

  it('a column heading over bank or contact lines, or a name over no street, names no one', () => {
    expect(
      invoice([...top, ...footer('JEROEN MULDER ADVIES', 'Tel.: 070 123 4567', '2511 CV Den Haag')]).vendor_name,
    ).toBeUndefined();
  });
});

describe('both parties as labelled pairs, as e-invoice visualisations print them', () => {
  const pairs = (rows: [string, string][]): Placed[] =>
    rows.flatMap(([label, value], i) => [
      { x: 50, y: 110 + i * 13, text: label },
      { x: 170, y: 110 + i * 13, text: value },
    ]);

  it('"Nom du vendeur :" with the name in a column of its own (French spacing) names the seller, not the table\'s header', () => {
    const result = invoice([
      { x: 50, y: 41, text: 'FACTURE n° 021499' },
      ...pairs([
        ["Nom de l'acheteur :", 'Lefèvre Logistique'],
        ['Adresse :', 'boulevard Voltaire 177'],
        ['Ville :', '13001 Marseille'],
        ['Nom du vendeur :', '4 Saisons Alimentation'],
        ['Adresse :', 'rue du Commerce 46'],
        ['Ville :', '33000 Bordeaux'],
      ]),
      ...body('Facture n°', 'Date de facture').map((p) => ({ ...p, y: p.y + 60 })),
    ]);
    expect(result.vendor_name).toBe('4 Saisons Alimentation');
  });

  it("a seller's label over key-value lines and then the item table names no one from the table", () => {
    const result = invoice([
      { x: 50, y: 41, text: 'FACTURE n° 021499' },
      { x: 50, y: 110, text: 'Vendeur' },
      ...pairs([
        ['Adresse :', 'rue du Commerce 46'],
        ['Ville :', '33000 Bordeaux'],
      ]).map((p) => ({ ...p, y: p.y + 13 })),
      ...body('Facture n°', 'Date de facture').map((p) => ({ ...p, y: p.y - 140 })),
    ]);
    expect(result.vendor_name).not.toBe('Description');
  });
});
