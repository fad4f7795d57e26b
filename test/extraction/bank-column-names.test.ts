import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { createContext } from '../../packages/core/src/extraction/context.js';
import { vendorCandidates } from '../../packages/core/src/extraction/fields/parties.js';
import { namesInSentence } from '../../packages/core/src/extraction/fields/sentence-names.js';
import { doc, dutchItemAndTotals, type Placed } from './synthetic.js';

/**
 * Invoicing programs print their footer in columns: the seller's name over its address, the bank
 * over the account it keeps ("ING Bank N.V." over "IBAN NL…", "Commerzbank AG" over "IBAN DE…"),
 * and the tax number, e-mail and web address. With the letterhead a logo image, the footer is all
 * the page says of the seller, and the bank, whose name has a legal form, is no seller. The
 * holder under the account ("Empfänger: …", "Intestatario: …") is the seller, though those words
 * head the buyer's block elsewhere. Nor is the key of a details box's contact row, the first text
 * of a page under a logo image, a top name.
 */

const vendor = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data.vendor_name;

/** Every name the page offers as the seller's. */
const offered = (placed: Placed[]) =>
  vendorCandidates(createContext(doc(placed), []), ['vendor_name'], 'invoice').map((c) => String(c.value));

/** A details box over the buyer's block, items and totals, then the footer's columns. */
const invoice = (seller: string[], bank: string[], contactKey = 'Klantnummer'): Placed[] => [
  { x: 50, y: 120, text: 'Factuuradres' },
  { x: 50, y: 134, text: 'Tandartspraktijk Oost' },
  { x: 50, y: 148, text: 'Havenstraat 11' },
  { x: 50, y: 162, text: '3024 SK Rotterdam' },
  { x: 380, y: 60, text: 'Factuurnummer' },
  { x: 480, y: 60, text: 'RE56028' },
  { x: 380, y: 74, text: 'Factuurdatum' },
  { x: 480, y: 74, text: '13-09-2025' },
  { x: 380, y: 88, text: contactKey },
  { x: 480, y: 88, text: 'Sanne Bakker' },
  ...dutchItemAndTotals('Arbeidsloon'),
  ...seller.map((text, i): Placed => ({ x: 50, y: 770 + i * 12, text })),
  ...bank.map((text, i): Placed => ({ x: 230, y: 770 + i * 12, text })),
  { x: 420, y: 770, text: 'NL734732436B01' },
  { x: 420, y: 782, text: 'info@drukkerij-vermeulen.nl' },
];

describe("a footer's bank column", () => {
  it('a bank named over its IBAN is not the seller named over its address', () => {
    const page = invoice(
      ['Drukkerij Vermeulen', 'Dorpsweg 40', '5611 AB Eindhoven'],
      ['ING Bank N.V.', 'IBAN NL88 INGB 0658 9111 53', 'BIC INGBNL2A'],
    );
    expect(offered(page)).not.toContain('ING Bank N.V.');
    expect(vendor(page)).toBe('Drukkerij Vermeulen');
  });

  it('a bank named beside nothing but its own lines is still no seller', () => {
    const page = invoice(['Dorpsweg 40', '5611 AB Eindhoven'], ['Commerzbank AG', 'IBAN DE91 7176 9410 5236 4588 56']);
    expect(offered(page)).not.toContain('Commerzbank AG');
  });

  it("the account's holder under the IBAN is the seller, not the buyer its label names elsewhere", () => {
    const page = invoice(
      ['Am Markt 3', '04109 Leipzig'],
      ['Commerzbank AG', 'IBAN DE91 7176 9410 5236 4588 56', 'Empfänger: Gebäudereinigung Lorenz'],
    );
    expect(vendor(page)).toBe('Gebäudereinigung Lorenz');
  });

  it('"Intestatario" under the IBAN names the holder too', () => {
    const page = invoice(
      ['Via Roma 45', '20121 Milano'],
      ['Banca Intesa Sanpaolo', 'IBAN IT59 8320 6156 3100 1254 13', 'Intestatario: Edilizia Ferri S.r.l.'],
    );
    expect(vendor(page)).toBe('Edilizia Ferri S.r.l.');
  });
});

describe("a details box's contact row", () => {
  it.each(['Your contact', 'Referente'])('"%s" beside a person names no seller', (key) => {
    const page = invoice(
      ['Drukkerij Vermeulen', 'Dorpsweg 40', '5611 AB Eindhoven'],
      ['ING Bank N.V.', 'IBAN NL88 INGB 0658 9111 53'],
      key,
    );
    expect(offered(page)).not.toContain(key);
  });
});

describe('a trading name in a footer sentence', () => {
  it('"es una marca comercial de" names the parent after it, the brand before it', () => {
    expect(namesInSentence('Soleado es una marca comercial de Soleado Energía Solar S.L., CIF B1234567')).toEqual([
      'Soleado',
    ]);
  });
});

describe('the payee of a transfer named in a sentence', () => {
  it('is the name after the phrase, up to where the sentence goes on', () => {
    expect(
      namesInSentence('Please pay by bank transfer to Aurora Heating Services Ltd, account 12-3456-7890123-00.'),
    ).toEqual(['Aurora Heating Services Ltd']);
  });

  it("is read where OCR ran a phrase's words together", () => {
    expect(namesInSentence('Bonifico afavore di Fotografia Francesca Rinaldi')).toEqual([
      'Fotografia Francesca Rinaldi',
    ]);
    expect(namesInSentence('Make all checks payableto Clover Hill Florist')).toEqual(['Clover Hill Florist']);
  });
});
