import { describe, expect, it } from 'vitest';
import { respellByLexicon } from '../../packages/core/src/extraction/fields/lexicon-spellings.js';
import { ocrReceiptMerchant } from './synthetic.js';

/**
 * OCR misreads in names, written back from the common words of the lexicons
 * (packages/core/src/extraction/lexicons/words/*.json) when one known confusion (0/O, 1/I/l, I/l,
 * 5/S, 8/B, rn/m, vv/w) makes a word of a non-word, and from the closed set of legal forms.
 */

describe("a name's word one OCR confusion off a common word", () => {
  it('is written back as the word, in the case it was read in', () => {
    expect(respellByLexicon('KEDAI MINL MARKET')).toBe('KEDAI MINI MARKET');
    expect(respellByLexicon('Sunrise Bakerv Cafe')).toBe('Sunrise Bakerv Cafe');
    expect(respellByLexicon('SHELL 5TATION')).toBe('SHELL STATION');
    expect(respellByLexicon('Hill Pharrnacy')).toBe('Hill Pharmacy');
    expect(respellByLexicon('Nord Getränke Hande1')).toBe('Nord Getränke Handel');
  });

  it('a legal form of two or three letters misread is written back, and only into a legal form', () => {
    expect(respellByLexicon('AEON C0. (M) BHD.')).toBe('AEON CO. (M) BHD.');
    expect(respellByLexicon('ACME 8HD')).toBe('ACME BHD');
    // "M1" could be "MI" or "ML", neither a legal form: as read.
    expect(respellByLexicon('KEDAI M1')).toBe('KEDAI M1');
    // A letter for a letter in a short word is another word as often: "SRI" is no misread "SRL".
    expect(respellByLexicon('SRI MURNI')).toBe('SRI MURNI');
  });

  it('leaves words of the lexicons, proper names, numbers and ambiguous readings as read', () => {
    for (const name of ['FUYI ZHENG HUI', 'Hall Stores', 'OLIVE9 PHARMACY', '7 ELEVEN', 'AB 1000', 'Dion Trading'])
      expect(respellByLexicon(name)).toBe(name);
  });

  it('joins a word OCR split into pieces that are no words', () => {
    expect(respellByLexicon('GRAND SUPER MAR KET')).toBe('GRAND SUPER MARKET');
    expect(respellByLexicon('HOME HARD WA RE')).toBe('HOME HARDWARE');
    // Pieces that are words themselves stay apart ("HOME" "MART" is no "homemart").
    expect(respellByLexicon('HOME MART')).toBe('HOME MART');
  });
});

describe('on a receipt read by OCR', () => {
  it('the merchant comes out with the misread word repaired', () => {
    expect(ocrReceiptMerchant(['SRI MURNI MINL MARKET', 'NO 3 JALAN BESAR', 'KAJANG, SELANGOR'])).toBe(
      'SRI MURNI MINI MARKET',
    );
  });
});
