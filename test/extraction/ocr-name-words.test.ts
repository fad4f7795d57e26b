import { describe, expect, it } from 'vitest';
import {
  createDocumentExtractor,
  extractFields,
  RECOMMENDED_FIELDS,
  type ExtractFieldsOptions,
  type ReadDocument,
} from '@intake/core';
import { createMemoryStores } from '@intake/core/testing';
import { repairNameWords, type PageWords } from '../../packages/core/src/extraction/fields/name-words.js';
import { vendorKeys } from '../../packages/core/src/extraction/hints/vendor-keys.js';
import { foldedTokens } from '../../packages/core/src/extraction/layout/fold.js';
import {
  ENGLISH_LISTS,
  isListedWord,
  pageLanguages,
} from '../../packages/core/src/extraction/lexicons/language-words.js';
import { doc, extractWithAndWithoutCaps, ocrReceiptMerchant, page, type Placed } from './synthetic.js';

/**
 * Words of an OCR'd name put right against a word list of the page's language
 * (fields/name-words.ts): a letter read as its look-alike, a word OCR broke in pieces or two words
 * it ran together; and what is left as read because the list leaves a doubt.
 */

/** A page in English and Malay on which no word is printed twice. */
const MALAYSIAN: PageWords = { languages: ['en', 'ms'], counts: new Map() };
const repaired = (name: string, on: PageWords = MALAYSIAN) => repairNameWords(name, on).name;

/** A receipt's head under its name: an address in Malaysia. */
const ADDRESS = ['NO 12 JALAN MERANTI', 'TAMAN SRI MUDA, SHAH ALAM'];

describe('a word with a letter read as its look-alike', () => {
  it('becomes the one word of the list it can be, in the case it was printed in', () => {
    expect(repaired('Broadview Marketina Sdn Bhd')).toBe('Broadview Marketing Sdn Bhd');
    expect(repaired('HARDHARE CENTRE')).toBe('HARDWARE CENTRE');
    expect(repaired('Goardian Bealth')).toBe('Guardian Health');
    expect(repaired('GAPDEN CAFE')).toBe('GARDEN CAFE');
  });

  it("is put right in the merchant's name of an OCR'd receipt", () => {
    expect(ocrReceiptMerchant(['BROADVIEW MARKETINA SDN BHD', ...ADDRESS])).toBe('BROADVIEW MARKETING SDN BHD');
  });

  it('is left as read on a text layer', () => {
    const receipt = doc([
      page(
        [
          { x: 40, y: 40, text: 'BROADVIEW MARKETINA SDN BHD' },
          ...ADDRESS.map((text, i) => ({ x: 40, y: 54 + 14 * i, text })),
          { x: 40, y: 100, text: 'TAX INVOICE' },
          { x: 40, y: 114, text: 'Date: 02/02/17' },
          { x: 40, y: 128, text: 'TOTAL 12.50' },
        ],
        { source: 'text_layer' },
      ),
    ]);
    const { extracted_data } = extractFields(receipt, [...RECOMMENDED_FIELDS.receipt], { documentType: 'receipt' });
    expect(extracted_data.merchant_name).toBe('BROADVIEW MARKETINA SDN BHD');
  });
});

describe('words OCR broke apart or ran together', () => {
  it('are joined when no piece is a word and the whole is one (or one look-alike from one)', () => {
    expect(repaired('FRESH BAK ERY')).toBe('FRESH BAKERY');
    expect(repaired('LAVENDER CONF ECT LONERY & BAKERY S/B')).toBe('LAVENDER CONFECTIONERY & BAKERY S/B');
  });

  it('stay apart when a piece is a word itself', () => {
    expect(repaired('Time less Kitchenette')).toBe('Time less Kitchenette');
  });

  it('are split when a long word is two words of the list in exactly one way', () => {
    expect(repaired('SANYU STATIONERYSHOP')).toBe('SANYU STATIONERY SHOP');
    expect(ocrReceiptMerchant(['SANYU STATIONERYSHOP', ...ADDRESS])).toBe('SANYU STATIONERY SHOP');
  });

  it('stay together on a German page, whose compounds are one word as printed', () => {
    const german: PageWords = { languages: ['de'], counts: new Map() };
    expect(repaired('Kühn Elektrotechnik GmbH', german)).toBe('Kühn Elektrotechnik GmbH');
    expect(repaired('Kühn Elektrotechnik GmbH', { ...german, languages: ['en', 'de'] })).toBe(
      'Kühn Elektrotechnik GmbH',
    );
    expect(repaired('SANYU STATIONERYSHOP', { ...german, languages: ['en'] })).toBe('SANYU STATIONERY SHOP');
  });

  it('stay together in a short word, where a name often joins two words of its own', () => {
    expect(repaired('FAMILYMART')).toBe('FAMILYMART');
    expect(repaired('99 SPEEDMART')).toBe('99 SPEEDMART');
  });
});

