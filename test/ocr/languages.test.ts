import { createTesseractReader, DEFAULT_OCR_LANGUAGES } from '@intake/ocr-tesseract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanImage, scannedPdf } from './documents.js';

/**
 * Tesseract's languages: English and German by default, so that a German address keeps its
 * umlauts and its ß on a scan; others by name, each from its npm package.
 */

// Small print where the English model is unsure of its letters, as in an invoice's foot.
const GERMAN_SCAN = [
  { text: 'Lieferant GmbH, Lieferantenstraße 20, 80333 München, Deutschland', x: 100, y: 460, size: 24 },
  { text: 'Geschäftsführer: Hans Müller, Straße 7, Göttingen', x: 100, y: 520, size: 24 },
  { text: 'Rechnungsbetrag 1.234,56 EUR', x: 100, y: 600, size: 24 },
];

const words = async (reader: ReturnType<typeof createTesseractReader>, bytes: Uint8Array): Promise<string[]> =>
  (await reader.read(bytes, 'application/pdf')).pages.flatMap((p) => p.words.map((w) => w.text));

describe("tesseract's languages", () => {
  const readers = {
    default: createTesseractReader({ workers: 1 }),
    english: createTesseractReader({ workers: 1, languages: ['eng'] }),
  };
  afterAll(() => Promise.all(Object.values(readers).map((r) => r.close())));
  let scan: Uint8Array;
  beforeAll(async () => {
    scan = await scannedPdf(await scanImage(GERMAN_SCAN));
  });

  it('are English and German unless told otherwise', () => {
    expect(DEFAULT_OCR_LANGUAGES).toEqual(['eng', 'deu']);
  });

  it('read German words the English model is unsure of with their umlauts and ß', { timeout: 60_000 }, async () => {
    const read = await words(readers.default, scan);
    expect(read).toEqual(expect.arrayContaining(['Lieferantenstraße', 'Geschäftsführer:', 'Straße', '1.234,56']));
    // English alone reads "Lieferantenstral'e", "Geschaftsfuhrer:", "Stral3e".
    const english = await words(readers.english, scan);
    expect(english).toContain('1.234,56');
    for (const word of ['Lieferantenstraße', 'Geschäftsführer:', 'Straße']) expect(english).not.toContain(word);
  });

  it('name the reading revision, so that cached reads of another choice are read again', () => {
    expect(readers.default.revision).toBe('tesseract:2:eng+deu');
    // English alone was the reading before languages could be chosen.
    expect(readers.english.revision).toBe('tesseract:2');
    // Scanned PDF pages have a revision of their own: images keep theirs when only scans change.
    expect(readers.default.revisionOf('application/pdf')).toBe('tesseract:2:eng+deu:scans10');
    expect(readers.default.revisionOf('image/png')).toBe('tesseract:2:eng+deu');
  });

  it('are refused when the code is none or its model is not installed, with what to install', () => {
    expect(() => createTesseractReader({ languages: ['eng', 'xyz'] })).toThrow(
      'OCR language "xyz" needs its model: npm install @tesseract.js-data/xyz',
    );
    expect(() => createTesseractReader({ languages: ['English'] })).toThrow('is no tesseract language code');
    expect(() => createTesseractReader({ languages: [] })).toThrow('at least one language');
  });
});
