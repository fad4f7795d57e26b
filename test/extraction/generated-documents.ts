import { createHash } from 'node:crypto';
import type { ReadDocument } from '@intake/core';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { generateDocument, type SyntheticDocument } from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import { vocabularyOf, type Language } from '../../packages/extraction-lab/src/synthetic/vocabulary.js';

/**
 * What the tests of the extraction lab's generated documents (synthetic-documents, stranger-*)
 * share: the text a document's words read as, the layout choices its ground truth names, and the
 * words of its language.
 */

/**
 * The document's text as extraction reads it: a line per row of a page (`buildLines`: a
 * letter-spaced name or title joined into its words), page after page.
 */
export function pageText(doc: ReadDocument): string {
  return buildLines(doc)
    .map((line) => line.text)
    .join('\n');
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The value of one choice (` name=value`) in the document's `synthetic.layout` note. */
export const layoutChoice = (d: SyntheticDocument, name: string) =>
  new RegExp(` ${name}=(\\S+)`).exec(d.expected.synthetic.layout)![1]!;

/** The generator's words in the document's language. */
export const vocabularyOfDocument = (d: SyntheticDocument) => vocabularyOf(d.expected.synthetic.language as Language);

/** A text with each run of spaces as one space, its lines kept. */
export const squeezeSpaces = (text: string) => text.replace(/[^\S\n]+/g, ' ').trim();

/** A text with each run of white space, line breaks too, as one space. */
export const squeezeAll = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The seller's name in a document's ground truth: an invoice's vendor, an order's supplier. */
export const sellerName = (d: SyntheticDocument) =>
  (d.expected.fields.vendor_name ?? d.expected.fields.supplier_name) as string;

/** `text` as a regular expression matching it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * `count` stranger text PDFs of one seed, generated, and the text of each as its text layer reads
 * (through `squeeze`), by a reader that is closed before this returns.
 */
export async function readStrangerDocuments(
  seed: number,
  count: number,
  squeeze: (text: string) => string,
): Promise<{ docs: SyntheticDocument[]; texts: string[] }> {
  const reader = createTesseractReader({ workers: 1, pdfBudget: { stepTimeoutMs: 120_000 } });
  try {
    const fonts = availableFonts();
    const docs: SyntheticDocument[] = [];
    for (let i = 0; i < count; i++) docs.push(await generateDocument(seed, i, 'text', fonts, 'stranger'));
    const texts: string[] = [];
    for (const d of docs) texts.push(squeeze(pageText(await reader.read(d.bytes, 'application/pdf'))));
    return { docs, texts };
  } finally {
    await reader.close();
  }
}

/** The longest run of one-glyph words on the first page, in reading order of the text layer. */
export function longestGlyphRun(read: ReadDocument): number {
  let longest = 0;
  let run = 0;
  for (const word of read.pages[0]!.words) {
    run = [...word.text].length === 1 ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/**
 * Whether the page's head (its lines above 100 points, where the generator sets the title) has a
 * segment that begins with one of the vocabulary's titles for the document's kind: as a word, or
 * (`broken` false) as the start of a run whose word breaks the text layer lost.
 */
export function titleOnLines(doc: SyntheticDocument, read: ReadDocument, broken = true): boolean {
  const kind = doc.expected.document_type as 'invoice' | 'purchase_order';
  const head = buildLines(read).filter((l) => l.page === 1 && l.y0 < 100);
  const segments = head.flatMap((l) => l.segments.map((s) => s.text.toLowerCase()));
  return vocabularyOfDocument(doc).titles[kind].some((title) => {
    const t = title.toLowerCase();
    return segments.some((s) => s === t || s.startsWith(broken ? `${t} ` : t));
  });
}

/** Whether a stranger page tracks its title: a bare title (no number or date in it) set in the head. */
export const tracksTitle = (d: SyntheticDocument) =>
  /^(title|both)$/.test(layoutChoice(d, 'tracking')) &&
  layoutChoice(d, 'seller-place') !== 'title-left' &&
  layoutChoice(d, 'number') !== 'title' &&
  layoutChoice(d, 'date-place') !== 'title';