describe('a name the list leaves in doubt', () => {
  it('keeps a brand that is no word, a code, a short word and a lone digit', () => {
    for (const name of [
      'PAPPARICH',
      'PappaRi ch BMC',
      'A1B2 TRADING',
      'OLIVE9 PHARMACY',
      'FUYI MINL MARKET',
      '3 & BEST',
    ])
      expect(repaired(name)).toBe(name);
  });

  it('keeps what is no name as it is, whatever it holds', () => {
    for (const name of ['', ' ', 'Café Bäckerei', '𝐌𝐀𝐑𝐊𝐄𝐓𝐈𝐍𝐀 SHOP', 'MARKETINA 😀', 'x'.repeat(5000), '((( )))'])
      expect(() => repaired(name)).not.toThrow();
    expect(repaired('𝐌𝐀𝐑𝐊𝐄𝐓𝐈𝐍𝐀 SHOP')).toBe('𝐌𝐀𝐑𝐊𝐄𝐓𝐈𝐍𝐀 SHOP');
    expect(repaired('Bäckerei Mueller')).toBe('Bäckerei Mueller');
  });

  it('keeps a word two words of the list are equally near ("TRAOING": tracing or trading)', () => {
    expect(repaired('KIM TRAOING')).toBe('KIM TRAOING');
  });

  it('keeps a word the page prints twice the same: two readings agree', () => {
    const twice: PageWords = { languages: ['en'], counts: new Map([['hardhare', 2]]) };
    expect(repaired('HARDHARE CENTRE', twice)).toBe('HARDHARE CENTRE');
  });

  it('keeps every word on a page of no language the lists know, and an English word on a German page', () => {
    expect(repaired('GAPDEN CAFE', { languages: [], counts: new Map() })).toBe('GAPDEN CAFE');
    expect(repaired('GAPDEN Handel GmbH', { languages: ['de'], counts: new Map() })).toBe('GAPDEN Handel GmbH');
  });
});

describe("the page's languages", () => {
  const languagesOf = (lines: string[]) => pageLanguages(lines.flatMap((l) => foldedTokens(l)));

  it('are English and Malay on a Malaysian receipt, German or French on those pages alone', () => {
    expect(languagesOf(['BROADVIEW MARKETINA SDN BHD', ...ADDRESS, 'TAX INVOICE', 'TOTAL', 'THANK YOU'])).toEqual([
      'en',
      'ms',
    ]);
    expect(
      languagesOf([
        'Bäckerei Schmidt GmbH',
        'Hauptstraße 5',
        'Rechnung Nr. 12',
        'Gesamtbetrag 12,50 EUR',
        'Vielen Dank',
      ]),
    ).toEqual(['de']);
    expect(languagesOf(['Boulangerie Martin', '12 rue de la Paix', 'Facture 12', 'Total TTC 12,50 EUR'])).toEqual([
      'fr',
    ]);
  });

  it("come from SCOWL's English lists, sorted as the search needs, and the short lists", () => {
    for (const list of ENGLISH_LISTS) expect(list.every((word, i) => i === 0 || list[i - 1]! < word)).toBe(true);
    expect(isListedWord('confectionery', ['en'])).toBe(true);
    expect(isListedWord('papparich')).toBe(false);
    expect(isListedWord('kedai', ['ms'])).toBe(true);
    expect(isListedWord('kedai', ['en'])).toBe(false);
  });
});

describe("a repaired name's confidence", () => {
  /** A receipt photo: the name on top, the address, a title, a date and a total; `extra` under them. */
  const receipt = (name: string, extra: Placed[] = []) =>
    doc([
      page(
        [
          { x: 40, y: 40, text: name },
          ...ADDRESS.map((text, i) => ({ x: 40, y: 54 + 14 * i, text })),
          { x: 40, y: 100, text: 'TAX INVOICE' },
          { x: 40, y: 114, text: 'Date: 02/02/17' },
          { x: 40, y: 128, text: 'TOTAL 12.50' },
          ...extra,
        ].map((item) => ({ ...item, confidence: 0.96 })),
        { source: 'ocr' },
      ),
    ]);

  it('stays under 0.9 while nothing on the page confirms the repair', () => {
    const { capped, values } = extractWithAndWithoutCaps(receipt('BROADVIEW MARKETINA SDN BHD'), 'receipt');
    expect(values.merchant_name).toBe('BROADVIEW MARKETING SDN BHD');
    expect(capped.merchant_name).toBeLessThan(0.9);
  });

  it('is not held down by the repair when the page prints the repaired name again', () => {
    const footer = [{ x: 40, y: 300, text: 'THANK YOU - BROADVIEW MARKETING' }];
    const { capped, free, values } = extractWithAndWithoutCaps(
      receipt('BROADVIEW MARKETINA SDN BHD', footer),
      'receipt',
    );
    expect(values.merchant_name).toBe('BROADVIEW MARKETING SDN BHD');
    expect(capped.merchant_name).toBe(free.merchant_name);
  });

  it('stays under 0.9 for a split the page prints as one word elsewhere', () => {
    const footer = [{ x: 40, y: 300, text: 'www.sanyustationeryshop.com' }];
    const { capped, values } = extractWithAndWithoutCaps(receipt('SANYU STATIONERYSHOP', footer), 'receipt');
    expect(values.merchant_name).toBe('SANYU STATIONERY SHOP');
    expect(capped.merchant_name).toBeLessThan(0.9);
  });
});

