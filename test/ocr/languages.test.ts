import { createTesseractReader, DEFAULT_OCR_LANGUAGES, DEFAULT_OTHER_OCR_LANGUAGES } from '@intake/ocr-tesseract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanImage, scannedPdf } from './documents.js';

/**
 * Tesseract's languages: English and German by default, so that a German address keeps its
 * umlauts and its ß on a scan; a page in French, Spanish, Italian, Portuguese or Polish
 * read again in its own language; others by name, each from its npm package.
 */

// Small print where the English model is unsure of its letters, as in an invoice's foot.
const GERMAN_SCAN = [
  { text: 'Lieferant GmbH, Lieferantenstraße 20, 80333 München, Deutschland', x: 100, y: 460, size: 24 },
  { text: 'Geschäftsführer: Hans Müller, Straße 7, Göttingen', x: 100, y: 520, size: 24 },
  { text: 'Rechnungsbetrag 1.234,56 EUR', x: 100, y: 600, size: 24 },
];

// A Polish invoice's head: ł, ś, ź, ó and ą, which English and German read as other letters.
const POLISH_SCAN = [
  { text: 'Faktura VAT nr FV/2024/118, data wystawienia 12.03.2024', x: 100, y: 200, size: 30 },
  { text: 'Sprzedawca: Usługi Księgowe Woźniak i Wspólnicy Sp. z o.o.', x: 100, y: 280, size: 26 },
  { text: 'ul. Długa 213, 90-001 Łódź, NIP 725-18-01-126', x: 100, y: 330, size: 26 },
  { text: 'Nabywca: Wisła Handel Sp. z o.o., Gdańsk', x: 100, y: 380, size: 26 },
  { text: 'Nazwa towaru lub usługi: sprzątanie biura, środki czystości', x: 100, y: 430, size: 26 },
  { text: 'Razem do zapłaty: 1 234,56 zł, termin płatności 14 dni', x: 100, y: 510, size: 26 },
];

// A French invoice's head: é, è, ç and à, which English and German read as "e", "c" and "a".
const FRENCH_SCAN = [
  { text: 'Facture n° 2024-118 émise le 12 mars 2024', x: 100, y: 200, size: 30 },
  { text: 'Vendeur : Société Générale de Nettoyage, 12 rue de la République', x: 100, y: 280, size: 26 },
  { text: 'Règlement à réception, par chèque ou par virement bancaire', x: 100, y: 330, size: 26 },
  { text: 'Client : Café des Arts, 4 place du Marché, 69002 Lyon', x: 100, y: 380, size: 26 },
  { text: 'Désignation : entretien des locaux, fournitures comprises', x: 100, y: 430, size: 26 },
  { text: 'Montant TTC à payer : 1 234,56 € dont TVA 205,76 €', x: 100, y: 510, size: 26 },
  { text: 'Pénalités de retard : trois fois le taux d’intérêt légal', x: 100, y: 560, size: 26 },
];

const words = async (reader: ReturnType<typeof createTesseractReader>, bytes: Uint8Array): Promise<string[]> =>
  (await reader.read(bytes, 'application/pdf')).pages.flatMap((p) => p.words.map((w) => w.text));

describe("tesseract's languages", () => {
  const readers = {
    default: createTesseractReader({ workers: 1 }),
    english: createTesseractReader({ workers: 1, languages: ['eng'] }),
    once: createTesseractReader({ workers: 1, otherLanguages: [] }),
  };
  afterAll(() => Promise.all(Object.values(readers).map((r) => r.close())));
  let scan: Uint8Array;
  let polish: Uint8Array;
  let french: Uint8Array;
  beforeAll(async () => {
    scan = await scannedPdf(await scanImage(GERMAN_SCAN));
    polish = await scannedPdf(await scanImage(POLISH_SCAN));
    french = await scannedPdf(await scanImage(FRENCH_SCAN));
  });

  it('are English and German unless told otherwise, and five others to read a page again in', () => {
    expect(DEFAULT_OCR_LANGUAGES).toEqual(['eng', 'deu']);
    expect(DEFAULT_OTHER_OCR_LANGUAGES).toEqual(['fra', 'spa', 'ita', 'por', 'pol']);
  });

  it('read German words the English model is unsure of with their umlauts and ß', { timeout: 60_000 }, async () => {
    const read = await words(readers.default, scan);
    expect(read).toEqual(expect.arrayContaining(['Lieferantenstraße', 'Geschäftsführer:', 'Straße', '1.234,56']));
    // A German page is read once: no thread for another language started for it.
    expect(readers.default.ocrWorkers().tesseract).toBe(1);
    // English alone reads "Lieferantenstral'e", "Geschaftsfuhrer:", "Stral3e".
    const english = await words(readers.english, scan);
    expect(english).toContain('1.234,56');
    for (const word of ['Lieferantenstraße', 'Geschäftsführer:', 'Straße']) expect(english).not.toContain(word);
  });

  it('read a French or Polish page again in its language, which keeps its letters', { timeout: 60_000 }, async () => {
    const polishWords = ['Usługi', 'Woźniak', 'Wspólnicy', 'Długa', 'Łódź,', 'Wisła', 'zapłaty:', 'płatności'];
    expect(await words(readers.default, french)).toEqual(
      expect.arrayContaining(['Société', 'Générale', 'République', 'Règlement', 'réception,', 'chèque']),
    );
    // Its thread for French is the reader's too, beside the first languages' one.
    expect(readers.default.ocrWorkers().tesseract).toBe(2);
    const read = await words(readers.default, polish);
    expect(read).toEqual(expect.arrayContaining(polishWords));
    // Polish's thread has taken French's place: one other language's model at a time.
    expect(readers.default.ocrWorkers().tesseract).toBe(2);
    // Read once, in English and German: "Ustugi", "Wozniak", "Wspélnicy", "Diuga".
    const once = await words(readers.once, polish);
    expect(once.filter((w) => polishWords.includes(w)).length).toBeLessThan(polishWords.length / 2);
    expect(readers.once.ocrWorkers().tesseract).toBe(1);
  });

  it('name the reading revision, so that cached reads of another choice are read again', () => {
    expect(readers.default.revision).toBe('tesseract:2:eng+deu:then-fra+spa+ita+por+pol');
    expect(readers.once.revision).toBe('tesseract:2:eng+deu');
    // English alone was the reading before languages could be chosen.
    expect(createTesseractReader({ languages: ['eng'], otherLanguages: [] }).revision).toBe('tesseract:2');
    // Scanned PDF pages have a revision of their own: images keep theirs when only scans change.
    expect(readers.once.revisionOf('application/pdf')).toBe('tesseract:2:eng+deu:scans10');
    expect(readers.once.revisionOf('image/png')).toBe('tesseract:2:eng+deu');
  });

  it('are refused when the code is none or its model is not installed, with what to install', () => {
    expect(() => createTesseractReader({ languages: ['eng', 'xyz'] })).toThrow(
      'OCR language "xyz" needs its model: npm install @tesseract.js-data/xyz',
    );
    expect(() => createTesseractReader({ languages: ['English'] })).toThrow('is no tesseract language code');
    expect(() => createTesseractReader({ languages: [] })).toThrow('at least one language');
    expect(() => createTesseractReader({ otherLanguages: ['fra', 'xyz'] })).toThrow(
      'OCR language "xyz" needs its model: npm install @tesseract.js-data/xyz',
    );
  });
});
