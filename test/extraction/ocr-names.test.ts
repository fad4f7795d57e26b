import { describe, expect, it } from 'vitest';
import type { ReadDocument, Word } from '@intake/core';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import {
  cleanName,
  cutAfterLegalForm,
  hasLegalForm,
  repairInitials,
  repairLetterDigits,
} from '../../packages/core/src/extraction/fields/party-lines.js';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, ocrReceiptMerchant, page } from './synthetic.js';

/**
 * How names come out of OCR'd lines: a possessive's apostrophe or a bracket OCR set apart, legal
 * forms of two letters that an OCR split word can spell, digits read for letters; and a date's
 * year split after its century.
 */

const word = (text: string, x0: number, x1: number): Word => ({
  text,
  confidence: 0.9,
  bbox: { x0, y0: 100, x1, y1: 130 },
});
const lineText = (source: 'ocr' | 'text_layer', words: Word[]): string => {
  const document: ReadDocument = {
    mimeType: source === 'ocr' ? 'image/jpeg' : 'application/pdf',
    attachments: [],
    pages: [{ number: 1, width: 800, height: 1000, source, words }],
  };
  return buildLines(document)[0]!.text;
};

describe('a possessive set apart by OCR', () => {
  // "DOMINO 'S PIZZA": the apostrophe and s stand 8 px after the word, under its 30 px height.
  const words = [word('DOMINO', 100, 220), word("'S", 228, 250), word('PIZZA', 270, 360)];

  it("joins the word before it on an OCR'd line", () => {
    expect(lineText('ocr', words)).toBe("DOMINO'S PIZZA");
  });

  it('is left as printed on a text layer, and apart when it stands far off', () => {
    expect(lineText('text_layer', words)).toBe("DOMINO 'S PIZZA");
    expect(lineText('ocr', [word('ROCK', 100, 180), word("'S", 260, 280)])).toBe("ROCK 'S");
    expect(lineText('ocr', [word('ROCK', 100, 180), word("'N'", 188, 210)])).toBe("ROCK 'N'");
  });
});

describe('a bracket set apart by OCR', () => {
  // "MOTOR ( SUNGAI RENGIT ) SDN.": each bracket stands 8 to 10 px from the word it encloses.
  const words = [
    word('MOTOR', 100, 200),
    word('(', 210, 220),
    word('SUNGAI', 230, 330),
    word('RENGIT', 345, 450),
    word(')', 458, 466),
    word('SDN.', 480, 540),
  ];

  it("joins the word it encloses on an OCR'd line", () => {
    expect(lineText('ocr', words)).toBe('MOTOR (SUNGAI RENGIT) SDN.');
  });

  it('is left as printed on a text layer, and apart when it stands far off', () => {
    expect(lineText('text_layer', words)).toBe('MOTOR ( SUNGAI RENGIT ) SDN.');
    expect(lineText('ocr', [word('TOTAL', 100, 200), word('(', 260, 270), word('RM', 330, 370)])).toBe('TOTAL ( RM');
  });
});

describe('a 0 or 1 inside a word of letters', () => {
  it('is the letter O or I that OCR read as a digit', () => {
    expect(repairLetterDigits('MR. D.1.Y. (M) SDN BHD')).toBe('MR. D.I.Y. (M) SDN BHD');
    expect(repairLetterDigits("KING'S CONFECTI0NERY S/B")).toBe("KING'S CONFECTIONERY S/B");
    expect(repairLetterDigits('Sa1es Ltd')).toBe('Sales Ltd');
  });

  it('stays a digit at the end of a word, next to another digit, or alone', () => {
    for (const name of [
      'OLIVE9 PHARMACY',
      'A1 MART',
      '7-ELEVEN',
      '99 SPEEDMART',
      'NO.1 JALAN',
      'PASAR 1 MALAYSIA',
      'R10X',
    ])
      expect(repairLetterDigits(name)).toBe(name);
  });

  it("is repaired in the merchant's name of an OCR'd receipt", () => {
    expect(ocrReceiptMerchant(['MR. D.1.Y. (M) SDN BHD', 'LOT 1851-A JALAN KPB 6', 'BALAKONG, SELANGOR'])).toBe(
      'MR. D.I.Y. (M) SDN BHD',
    );
  });
});

