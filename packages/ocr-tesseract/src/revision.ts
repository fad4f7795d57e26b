/**
 * Bumped whenever a change alters the words read from a page (preprocessing, models, engine
 * settings), so that caches of read documents (`intake eval`'s) know to read again. 2: document
 * pages binarised by Sauvola's local threshold instead of Otsu's global one.
 */
export const READING_REVISION = 2;

/**
 * The revision images read by another engine (PaddleOCR) are cached under: no tesseract change
 * touches them, so they keep the one they were read under, and a change to tesseract's reading does
 * not send every photo through the other engine again.
 */
export const ENGINE_IMAGES_REVISION = 1;

/**
 * Bumped whenever a change alters the words read from scanned PDF pages only (images read as
 * before): PDFs are cached under it, images keep READING_REVISION alone. 4: regions with print and
 * no word read again (ocr/missed-ink.ts). 5: light print on dark bars read again inverted
 * (ocr/reverse-print.ts). 6: a text layer's filled form fields and text boxes read
 * (pdf/form-fields.ts); PDF text layers are cached under this revision too. 7: a text layer's
 * turned words carry their direction (Word.turn). 8: a letter-spaced text item's words placed by
 * its drawn glyphs (pdf/glyph-runs.ts). 9: bands of any grey and of several lines read again
 * inverted (ocr/reverse-print.ts). 10: another program's invisible OCR under a page picture read as
 * OCR'd words (pdf/ocr-text-layer.ts); size-1 Type 3 fonts' words as tall as the em.
 */
export const SCANNED_PAGES_REVISION = 10;
