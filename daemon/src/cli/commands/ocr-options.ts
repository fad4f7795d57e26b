import { InvalidArgumentError, Option } from 'commander';
import { DEFAULT_OCR_LANGUAGES, DEFAULT_OTHER_OCR_LANGUAGES } from '@intake/ocr-tesseract/languages';
import { missingLanguageModels } from '../../config/language-models.js';

/** `--ocr-engine` and `--ocr-pages`, defaulting to the daemon's OCR_ENGINE and OCR_ENGINE_PAGES. */
export const ocrEngineOption = (): Option =>
  new Option('--ocr-engine <engine>', 'OCR engine for images (and scanned pages with --ocr-pages scans)')
    .choices(['tesseract', 'paddle'])
    .env('OCR_ENGINE')
    .default('paddle');

export const ocrPagesOption = (): Option =>
  new Option('--ocr-pages <pages>', 'pages --ocr-engine paddle reads: images, or scans (images and scanned PDF pages)')
    .choices(['images', 'scans'])
    .env('OCR_ENGINE_PAGES')
    .default('images');

/** `--ocr-languages`, defaulting to the daemon's OCR_LANGUAGES. */
export const ocrLanguagesOption = (): Option =>
  new Option('--ocr-languages <codes>', "tesseract's languages joined by +, each from @tesseract.js-data/<code>")
    .env('OCR_LANGUAGES')
    .default(DEFAULT_OCR_LANGUAGES.join('+'))
    .argParser(languageCodes());

/** `--ocr-other-languages`, defaulting to the daemon's OCR_OTHER_LANGUAGES (`none`: pages read once). */
export const ocrOtherLanguagesOption = (): Option =>
  new Option(
    '--ocr-other-languages <codes>',
    'languages a page is read again in when its words are in one of them, joined by +, or none',
  )
    .env('OCR_OTHER_LANGUAGES')
    .default(DEFAULT_OTHER_OCR_LANGUAGES.join('+'))
    .argParser(languageCodes({ none: true }));

/** Checks a `+`-joined list of language codes (and `none` or nothing, where allowed): each model installed. */
function languageCodes({ none = false } = {}): (value: string) => string {
  return (value) => {
    const problems = none && (value === 'none' || value === '') ? [] : missingLanguageModels(value);
    if (problems.length) throw new InvalidArgumentError(problems.join('; '));
    return value;
  };
}