describe("an initialism's letters spaced out by OCR", () => {
  it('are written together, each full stop back at its letter', () => {
    expect(repairInitials('MR . D . I. Y. (M) SDN BHD')).toBe('MR. D.I.Y. (M) SDN BHD');
    expect(repairInitials('S. H. H. MOTOR (SUNGAI RENGIT) SDN. BHD.')).toBe('S.H.H. MOTOR (SUNGAI RENGIT) SDN. BHD.');
    expect(repairInitials('ABC TRADING CO .')).toBe('ABC TRADING CO.');
  });

  it('leave two initials, a stop inside a word and a number as read', () => {
    for (const name of ['J. R. Hartley Ltd', 'T.A.S LEISURE SDN BHD', 'ECOSWAY.COM SDN BHD', 'NO. 1 . 5 TRADING'])
      expect(repairInitials(name)).toBe(name);
  });

  it("is repaired in the merchant's name of an OCR'd receipt", () => {
    expect(ocrReceiptMerchant(['MR . D . I. Y. (M) SDN BHD', 'LOT 1851-A JALAN KPB 6', 'BALAKONG, SELANGOR'])).toBe(
      'MR. D.I.Y. (M) SDN BHD',
    );
  });
});

describe('an article before a colon', () => {
  it('is no key: the colon goes, the article stays', () => {
    expect(cleanName('THE: TOAST F&B SDN BHD')).toBe('THE TOAST F&B SDN BHD');
    expect(cleanName('Die : Bäckerei Schmidt GmbH')).toBe('Die Bäckerei Schmidt GmbH');
    expect(cleanName('Name: Handwerker GmbH')).toBe('Handwerker GmbH');
    expect(cleanName('Theater: Foo GmbH')).toBe('Foo GmbH');
  });

  it("gives the merchant of an OCR'd receipt its whole name", () => {
    expect(ocrReceiptMerchant(['THE: TOAST F&B SDN BHD (965752-T)', 'LOT 2110 JALAN PERMAS UTARA'])).toBe(
      'THE TOAST F&B SDN BHD',
    );
  });
});

describe("a date's year split after its century", () => {
  it("joins again on an OCR'd line, not on a text layer", () => {
    const words = [word('08/04/20', 100, 196), word('18', 204, 228), word('03:09', 250, 310)];
    expect(lineText('ocr', words)).toBe('08/04/2018 03:09');
    expect(lineText('text_layer', words)).toBe('08/04/20 18 03:09');
    expect(lineText('ocr', [word('08/04/2018', 100, 220), word('18', 228, 252)])).toBe('08/04/2018 18');
  });

  it('gives the receipt its four-digit year, not 2020', () => {
    const receipt = doc([
      page(
        [
          { x: 40, y: 40, text: 'CORNER BAKERY SDN BHD' },
          { x: 40, y: 60, text: 'TAX INVOICE' },
          { x: 40, y: 80, text: 'Date: 25/12/20 18' },
          { x: 40, y: 100, text: 'TOTAL 12.50' },
        ],
        { source: 'ocr' },
      ),
    ]);
    const { extracted_data } = extractFields(receipt, [...RECOMMENDED_FIELDS.receipt], { documentType: 'receipt' });
    expect(extracted_data.transaction_date).toBe('2018-12-25');
  });
});

describe('legal forms of two letters', () => {
  it('follow a name, so a first word OCR split off ("Se langor") is none', () => {
    expect(hasLegalForm('Se langor')).toBe(false);
    expect(hasLegalForm('Co Reg No')).toBe(false);
    expect(hasLegalForm('Rohstoff AG Salzgitter')).toBe(true);
    expect(hasLegalForm('Grundbesitz GmbH & Co. KG')).toBe(true);
    expect(hasLegalForm('Restoran Wan Sheng')).toBe(true);
  });

  it('still end a name when they come after "&"', () => {
    expect(cutAfterLegalForm('Grundbesitz GmbH & Co. KG')).toBe('Grundbesitz GmbH & Co. KG');
    expect(cutAfterLegalForm('EIGHT OUNCE COFFEE CO. THE GARDENS MALL')).toBe('EIGHT OUNCE COFFEE CO.');
  });
});

