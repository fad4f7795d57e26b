/**
 * Merging PDFs and images into one PDF with pdf-lib (PDF pages, PNG and JPEG embedding) and sharp
 * (what pdf-lib cannot embed: WEBP and TIFF, and the EXIF orientation of a photo). One page per
 * image, all pages of each PDF, in the order given. Every failure names the document (1-based, as
 * given) and why. It runs in the combiner's thread (combine-thread.ts): pdf-lib parses every
 * object of a PDF on the thread that loads it (a 128 KB PDF of 10,000 empty pages took 2 s of CPU).
 */
import { PDFDocument, type PDFImage, type PDFPage } from 'pdf-lib';
import { loadSharp } from './load-sharp.js';
import type { CombinableDocument } from '@intake/core/ports';

/** Images that carry no density get this: rendering the page at 300 dpi then gives back each pixel. */
const DEFAULT_DPI = 300;
/** PDF viewers refuse pages larger than 200 inches (14,400 points); an image at 1 dpi would be one. */
const MAX_PAGE_POINTS = 14_400;

/** The pages of the combined PDF so far, against the most it may have. */
interface PageBudget {
  pages: number;
  maxPages: number;
}

/** `documents` as one PDF of at most `maxPages` pages. */
export async function combineDocuments(
  documents: readonly CombinableDocument[],
  maxPages: number,
): Promise<Uint8Array> {
  if (documents.length === 0) throw new Error('No documents to combine');
  const output = await PDFDocument.create();
  const budget: PageBudget = { pages: 0, maxPages };
  for (const [index, document] of documents.entries()) {
    try {
      await append(output, document, budget);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `Document ${index + 1} of ${documents.length} (${document.mimeType}) could not be combined: ${reason}`,
        { cause: error },
      );
    }
  }
  return output.save();
}

/** Counts `pages` more, refusing before they are copied or drawn when the total passes the limit. */
function takePages(budget: PageBudget, pages: number): void {
  budget.pages += pages;
  if (budget.pages <= budget.maxPages) return;
  throw new ClearError(
    `the combined PDF would have more than ${budget.maxPages} pages, the limit per document (MAX_PAGES_PER_DOCUMENT)`,
  );
}

async function append(output: PDFDocument, document: CombinableDocument, budget: PageBudget): Promise<void> {
  switch (document.mimeType) {
    case 'application/pdf':
      return appendPdf(output, document.bytes, budget);
    case 'image/png':
    case 'image/jpeg':
      takePages(budget, 1);
      return appendPngOrJpeg(output, document.bytes, document.mimeType);
    case 'image/webp':
    case 'image/tiff':
      return appendConverted(output, document.bytes, budget);
    default:
      throw new Error(`${document.mimeType} is not a type that can be combined (PDF, PNG, JPEG, WEBP or TIFF)`);
  }
}

async function appendPdf(output: PDFDocument, bytes: Uint8Array, budget: PageBudget): Promise<void> {
  let pages: PDFPage[];
  try {
    // Loaded with ignoreEncryption only to ask isEncrypted (pdf-lib's EncryptedPDFError fails
    // instanceof). pdf-lib cannot decrypt: copied pages would keep encrypted streams, blank or
    // garbled, and that includes PDFs that open without a password.
    const source = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    if (source.isEncrypted) throw new ClearError('the PDF is encrypted, and encrypted PDFs cannot be combined');
    // pdf-lib loads leniently; a broken PDF often fails only here, when its page tree is read.
    const indices = source.getPageIndices();
    if (indices.length === 0) throw new ClearError('the PDF has no pages');
    takePages(budget, indices.length);
    pages = await output.copyPages(source, indices);
  } catch (error) {
    if (error instanceof ClearError) throw error;
    throw new Error(`the PDF could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
  for (const page of pages) output.addPage(page);
}

/** An error whose message already says what is wrong, passed on as it is. */
class ClearError extends Error {}

/**
 * PNG and JPEG go in as they are (a JPEG keeps its compressed data). A photo with an EXIF
 * orientation other than upright is turned by sharp first, since PDF knows nothing of EXIF.
 */
async function appendPngOrJpeg(
  output: PDFDocument,
  bytes: Uint8Array,
  mimeType: 'image/png' | 'image/jpeg',
): Promise<void> {
  const sharp = await loadSharp();
  const metadata = await sharp(bytes).metadata();
  let data: Uint8Array = bytes;
  if (metadata.orientation !== undefined && metadata.orientation > 1) {
    const upright = sharp(bytes).autoOrient();
    data = await (mimeType === 'image/jpeg' ? upright.jpeg({ quality: 95 }) : upright.png()).toBuffer();
  }
  const image = mimeType === 'image/jpeg' ? await output.embedJpg(data) : await output.embedPng(data);
  addImagePage(output, image, metadata.density);
}

/** WEBP and TIFF become PNG first (every page of a multi-page TIFF; an animated WEBP gives its first frame). */
async function appendConverted(output: PDFDocument, bytes: Uint8Array, budget: PageBudget): Promise<void> {
  const sharp = await loadSharp();
  const { pages = 1 } = await sharp(bytes).metadata();
  takePages(budget, pages);
  for (let page = 0; page < pages; page += 1) {
    const input = sharp(bytes, { page });
    const { density } = await input.metadata();
    // pdf-lib decodes the PNG and deflates the pixels again: compressing hard here is wasted.
    const png = await input.autoOrient().png({ compressionLevel: 1 }).toBuffer();
    addImagePage(output, await output.embedPng(png), density);
  }
}

/** A page the size of the image at its density, so rendering at that density reproduces its pixels. */
function addImagePage(output: PDFDocument, image: PDFImage, density: number | undefined): void {
  // 72 dpi (or less) is what encoders and cameras write when they know nothing: a phone photo
  // would become a 55-inch page. Only a density above it is taken as the scan's real one.
  const dpi = density !== undefined && Number.isFinite(density) && density > 72 ? density : DEFAULT_DPI;
  let width = (image.width * 72) / dpi;
  let height = (image.height * 72) / dpi;
  const shrink = Math.min(1, MAX_PAGE_POINTS / Math.max(width, height));
  width *= shrink;
  height *= shrink;
  const page = output.addPage([width, height]);
  page.drawImage(image, { x: 0, y: 0, width, height });
}
