import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, extractInvoice, lines, type Placed } from './synthetic.js';

/**
 * Italian, Portuguese and Polish documents and Swiss German's own words, each as a text layer
 * places them: the labels of every field are lexicon data (role-labels.json, field-labels.json,
 * document-titles.json, table-header-words.json), and none of them is an English, German, French,
 * Spanish or Dutch word the lexicons knew before.
 */

interface Words {
  /** The seller's and the buyer's headings. */
  seller: string;
  buyer: string;
  number: string;
  date: string;
  /** The due date's label on an invoice, the delivery date's on an order. */
  second: string;
  columns: [string, string];
  subtotal: string;
  tax: string;
  total: string;
}

const INVOICES: Record<string, Words> = {
  it: {
    seller: 'Fornitore',
    buyer: 'Cessionario/Committente',
    number: 'Numero fattura',
    date: 'Data documento',
    second: 'Data scadenza',
    columns: ['Descrizione', 'Importo'],
    subtotal: 'Totale imponibile',
    tax: 'Totale IVA',
    total: 'Totale documento',
  },
  pt: {
    seller: 'Fornecedor',
    buyer: 'Adquirente',
    number: 'Fatura n.º',
    date: 'Data de emissão',
    second: 'Data de vencimento',
    columns: ['Descrição', 'Valor'],
    subtotal: 'Total ilíquido',
    tax: 'Valor IVA',
    total: 'Total a pagar',
  },
  pl: {
    seller: 'Sprzedawca',
    buyer: 'Nabywca',
    number: 'Faktura VAT nr',
    date: 'Data wystawienia',
    second: 'Termin płatności',
    columns: ['Nazwa towaru', 'Wartość'],
    subtotal: 'Razem netto',
    tax: 'Kwota VAT',
    total: 'Do zapłaty',
  },
};

const ORDERS: Record<string, Words> = {
  it: {
    seller: 'Fornitore',
    buyer: 'Destinazione merce',
    number: 'Ordine di acquisto n.',
    date: 'Data ordine',
    second: 'Data consegna',
    columns: ['Descrizione', 'Importo'],
    subtotal: 'Imponibile',
    tax: 'Imposta',
    total: 'Totale ordine',
  },
  pt: {
    seller: 'Fornecedor',
    buyer: 'Local de entrega',
    number: 'Nota de encomenda n.º',
    date: 'Data da encomenda',
    second: 'Data de entrega',
    columns: ['Designação', 'Montante'],
    subtotal: 'Base tributável',
    tax: 'Montante IVA',
    total: 'Total da encomenda',
  },
  pl: {
    seller: 'Dostawca',
    buyer: 'Zamawiający',
    number: 'Numer zamówienia',
    date: 'Data zamówienia',
    second: 'Termin dostawy',
    columns: ['Nazwa', 'Kwota'],
    subtotal: 'Wartość netto',
    tax: 'Podatek VAT',
    total: 'Razem brutto',
  },
};

/** Both parties in blocks under their headings, the number and dates at the right, one row and the totals. */
function placed(w: Words): Placed[] {
  return [
    ...lines(50, 60, [w.seller, 'Officine Brambilla', 'Via Roma 12', '20121 Milano']),
    ...lines(50, 140, [w.buyer, 'Cantina Sartori', 'Piazza Duomo 1', '50122 Firenze']),
    { x: 330, y: 60, text: w.number },
    { x: 470, y: 60, text: 'A-2024/118' },
    { x: 330, y: 75, text: w.date },
    { x: 470, y: 75, text: '15.04.2024' },
    { x: 330, y: 90, text: w.second },
    { x: 470, y: 90, text: '15.05.2024' },
    { x: 50, y: 300, text: w.columns[0] },
    { x: 470, y: 300, text: w.columns[1] },
    { x: 50, y: 318, text: 'Biglietti da visita' },
    { x: 470, y: 318, text: '250,00' },
    { x: 330, y: 360, text: w.subtotal },
    { x: 470, y: 360, text: '250,00' },
    { x: 330, y: 375, text: w.tax },
    { x: 470, y: 375, text: '55,00' },
    { x: 330, y: 390, text: w.total },
    { x: 470, y: 390, text: '305,00' },
  ];
}

