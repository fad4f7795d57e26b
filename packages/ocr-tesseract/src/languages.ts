/**
 * Tesseract's languages and where their models come from. A module of its own, light to import, so
 * that configuration can check a setting without loading the reader.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * English, and German for its ä, ö, ü and ß, which the English model reads as "ii", "B" or "lle"
 * ("Lieferantenstralle 20, 80333 Miinchen"). With both, tesseract runs the second model only on
 * the words the first reads with little confidence.
 */
export const DEFAULT_OCR_LANGUAGES: readonly string[] = ['eng', 'deu'];

/**
 * The languages a page is read again in when its words, read in the first languages, are in one of
 * them (ocr/page-language.ts): French, Spanish, Italian, Portuguese and Polish, whose accents and
 * letters (é, ñ, ç, ã, ł, ś) English and German read as others ("Wozniak i Wspélnicy", "Ustugi"
 * for "Usługi"). Read in all of them at once, tesseract tried every model on each unsure word and
 * took Spanish or Polish readings of German words and digits ("Lieferantenstrañe", "1/,05"); a
 * page of one language read in that one and English keeps them. Dutch, written in the letters
 * English reads, is not among them: read again in Dutch, pages lost as many values as they gained.
 */
export const DEFAULT_OTHER_OCR_LANGUAGES: readonly string[] = ['fra', 'spa', 'ita', 'por', 'pol'];

/**
 * The folder of a language's model: tesseract.js' default, the "best" LSTM network quantised to
 * integers, which runs faster, from the npm package `@tesseract.js-data/<code>`. Throws with what
 * to install when the package is missing or the code is no language code.
 */
export function languageModelFolder(code: string): string {
  if (!/^[a-z]{3}(?:_[a-z]+)?$/u.test(code))
    throw new Error(`OCR language "${code}" is no tesseract language code (such as eng, deu, fra, nld or spa)`);
  try {
    return path.join(path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), '4.0.0_best_int');
  } catch {
    throw new Error(
      `OCR language "${code}" needs its model: npm install @tesseract.js-data/${code} (next to @intake/ocr-tesseract)`,
    );
  }
}
