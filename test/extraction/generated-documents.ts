import { createHash } from 'node:crypto';
import type { ReadDocument } from '@intake/core';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { generateDocument, type SyntheticDocument } from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import { vocabularyOf, type Language } from '../../packages/extraction-lab/src/synthetic/vocabulary.js';

/**
 * What the tests of the extraction lab's generated documents (synthetic-documents, stranger-*)
 * share: the text a document's words read as, the layout choices its ground truth names, and the
 * words of its language.
 */

/** The document's words, a line per row of a page (words whose tops lie within 3 points), page after page. */
export function pageText(doc: ReadDocument): string {
  return doc.pages
    .map((page) => {
      const lines = new Map<number, string[]>();
      for (const w of [...page.words].sort((a, b) => a.bbox.y0 - b.bbox.y0 || a.bbox.x0 - b.bbox.x0)) {
        const key = [...lines.keys()].find((y) => Math.abs(y - w.bbox.y0) < 3) ?? w.bbox.y0;
        lines.set(key, [...(lines.get(key) ?? []), w.text]);
      }
      return [...lines.values()].map((l) => l.join(' ')).join('\n');
    })
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