describe("a repaired seller's name the organization knows", () => {
  /** An OCR'd invoice whose seller a label names: `seller` as read. */
  const invoice = (seller: string) =>
    doc([
      page(
        [
          { x: 40, y: 40, text: 'INVOICE' },
          { x: 40, y: 60, text: `Seller: ${seller}` },
          { x: 40, y: 74, text: 'No 12 Jalan Meranti, Taman Sri Muda' },
          { x: 40, y: 88, text: '40400 Shah Alam, Selangor' },
          { x: 340, y: 110, text: 'Invoice No: INV-2041' },
          { x: 340, y: 125, text: 'Invoice Date: 02/03/2024' },
          { x: 50, y: 300, text: 'Description' },
          { x: 440, y: 300, text: 'Amount' },
          { x: 50, y: 318, text: 'Office chairs' },
          { x: 440, y: 318, text: '240.00' },
          { x: 340, y: 360, text: 'Total 240.00' },
        ].map((item) => ({ ...item, confidence: 0.96 })),
        { source: 'ocr' },
      ),
    ]);
  const fields = [...RECOMMENDED_FIELDS.invoice];
  const vendorOf = (document: ReadDocument, options: ExtractFieldsOptions = {}) => {
    const result = extractFields(document, fields, { documentType: 'invoice', ...options });
    return { name: result.extracted_data.vendor_name, confidence: result.confidence.vendor_name! };
  };

  it('is sure only when its vendor hints confirm the name', () => {
    expect(vendorOf(invoice('Broadview Marketing Sdn Bhd')).confidence).toBeGreaterThanOrEqual(0.9);
    const misread = invoice('Broadview Marketina Sdn Bhd');
    const uncapped = vendorOf(misread, { evidenceCaps: false });
    expect(uncapped.name).toBe('Broadview Marketing Sdn Bhd');
    expect(uncapped.confidence).toBeGreaterThanOrEqual(0.9);
    expect(vendorOf(misread).confidence).toBeLessThan(0.9);
    expect(vendorOf(misread, { knownVendorName: 'Broadview Marketing Sdn. Bhd.' })).toEqual(uncapped);
    expect(vendorOf(misread, { knownVendorName: 'Broadway Marketing Sdn Bhd' }).confidence).toBeLessThan(0.9);
  });

  it("is confirmed by the vendor the repaired name's key finds in the organization's hints", async () => {
    const document = invoice('Broadview Marketina Sdn Bhd');
    const stores = createMemoryStores();
    const at = '2026-11-30T12:00:00.000Z';
    await stores.vendorHints.save({
      id: 'vh_broadview',
      org_id: 'org_1',
      keys: vendorKeys(document, 'Broadview Marketing Sdn Bhd'),
      name: 'Broadview Marketing Sdn Bhd',
      fields: {},
      created_at: at,
      updated_at: at,
    });
    // The page as the reader returns it: the OCR engine is the edge this test does not run.
    const reader = { read: () => Promise.resolve(document), inspect: () => Promise.reject(new Error('not used')) };
    const extractor = createDocumentExtractor({ reader, hints: stores.vendorHints });
    const request = {
      bytes: new Uint8Array(),
      mimeType: 'image/jpeg',
      documentType: 'invoice',
      fieldDefinitions: fields,
    };
    const known = await extractor.extract({ ...request, orgId: 'org_1', environment: 'live' });
    const stranger = await extractor.extract({ ...request, orgId: 'org_2', environment: 'live' });
    expect(known.extracted_data.vendor_name).toBe('Broadview Marketing Sdn Bhd');
    expect(known.confidence.vendor_name).toBeGreaterThanOrEqual(0.9);
    expect(stranger.confidence.vendor_name).toBeLessThan(0.9);
  });
});