/** The type's recommended fields, and the amounts and parties the other type asks for. */
function fieldsOf(type: 'invoice' | 'purchase_order') {
  const own = RECOMMENDED_FIELDS[type];
  // The invoice asks for the amounts, the order for the buyer: neither asks for what the other does.
  const borrowed = [...RECOMMENDED_FIELDS.invoice, ...RECOMMENDED_FIELDS.purchase_order].filter(
    (f) => ['subtotal', 'tax_amount', 'buyer_name'].includes(f.name) && !own.some((o) => o.name === f.name),
  );
  return [...own, ...borrowed];
}

const extract = (w: Words, type: 'invoice' | 'purchase_order') =>
  extractFields(doc(placed(w)), fieldsOf(type), { documentType: type }).extracted_data;

describe.each(Object.keys(INVOICES))('an invoice in %s', (language) => {
  const data = extract(INVOICES[language]!, 'invoice');
  it('finds its number and dates by their labels', () => {
    expect(data.invoice_number).toBe('A-2024/118');
    expect(data.invoice_date).toBe('2024-04-15');
    expect(data.due_date).toBe('2024-05-15');
  });
  it('finds the net amount, the tax and the total', () => {
    expect([data.subtotal, data.tax_amount, data.total_amount]).toEqual([250, 55, 305]);
  });
  it('names the seller and the buyer under their headings', () => {
    expect(data.vendor_name).toBe('Officine Brambilla');
    expect(data.buyer_name).toBe('Cantina Sartori');
  });
});

describe.each(Object.keys(ORDERS))('a purchase order in %s', (language) => {
  const data = extract(ORDERS[language]!, 'purchase_order');
  it('finds its number and dates by their labels', () => {
    expect(data.po_number).toBe('A-2024/118');
    expect(data.order_date).toBe('2024-04-15');
    expect(data.delivery_date).toBe('2024-05-15');
  });
  it('finds the net amount, the tax and the total', () => {
    expect([data.subtotal, data.tax_amount, data.total_amount]).toEqual([250, 55, 305]);
  });
  it('names the supplier and the buyer under their headings', () => {
    expect(data.supplier_name).toBe('Officine Brambilla');
    expect(data.buyer_name).toBe('Cantina Sartori');
  });
});

describe("Swiss German's own words", () => {
  const data = extract(
    {
      seller: 'Lieferant',
      buyer: 'Rechnungsadresse',
      number: 'Rechnung Nr.',
      date: 'Datum',
      second: 'Zahlbar innert',
      columns: ['Beschreibung', 'Betrag CHF'],
      subtotal: 'Zwischentotal',
      tax: 'MWST 8,1 %',
      total: 'Total CHF',
    },
    'invoice',
  );
  it('"Zwischentotal" is the subtotal, and its row no line item', () => {
    expect(data.subtotal).toBe(250);
    expect(data.line_items).toEqual([{ description: 'Biglietti da visita', amount: 250 }]);
  });
});

