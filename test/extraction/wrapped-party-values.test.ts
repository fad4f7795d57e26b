import { describe, expect, it } from 'vitest';
import { extractInvoice, lines, type Placed } from './synthetic.js';

/**
 * What Southern and Eastern European invoicing software prints in narrow columns: a seller's name
 * whose line broke inside its legal form ("Sp." / "z o.o."), a name under a trading-name key that
 * wrapped in a column of "Key: value" rows, invoice numbers as those countries write them (a
 * document-type code before the series, a number counted per month), and a long date wrapped
 * before its year.
 */

/** Totals and one row, so that the page reads as an invoice. */
const body: Placed[] = [
  { x: 50, y: 300, text: 'Descrição' },
  { x: 470, y: 300, text: 'Valor' },
  { x: 50, y: 318, text: 'Mão de obra' },
  { x: 470, y: 318, text: '250,00' },
  { x: 330, y: 360, text: 'Total' },
  { x: 470, y: 360, text: '250,00' },
];

/** Seller and buyer side by side under their headings, the seller's name over two lines. */
const parties = (heading: [string, string], name: [string, string]): Placed[] => [
  ...lines(50, 100, [heading[0], ...name, 'ul. Świętojańska 12', '81-368 Gdynia']),
  ...lines(330, 100, [heading[1], 'Hotel Pod Żaglami', 'ul. Żeromskiego 7', '90-710 Łódź']),
];

describe('a legal form broken over two lines', () => {
  it.each([
    [
      ['Sprzedawca:', 'Nabywca:'],
      ['Przedsiębiorstwo Handlowe Żuraw Sp.', 'z o.o.'],
      'Przedsiębiorstwo Handlowe Żuraw Sp. z o.o.',
    ],
    [['Fornecedor', 'Cliente'], ['Padaria São João Unipessoal,', 'Lda.'], 'Padaria São João Unipessoal Lda.'],
  ] as const)('under %j: %j is one name', (heading, name, expected) => {
    const data = extractInvoice([...parties([...heading], [...name]), ...body]);
    expect(data.vendor_name).toBe(expected);
  });

  it('a form whole on the first line takes no second line into the name', () => {
    const data = extractInvoice([
      ...parties(['Sprzedawca:', 'Nabywca:'], ['Żuraw Sp. z o.o.', 'Dział handlowy']),
      ...body,
    ]);
    expect(data.vendor_name).toBe('Żuraw Sp. z o.o.');
  });
});

/** A printed e-invoice's party columns of "Key: value" rows, the seller's long key wrapping its value. */
function keyedColumns(nameRows: string[], nextKey: string): Placed[] {
  const seller = [
    'Cedente/prestatore (fornitore)',
    'Identificativo fiscale ai fini IVA:',
    'IT64107959748',
    ...nameRows,
    nextKey,
    'Indirizzo: Via Roma 12',
  ];
  const buyer = [
    'Cessionario/committente (cliente)',
    'Identificativo fiscale ai fini IVA:',
    'IT58188877385',
    'Denominazione: Farmacia Lucchesi',
    'S.n.c.',
  ];
  return [...lines(50, 60, seller), ...lines(320, 60, buyer)];
}

describe("a trading name's value wrapped in a column of keyed rows", () => {
  it('the line between the name and the next key is the rest of the name', () => {
    const data = extractInvoice([
      ...keyedColumns(['Denominazione: Giuseppe Colombo', 'Impianti'], 'Regime fiscale: RF01'),
      ...body,
    ]);
    expect(data.vendor_name).toBe('Giuseppe Colombo Impianti');
  });

  it('without a key under it the line is no part of the name', () => {
    const data = extractInvoice([
      ...keyedColumns(['Denominazione: Giuseppe Colombo', 'Impianti'], 'Via Roma 12'),
      ...body,
    ]);
    expect(data.vendor_name).toBe('Giuseppe Colombo');
  });
});

/** An invoice's title and number at the top, a date under them. */
const numbered = (title: string, number: string, date: string): Placed[] => [
  { x: 50, y: 40, text: 'Oficina Estrela, Lda.' },
  { x: 330, y: 40, text: title },
  { x: 330, y: 54, text: number },
  { x: 330, y: 68, text: date },
  ...body,
];

describe('invoice numbers as Portuguese and Polish software prints them', () => {
  it.each([
    ['Fatura', 'FT 2025/689', 'Data: 2025-03-14', 'FT 2025/689'],
    ['FAKTURA VAT', 'FV 15/2025', 'Data wystawienia: 2025-03-14', 'FV 15/2025'],
    ['FAKTURA VAT', 'NR 15/2025', 'Data wystawienia: 2025-03-14', '15/2025'],
    ['Faktura', 'nr 54/09/2025', 'Data wystawienia: 2025-09-22', '54/09/2025'],
    ['Faktura', 'nr 19/03/2024', 'Data wystawienia: 2024-03-03', '19/03/2024'],
  ])('%s over %s reads %s', (title, number, date, expected) => {
    expect(extractInvoice(numbered(title, number, date)).invoice_number).toBe(expected);
  });

  it('a number shaped as the invoice date itself is no month-counted number', () => {
    const data = extractInvoice(numbered('Faktura', 'nr 03/03/2024', 'Data wystawienia: 2024-03-03'));
    expect(data.invoice_number).toBeUndefined();
  });
});

describe('a long date wrapped before its year', () => {
  it.each([
    ['Fecha de expedición: 5 de agosto de 2025', 'Fecha de vencimiento: 4 de septiembre', 'de 2025', 50, '2025-09-04'],
    ['Data de emissão: 4 de dezembro de 2024', 'Data de vencimento: 18 de dezembro de', '2025', 236, '2025-12-18'],
  ])('%s, then %s over %s', (issued, due, rest, x, expected) => {
    const data = extractInvoice([
      { x: 50, y: 40, text: 'Oficina Estrela, Lda.' },
      { x: 50, y: 60, text: issued },
      { x: 50, y: 74, text: due },
      { x, y: 88, text: rest },
      ...body,
    ]);
    expect(data.due_date).toBe(expected);
  });

  it('a year on the next line of another column completes no date', () => {
    const data = extractInvoice([
      { x: 50, y: 40, text: 'Oficina Estrela, Lda.' },
      { x: 50, y: 60, text: 'Data de emissão: 4 de dezembro de 2024' },
      { x: 50, y: 74, text: 'Data de vencimento: 18 de dezembro de' },
      { x: 400, y: 88, text: '2025' },
      ...body,
    ]);
    expect(data.due_date).toBeUndefined();
  });
});
