import { languageModelFolder } from '@intake/ocr-tesseract/languages';

// A file of its own: the CLI's --ocr-languages option checks with it, and importing the whole
// settings schema (core, the adapters' limits) would load them for `intake --help` too.

/** What is wrong with each language of a `+`-joined list whose model cannot be found (see @intake/ocr-tesseract). */
export function missingLanguageModels(languages: string): string[] {
  return languages.split('+').flatMap((code) => {
    try {
      languageModelFolder(code);
      return [];
    } catch (error) {
      return [(error as Error).message];
    }
  });
}

/** A `+`-joined list of language codes as a list; `none` (or nothing) is none. */
export const splitLanguages = (codes: string): string[] => (codes === 'none' || codes === '' ? [] : codes.split('+'));
