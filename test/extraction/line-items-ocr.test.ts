import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, page, type Placed } from './synthetic.js';

/** Line items as OCR reads them: header words misspelled or lost, commas read as semicolons, quantities dropped. */

const items = (document: ReturnType<typeof doc>) =>
  extractFields(document, [...RECOMMENDED_FIELDS.invoice]).extracted_data.line_items;

describe('line items: header words OCR misread', () => {
  const rows = (source: 'ocr' | 'text_layer') =>
    doc([
      page(
        [
          { x: 40, y: 300, text: 'Beschreibung' },
          { x: 250, y: 300, text: 'Menge' },
          { x: 480, y: 300, text: 'Mettobetrag' },
          { x: 40, y: 320, text: 'Physiotherapie' },
          { x: 250, y: 320, text: '10' },
          { x: 480, y: 320, text: '260,00' },
        ],
        { source },
      ),
    ]);

  it('on an OCR line, a long header word one letter off names its column ("Mettobetrag")', () => {
    expect(items(rows('ocr'))).toEqual([{ description: 'Physiotherapie', quantity: 10, amount: 260 }]);
  });

  it('in a text layer, words are read as written: no amount column, so no table', () => {
    expect(items(rows('text_layer'))).toBeUndefined();
  });
});

describe('line items: a quantity heading read with look-alike glyphs or a cent sign', () => {
  const rows = (quantityHeading: string, amountHeading: string, source: 'ocr' | 'text_layer' = 'ocr') =>
    doc([
      page(
        [
          { x: 40, y: 300, text: 'Nazwa' },
          { x: 310, y: 300, text: quantityHeading },
          { x: 400, y: 300, text: 'Cena' },
          { x: 500, y: 300, text: amountHeading },
          { x: 40, y: 320, text: 'Woda mineralna' },
          { x: 320, y: 320, text: '10' },
          { x: 400, y: 320, text: '284,06' },
          { x: 500, y: 320, text: '2 840,60' },
        ],
        { source },
      ),
    ]);
  const row = { description: 'Woda mineralna', quantity: 10, unit_price: 284.06, amount: 2840.6 };

  it('on an OCR line, a heading whose "I" was read "l" names its column ("llosc" for "Ilość")', () => {
    expect(items(rows('llosc', 'Wartość'))).toEqual([row]);
  });

  it('on an OCR line, a "ć" read as "¢" or "c¢" is a c ("Ilos¢", "wartosc¢")', () => {
    expect(items(rows('Ilos¢', 'wartosc¢'))).toEqual([row]);
  });

  it('in a text layer, the quantity stays in the name where its heading is misspelled', () => {
    expect(items(rows('llosc', 'Wartość', 'text_layer'))).toEqual([
      { description: 'Woda mineralna 10', unit_price: 284.06, amount: 2840.6 },
    ]);
  });
});

describe('line items: an OCR header that lost its description word, a table ruling read as characters', () => {
  const ocrTable = (placed: Placed[]) => doc([page(placed, { source: 'ocr' })]);

  it('a header naming quantity, unit price and amount has its description at the start of the line', () => {
    const table = ocrTable([
      { x: 40, y: 300, text: 'Pas. Pradukt' },
      { x: 250, y: 300, text: 'Menge' },
      { x: 320, y: 300, text: 'Einzelpreis' },
      { x: 410, y: 300, text: 'Steuer' },
      { x: 480, y: 300, text: 'Gesamtpreis' },
      { x: 40, y: 320, text: '1 Edelstahlschrauben' },
      { x: 250, y: 320, text: '5' },
      { x: 320, y: 320, text: '18,00 €' },
      { x: 410, y: 320, text: '19 %' },
      { x: 480, y: 320, text: '90,00 €' },
    ]);
    expect(items(table)).toEqual([{ description: 'Edelstahlschrauben', quantity: 5, unit_price: 18, amount: 90 }]);
  });

  it('a header naming only a quantity and an amount still needs its description word', () => {
    const table = ocrTable([
      { x: 40, y: 300, text: 'Pas. Pradukt' },
      { x: 250, y: 300, text: 'Menge' },
      { x: 480, y: 300, text: 'Gesamtpreis' },
      { x: 40, y: 320, text: 'Edelstahlschrauben' },
      { x: 250, y: 320, text: '5' },
      { x: 480, y: 320, text: '90,00 €' },
    ]);
    expect(items(table)).toBeUndefined();
  });

  it('drops "|" and "-" read from the ruling at either end of a name, and keeps a dash inside it', () => {
    const table = ocrTable([
      { x: 40, y: 300, text: 'Description' },
      { x: 250, y: 300, text: 'Qty' },
      { x: 320, y: 300, text: 'Price' },
      { x: 480, y: 300, text: 'Amount' },
      { x: 40, y: 320, text: '| Bolt - M8 zinc |' },
      { x: 250, y: 320, text: '4' },
      { x: 320, y: 320, text: '2.50' },
      { x: 480, y: 320, text: '10.00' },
    ]);
    expect(items(table)).toEqual([{ description: 'Bolt - M8 zinc', quantity: 4, unit_price: 2.5, amount: 10 }]);
  });
});

