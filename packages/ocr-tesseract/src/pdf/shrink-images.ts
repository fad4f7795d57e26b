/**
 * Oversized JPEG images in a PDF shrunk before pdfjs reads it. pdfjs decodes an image at the size
 * the file gives it, whatever size it is drawn at: a 35-megapixel photo on an A4 page is 140 MB of
 * RGBA (and the canvases pdfjs scales it down through), where the page at 300 dpi is 8.7
 * megapixels. So an image with more than twice as many pixels as the largest page has at the
 * rendering's resolution is replaced by the same JPEG resized to that page's pixel count (its
 * aspect kept) and encoded again: drawn anywhere within a page, it still has a pixel or more for
 * every pixel of the rendering. Below twice, the saving would be less than what one more JPEG
 * generation costs the picture. The review screen's page pictures are shrunk for their width the
 * same way. An image past MAX_PIXELS_PER_IMAGE is left for pdfjs to leave out, undecoded.
 *
 * Only a plain JPEG is touched: `/DCTDecode` its only filter, no decode parameters, 8 bits, grey or
 * RGB (`/DeviceGray`, `/DeviceRGB`, or an ICC profile of 1 or 3 components), no `/Decode` array, no
 * mask, the JPEG's own size and components the dictionary's, no colour profile inside the JPEG.
 * Anything else, an encrypted or damaged file, a JPEG sharp cannot read: the document is left as it
 * was. A PDF with nothing to shrink is returned as the same bytes, found with a scan of its bytes
 * alone; pdf-lib parses the document only where an image dictionary names `/DCTDecode` and a size
 * of more than MIN_SHRUNK_PIXELS.
 */
import type { PDFDocument, PDFRawStream, PDFRef } from 'pdf-lib';
import { loadSharp } from '../image/load-sharp.js';

/**
 * The rendering the images are shrunk for: the pages' resolution for reading, or their width in
 * pixels for the review screen's page pictures, within the same pixel limits.
 */
export type ShrinkSettings = (
  | {
      /** The resolution pages are drawn at for reading. */
      renderDpi: number;
    }
  | {
      /** Every page drawn this many pixels wide (a page picture). */
      pageWidthPx: number;
    }
) & {
  /** MAX_PIXELS_PER_PAGE: a page is drawn at a lower resolution where it would pass it. */
  maxPagePixels: number;
  /**
   * MAX_PIXELS_PER_IMAGE: an image with more pixels is left as it is, so that pdfjs leaves it out
   * of the drawing undecoded, as it would without this pass.
   */
  maxImagePixels?: number;
};

export interface ShrunkImage {
  from: { width: number; height: number };
  to: { width: number; height: number };
}

export interface ShrinkResult {
  /** The PDF to read: the same bytes where `images` is empty. */
  bytes: Uint8Array;
  images: ShrunkImage[];
}

/** An image shrinks only if it has more than this many times the largest page's rendered pixels. */
export const OVERSIZE_FACTOR = 2;
/**
 * No image of at most this many pixels is shrunk, whatever the page (twice a receipt-sized page
 * at 300 dpi): what it costs pdfjs is small, and the bytes' scan passes a PDF without one.
 */
export const MIN_SHRUNK_PIXELS = 4_000_000;
/** The quality the shrunk image is encoded at: a scan's text keeps its edges. */
const JPEG_QUALITY = 92;
/** How far around `/DCTDecode` the bytes' scan looks for the image's `/Width` and `/Height`. */
const DICT_WINDOW = 4096;

export async function shrinkOversizedImages(bytes: Uint8Array, settings: ShrinkSettings): Promise<ShrinkResult> {
  const unchanged: ShrinkResult = { bytes, images: [] };
  if (!mayHoldLargeJpeg(bytes)) return unchanged;
  let doc: PDFDocument;
  let lib: typeof import('pdf-lib');
  try {
    lib = await import('pdf-lib');
    // Encrypted files throw here (their streams cannot be rewritten without the key).
    doc = await lib.PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    return unchanged;
  }
  const pagePixels = largestPagePixels(doc, settings);
  if (!(pagePixels > 0)) return unchanged;
  const maxImagePixels = settings.maxImagePixels ?? Infinity;
  const images: ShrunkImage[] = [];
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof lib.PDFRawStream)) continue;
    const shrunk = await shrinkImage(lib, doc, ref, object, pagePixels, maxImagePixels).catch(() => null);
    if (shrunk) images.push(shrunk);
  }
  if (images.length === 0) return unchanged;
  try {
    return { bytes: await doc.save({ updateFieldAppearances: false, addDefaultPage: false }), images };
  } catch {
    return unchanged;
  }
}

/**
 * Whether the bytes hold a `/DCTDecode` image whose `/Width` and `/Height`, read near it, pass
 * MIN_SHRUNK_PIXELS. Stream dictionaries are never inside compressed object streams, so every
 * image's dictionary is in the file as text. A size given by reference is not seen: such an image
 * is left as it is.
 */