describe('"S/B" and a bare registration number after the name', () => {
  it('"S/B" is "Sdn Bhd" abbreviated, a legal form after a name', () => {
    expect(hasLegalForm("KING'S CONFECTIONERY S/B")).toBe(true);
    expect(hasLegalForm('S/B 12')).toBe(false);
  });

  it('cuts a registration number printed without brackets, and what follows it', () => {
    expect(cleanName("KING'S CONFECTIONERY S/B 273500-U (GKJ)")).toBe("KING'S CONFECTIONERY S/B");
    expect(cleanName("KING'S CONFECTIONERY S/B'273500-U (KSB)")).toBe("KING'S CONFECTIONERY S/B");
    expect(cleanName('Musterbetrieb Systemhaus AG')).toBe('Musterbetrieb Systemhaus AG');
  });

  it("cuts a till's counter before the name, not a number that is part of it", () => {
    expect(cleanName('#000002 BAIFU (M) Sdn Bhd')).toBe('BAIFU (M) Sdn Bhd');
    expect(cleanName('#1 NOODLE HOUSE')).toBe('#1 NOODLE HOUSE');
    expect(cleanName('7-ELEVEN MALAYSIA SDN BHD')).toBe('7-ELEVEN MALAYSIA SDN BHD');
  });

  it('takes the name from such a line as the merchant', () => {
    const merchant = ocrReceiptMerchant([
      "KING'S CONFECTIONERY S/B 273500-U (GKJ)",
      'LOT NO. G23, GIANT KELANA JAYA',
      'TEL NO: 03-7803 0974',
    ]);
    expect(merchant).toBe("KING'S CONFECTIONERY S/B");
  });
});

describe("a date's second separator lost before its year", () => {
  it("comes back on an OCR'd line, not on a text layer", () => {
    expect(lineText('ocr', [word('DATE', 100, 150), word('8/252019', 200, 300)])).toBe('DATE 8/25/2019');
    expect(lineText('ocr', [word('25.122018', 100, 200)])).toBe('25.12.2018');
    expect(lineText('text_layer', [word('8/252019', 200, 300)])).toBe('8/252019');
    // Not a date: no year from 1900 to 2099 after the day or month, or more digits.
    expect(lineText('ocr', [word('8/253019', 100, 200), word('1/1234567', 210, 320)])).toBe('8/253019 1/1234567');
  });

  it('gives a purchase order its date', () => {
    const order = doc([
      page(
        [
          { x: 40, y: 40, text: 'Contoso Electronics' },
          { x: 400, y: 40, text: 'PURCHASE ORDER' },
          { x: 400, y: 60, text: 'DATE 8/252019' },
          { x: 400, y: 80, text: 'PO # 190122' },
          { x: 400, y: 300, text: 'TOTAL $ 1,250.00' },
        ],
        { source: 'ocr' },
      ),
    ]);
    const { extracted_data } = extractFields(order, [...RECOMMENDED_FIELDS.purchase_order], {
      documentType: 'purchase_order',
    });
    expect(extracted_data.order_date).toBe('2019-08-25');
  });
});

describe('a date OCR ran into the time after it', () => {
  it("is two words on an OCR'd line, not on a text layer", () => {
    expect(lineText('ocr', [word('Date', 40, 90), word(':24/06/20184:37:37', 160, 370), word('PM', 380, 410)])).toBe(
      'Date :24/06/2018 4:37:37 PM',
    );
    expect(lineText('ocr', [word('10.10.201714:22', 100, 260)])).toBe('10.10.2017 14:22');
    expect(lineText('text_layer', [word('10/10/20174:22:12', 100, 300)])).toBe('10/10/20174:22:12');
    // Not a date and a time: no year from 1900 to 2099, or no minutes.
    expect(lineText('ocr', [word('10/10/30174:22', 100, 250), word('10/10/20174', 260, 380)])).toBe(
      '10/10/30174:22 10/10/20174',
    );
  });

  it('gives a receipt its date', () => {
    const receipt = doc([
      page(
        [
          { x: 40, y: 40, text: 'SUNRISE MART SDN BHD' },
          { x: 40, y: 60, text: 'Invoice No : 01-145995' },
          { x: 40, y: 80, text: 'Date : 10/10/20174:22:12 PM' },
          { x: 40, y: 200, text: 'TOTAL 12.50' },
        ],
        { source: 'ocr' },
      ),
    ]);
    const { extracted_data } = extractFields(receipt, [...RECOMMENDED_FIELDS.receipt], { documentType: 'receipt' });
    expect(extracted_data.transaction_date).toBe('2017-10-10');
  });
});
