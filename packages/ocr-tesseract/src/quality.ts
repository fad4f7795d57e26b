/**
 * The floor below which a read is refused rather than handed to extraction: values picked from
 * noise or a blank page would come back as confident-looking fields. The floor applies to the
 * whole document, so a blank back page next to a good front page passes.
 */
import type { DocumentPage } from '@intake/core';
import { RESCAN, unreadable } from './unreadable.js';

export interface QualityFloor {
  /** Fewest words (containing a letter or digit) a readable document has. */
  minWords: number;
  /** Lowest mean OCR confidence (0..1) over the words of OCR'd pages. */
  minMeanConfidence: number;
}

export function assertReadable(pages: readonly DocumentPage[], floor: QualityFloor): void {
  const words = pages.flatMap((page) => page.words).filter((word) => /[\p{L}\p{N}]/u.test(word.text));
  if (words.length === 0) {
    throw unreadable(
      'No text could be read from the document: the pages are blank, or the text is too faint, blurred or small',
      `Check that the right file was sent. ${RESCAN}`,
    );
  }
  if (words.length < floor.minWords) {
    throw unreadable(`Only ${words.length} word(s) could be read from the document`, RESCAN);
  }
  const ocrWords = pages.filter((page) => page.source === 'ocr').flatMap((page) => page.words);
  if (ocrWords.length === 0) return;
  const mean = ocrWords.reduce((sum, word) => sum + word.confidence, 0) / ocrWords.length;
  if (mean < floor.minMeanConfidence) {
    throw unreadable(
      `The text is too unclear to read reliably (mean OCR confidence ${Math.round(mean * 100)}%)`,
      RESCAN,
    );
  }
}