describe('a seller printed as key and value pairs, the document details beside them', () => {
  // The town's key is lexicon data (`address_keys`); the details at the right are another column's words.
  it.each([
    ['Ragione sociale:', 'Indirizzo:', 'CAP e città:', 'Data', 'Data consegna'],
    ['Nazwa:', 'Adres:', 'Miejscowość:', 'Data', 'Data dostawy'],
    ['Nome:', 'Morada:', 'Localidade:', 'Data', 'Data de entrega'],
  ])('"%s", "%s", "%s": the address is the street and the town alone', (name, street, town, date, second) => {
    const data = extractInvoice([
      { x: 50, y: 60, text: `${name} Officine Brambilla` },
      { x: 50, y: 75, text: `${street} Via Roma 12` },
      { x: 50, y: 90, text: `${town} 20121 Milano` },
      { x: 340, y: 60, text: 'Nr' },
      { x: 470, y: 60, text: 'A-2024/118' },
      { x: 340, y: 75, text: date },
      { x: 470, y: 75, text: '15.04.2024' },
      { x: 340, y: 90, text: second },
      { x: 470, y: 90, text: '20.04.2024' },
      { x: 50, y: 300, text: 'Descrizione' },
      { x: 470, y: 300, text: 'Importo' },
      { x: 50, y: 318, text: 'Biglietti da visita' },
      { x: 470, y: 318, text: '250,00' },
      { x: 330, y: 360, text: 'Totale' },
      { x: 470, y: 360, text: '250,00' },
    ]);
    expect(data.vendor_address).toBe('Via Roma 12, 20121 Milano');
  });
});

describe('dates an Italian page prints beside its own', () => {
  const rows: Placed[] = [
    ...lines(50, 60, ['Fornitore', 'Officine Brambilla', 'Via Roma 12', '20121 Milano']),
    { x: 50, y: 300, text: 'Descrizione' },
    { x: 470, y: 300, text: 'Importo' },
    { x: 50, y: 318, text: 'Biglietti da visita' },
    { x: 470, y: 318, text: '250,00' },
    { x: 330, y: 360, text: 'Totale' },
    { x: 470, y: 360, text: '250,00' },
  ];

  it('"FATTURA del 9 gennaio 2025": the title\'s date is the invoice\'s, surely, beside a billing period', () => {
    const result = extractFields(
      doc([
        { x: 300, y: 30, text: 'FATTURA del 9 gennaio 2025' },
        { x: 330, y: 140, text: 'Periodo' },
        { x: 420, y: 140, text: '1 dicembre 2024 - 31 dicembre 2024' },
        ...rows,
      ]),
      [...RECOMMENDED_FIELDS.invoice],
      { documentType: 'invoice' },
    );
    expect(result.extracted_data.invoice_date).toBe('2025-01-09');
    expect(result.confidence.invoice_date).toBeGreaterThanOrEqual(0.9);
  });

  it.each(['Data preventivo', 'Data offerta'])(
    'a quotation\'s date ("%s") in the details strip is no order date',
    (label) => {
      const strip: Placed[] = [
        { x: 50, y: 200, text: 'Ordine n.' },
        { x: 50, y: 214, text: 'OC-2024-80796' },
        { x: 200, y: 200, text: 'Data' },
        { x: 200, y: 214, text: '18.02.2023' },
        { x: 330, y: 200, text: label },
        { x: 330, y: 214, text: '08.02.2023' },
      ];
      const data = extractFields(doc([...strip, ...rows]), [...RECOMMENDED_FIELDS.purchase_order], {
        documentType: 'purchase_order',
      }).extracted_data;
      expect(data.order_date).toBe('2023-02-18');
    },
  );
});

describe('a tax the total includes, under the total', () => {
  it.each(['IVA incluido (21%)', 'IVA inclusa (21%)', 'IVA incluída (21%)'])('"%s" names the tax amount', (label) => {
    const data = extractInvoice([
      ...lines(50, 60, ['Sol Ferretería S.L.', 'Plaza España 208', '46002 Valencia']),
      { x: 330, y: 60, text: 'Factura n.º' },
      { x: 470, y: 60, text: 'FAC58-37432' },
      { x: 330, y: 75, text: 'Fecha' },
      { x: 470, y: 75, text: '05/01/2019' },
      { x: 50, y: 300, text: 'Artículo' },
      { x: 470, y: 300, text: 'Importe' },
      { x: 50, y: 318, text: 'Limpieza' },
      { x: 470, y: 318, text: '901,81' },
      { x: 330, y: 360, text: 'Total' },
      { x: 470, y: 360, text: '901,81' },
      { x: 330, y: 375, text: label },
      { x: 470, y: 375, text: '156,51' },
    ]);
    expect(data.tax_amount).toBe(156.51);
  });
});