describe('line items: a decimal comma OCR read as a semicolon', () => {
  const placed: Placed[] = [
    { x: 40, y: 300, text: 'Beschreibung' },
    { x: 250, y: 300, text: 'Nettopreis' },
    { x: 330, y: 300, text: 'Menge' },
    { x: 480, y: 300, text: 'Entgelt' },
    { x: 40, y: 320, text: 'Schweinesteak' },
    { x: 250, y: 320, text: '5; 50' },
    { x: 330, y: 320, text: '4 kg' },
    { x: 480, y: 320, text: '22,00' },
  ];

  it('on an OCR line, "5; 50" is 5,50', () => {
    expect(items(doc([page(placed, { source: 'ocr' })]))).toEqual([
      { description: 'Schweinesteak', quantity: 4, unit_price: 5.5, amount: 22 },
    ]);
  });

  it('in a text layer, the semicolon is read as printed', () => {
    const rows = items(doc([page(placed)])) as { unit_price?: number }[] | undefined;
    expect(rows).toBeDefined();
    expect(rows?.[0]?.unit_price).not.toBe(5.5);
  });
});

describe('line items: a quantity OCR lost', () => {
  const placed: Placed[] = [
    { x: 40, y: 300, text: 'Beschreibung' },
    { x: 250, y: 300, text: 'Nettopreis' },
    { x: 330, y: 300, text: 'Menge' },
    { x: 480, y: 300, text: 'Nettobetrag' },
    { x: 40, y: 320, text: 'Verpflegung' },
    { x: 250, y: 320, text: '11,76' },
    { x: 480, y: 320, text: '11,76' },
    { x: 40, y: 340, text: 'Mineralwasser' },
    { x: 250, y: 340, text: '5,49' },
    { x: 480, y: 340, text: '109,80' },
    { x: 40, y: 360, text: 'Pauschale' },
    { x: 250, y: 360, text: '3,00' },
    { x: 480, y: 360, text: '10,00' },
  ];

  it('on an OCR page, is the whole number the amount and unit price imply, and none when they imply no whole number', () => {
    expect(items(doc([page(placed, { source: 'ocr' })]))).toEqual([
      { description: 'Verpflegung', quantity: 1, unit_price: 11.76, amount: 11.76 },
      { description: 'Mineralwasser', quantity: 20, unit_price: 5.49, amount: 109.8 },
      { description: 'Pauschale', unit_price: 3, amount: 10 },
    ]);
  });

  it('in a text layer, an empty quantity cell stays empty', () => {
    expect(items(doc([page(placed)]))).toEqual([
      { description: 'Verpflegung', unit_price: 11.76, amount: 11.76 },
      { description: 'Mineralwasser', unit_price: 5.49, amount: 109.8 },
      { description: 'Pauschale', unit_price: 3, amount: 10 },
    ]);
  });
});
