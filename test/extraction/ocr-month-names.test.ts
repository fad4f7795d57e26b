import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, page, type Placed } from './synthetic.js';

/**
 * Written dates whose month name OCR misread in one of two ways (values/dates.ts): a long name's
 * capital set apart as a word of its own ("12 J anuary 2021", "27 M arch, 2018" on a receipt
 * photo), and a name with a zero for an O, opening it ("26-0ct-2020"), inside it ("08-n0v-2020")
 * or ending it ("19-AG0-19").
 */

function receipt(date: string) {
  const items: Placed[] = [
    { x: 40, y: 40, text: 'HARBOR HARDWARE SDN BHD' },
    { x: 40, y: 60, text: `Date: ${date}` },
    { x: 40, y: 80, text: 'TOTAL 12.50' },
  ];
  const read = doc([
    page(
      items.map((i) => ({ ...i, confidence: 0.9 })),
      { source: 'ocr' },
    ),
  ]);
  return extractFields(read, [...RECOMMENDED_FIELDS.receipt], { documentType: 'receipt' }).extracted_data;
}

describe('OCR month names: a long name with its capital set apart', () => {
  it('"12 J anuary 2021" and "27 M arch, 2018" are dates', () => {
    expect(receipt('12 J anuary 2021').transaction_date).toBe('2021-01-12');
    expect(receipt('27 M arch, 2018').transaction_date).toBe('2018-03-27');
  });

  it('"S eptember 3, 2014" (month first) is 3 September 2014', () => {
    expect(receipt('S eptember 3, 2014').transaction_date).toBe('2014-09-03');
  });

  it('a short name split ("5 m ai 2020") is not read: a letter and a word could be anything', () => {
    expect(receipt('5 m ai 2020').transaction_date).toBeUndefined();
  });
});

describe('OCR month names: a zero for the O that opens the name', () => {
  it('"26-0ct-2020" is 26 October 2020', () => {
    expect(receipt('26-0ct-2020').transaction_date).toBe('2020-10-26');
  });

  it('a zero after a day is still the O of the month ("10 0ct 2020" is 10 October)', () => {
    expect(receipt('10 0ct 2020').transaction_date).toBe('2020-10-10');
  });
});

describe('OCR month names: a zero for an O inside the name', () => {
  it.each([
    ['08-n0v-2020', '2020-11-08'],
    ['3 ag0sto 2021', '2021-08-03'],
    ['12. Okt0ber 2019', '2019-10-12'],
    ['N0V 5, 2018', '2018-11-05'],
  ])('"%s" is %s', (printed, iso) => {
    expect(receipt(printed).transaction_date).toBe(iso);
  });
});

describe('OCR month names: a zero for the O that ends the name', () => {
  it.each([
    ['19-AG0-19', '2019-08-19'],
    ['3 ag0 2021', '2021-08-03'],
  ])('"%s" is %s', (printed, iso) => {
    expect(receipt(printed).transaction_date).toBe(iso);
  });
});