function mayHoldLargeJpeg(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = buffer.indexOf('/DCTDecode'); at >= 0; at = buffer.indexOf('/DCTDecode', at + 1)) {
    const objAt = buffer.lastIndexOf('obj', at);
    const start = Math.max(objAt < 0 ? 0 : objAt, at - DICT_WINDOW);
    const streamAt = buffer.indexOf('stream', at);
    const end = Math.min(streamAt < 0 ? buffer.length : streamAt, at + DICT_WINDOW);
    const dict = buffer.toString('latin1', start, end);
    const width = /\/Width\s+(\d+)(?![\d.]|\s+\d+\s+R)/.exec(dict);
    const height = /\/Height\s+(\d+)(?![\d.]|\s+\d+\s+R)/.exec(dict);
    if (width && height && Number(width[1]) * Number(height[1]) > MIN_SHRUNK_PIXELS) return true;
  }
  return false;
}

/** Pixels of the document's largest page as renderPage draws it (its media box, which holds its crop box). */
function largestPagePixels(doc: PDFDocument, settings: ShrinkSettings): number {
  let largest = 0;
  for (const page of doc.getPages()) {
    const { width, height } = page.getMediaBox();
    const area = Math.abs(width * height);
    if (!Number.isFinite(area) || area <= 0) continue;
    const wanted = 'pageWidthPx' in settings ? settings.pageWidthPx / Math.abs(width) : settings.renderDpi / 72;
    const scale = Math.min(wanted, Math.sqrt(settings.maxPagePixels / area));
    largest = Math.max(largest, area * scale * scale);
  }
  return largest;
}

async function shrinkImage(
  lib: typeof import('pdf-lib'),
  doc: PDFDocument,
  ref: PDFRef,
  stream: PDFRawStream,
  pagePixels: number,
  maxImagePixels: number,
): Promise<ShrunkImage | null> {
  const { PDFName, PDFNumber, PDFRawStream: RawStream } = lib;
  const { dict } = stream;
  const name = (key: string) => PDFName.of(key);
  if (dict.lookup(name('Subtype')) !== name('Image')) return null;
  const width = dict.lookup(name('Width'));
  const height = dict.lookup(name('Height'));
  if (!(width instanceof PDFNumber) || !(height instanceof PDFNumber)) return null;
  const from = { width: width.asNumber(), height: height.asNumber() };
  const pixels = from.width * from.height;
  if (!(pixels > MIN_SHRUNK_PIXELS && pixels > OVERSIZE_FACTOR * pagePixels) || pixels > maxImagePixels) return null;
  if (!onlyDct(lib, dict.lookup(name('Filter')))) return null;
  for (const key of ['DecodeParms', 'Decode', 'SMask', 'Mask', 'ImageMask', 'SMaskInData', 'Alternates']) {
    if (dict.has(name(key))) return null;
  }
  const bits = dict.lookup(name('BitsPerComponent'));
  if (!(bits instanceof PDFNumber) || bits.asNumber() !== 8) return null;
  const components = colourComponents(lib, doc, dict.lookup(name('ColorSpace')));
  if (components === null) return null;

  const sharp = await loadSharp();
  const jpeg = stream.getContents();
  const meta = await sharp(jpeg).metadata();
  if (meta.format !== 'jpeg' || meta.width !== from.width || meta.height !== from.height) return null;
  // sharp keeps the pixels' stored order (it turns a picture by its EXIF orientation only when
  // asked to), as pdfjs draws them.
  if (meta.channels !== components || meta.icc) return null;
  const scale = Math.sqrt(pagePixels / pixels);
  const to = {
    width: Math.max(1, Math.round(from.width * scale)),
    height: Math.max(1, Math.round(from.height * scale)),
  };
  // libvips reads the JPEG sequentially (shrinking it on load where the factor allows) and resizes
  // it as it goes: the whole image at its own size is never held.
  const { data, info } = await sharp(jpeg)
    .resize(to.width, to.height, { fit: 'fill' })
    .toColourspace(components === 1 ? 'b-w' : 'srgb')
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer({ resolveWithObject: true });
  if (info.width !== to.width || info.height !== to.height || info.channels !== components) return null;

  const shrunk = dict.clone(doc.context);
  shrunk.set(name('Width'), PDFNumber.of(to.width));
  shrunk.set(name('Height'), PDFNumber.of(to.height));
  shrunk.delete(name('Length'));
  doc.context.assign(ref, RawStream.of(shrunk, new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
  return { from, to };
}

/** `/DCTDecode` alone, as a name or a one-element array. */
function onlyDct(lib: typeof import('pdf-lib'), filter: unknown): boolean {
  const dct = lib.PDFName.of('DCTDecode');
  if (filter === dct) return true;
  return filter instanceof lib.PDFArray && filter.size() === 1 && filter.lookup(0) === dct;
}

/** 1 or 3 for a grey or RGB colour space pdfjs reads from the JPEG's values as they are; null otherwise. */
function colourComponents(lib: typeof import('pdf-lib'), doc: PDFDocument, space: unknown): 1 | 3 | null {
  const { PDFArray, PDFName, PDFNumber, PDFRawStream } = lib;
  if (space === PDFName.of('DeviceGray')) return 1;
  if (space === PDFName.of('DeviceRGB')) return 3;
  if (!(space instanceof PDFArray) || space.size() !== 2 || space.lookup(0) !== PDFName.of('ICCBased')) return null;
  const profile = doc.context.lookup(space.get(1));
  if (!(profile instanceof PDFRawStream)) return null;
  const n = profile.dict.lookup(PDFName.of('N'));
  if (!(n instanceof PDFNumber)) return null;
  return n.asNumber() === 1 ? 1 : n.asNumber() === 3 ? 3 : null;
}
