/**
 * Images (PNG, JPEG, WEBP, TIFF with any number of pages) through OCR. sharp (libvips, prebuilt in
 * its npm packages) decodes every format off the event loop, applies the EXIF orientation phones
 * write instead of turning pixels, and hands over grey pixels for tesseract.
 */
import type { DocumentLimits, ReadDocument } from '@intake/core';
import type { SupportedMimeType } from '@intake/core/jobs';
import { loadSharp } from './load-sharp.js';
import { mapPages } from '../map-pages.js';
import type { GreyImage } from '../ocr/ocr-page.js';
import { prepareImage } from './prepare-image.js';
import { ocrPage } from '../ocr/ocr-page.js';
import type { ReadContext } from '../read-context.js';
import { RESCAN, unreadable } from '../unreadable.js';
import { checkImage, checkPageCount } from '../limits.js';
import { lanes } from '../read-context.js';

export type ImageMimeType = Exclude<SupportedMimeType, 'application/pdf'>;

export async function readImage(
  bytes: Uint8Array,
  mimeType: ImageMimeType,
  context: ReadContext,
): Promise<ReadDocument> {
  const count = await checkImageLimits(bytes, mimeType, context.limits);
  const pages = await mapPages(count, lanes(context), context.signal, async (index, signal) => {
    // Its pixels are decoded only once the page has its place at the page gate, so that photos
    // waiting there hold no decoded pixels (nor sharp's buffers) beside the page being read
    // (docs/resources.md); its size until then is its header's, turned upright as the decoding turns it.
    const { width, height } = (await header(bytes, index)).autoOrient;
    signal.throwIfAborted();
    return ocrPage(
      context.pool,
      // A photo: tesseract's global threshold (see OcrPageInput.binarisation).
      { number: index + 1, width, height, binarisation: 'global' },
      async () => {
        const decoded = await decodePage(bytes, index, context.limits.maxImagePixels);
        signal.throwIfAborted();
        return {
          ...(await prepareImage(decoded, context.imagePreparation)),
          width: decoded.width,
          height: decoded.height,
        };
      },
      signal,
      context.engine,
      context.gate,
    );
  });
  return { mimeType, pages, attachments: [] };
}

/**
 * Only TIFF pages are document pages; the frames of an animated WEBP are not, so it counts as one.
 * sharp counts a TIFF's pages by walking its IFD chain without decoding pixels.
 */
export async function imagePageCount(bytes: Uint8Array, mimeType: ImageMimeType): Promise<number> {
  if (mimeType !== 'image/tiff') return 1;
  return Math.max(1, (await header(bytes, 0)).pages ?? 1);
}

/**
 * Page count and every page's size from the headers alone (sharp's metadata reads no pixels), so a
 * valid 20000 × 20000 PNG is refused as too large in milliseconds, not decoded and then called damaged.
 */
async function checkImageLimits(bytes: Uint8Array, mimeType: ImageMimeType, limits: DocumentLimits): Promise<number> {
  const first = await header(bytes, 0);
  const count = mimeType === 'image/tiff' ? Math.max(1, first.pages ?? 1) : 1;
  checkPageCount(count, 'TIFF', limits);
  for (let index = 0; index < count; index++) {
    const { width, height } = index === 0 ? first : await header(bytes, index);
    if (!width || !height) throw damaged(new Error('no image size in the header'));
    checkImage(width, height, count > 1 ? index + 1 : null, limits);
  }
  return count;
}

const header = async (bytes: Uint8Array, page: number) =>
  (await loadSharp())(bytes, { page, limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw damaged(error);
    });

async function decodePage(bytes: Uint8Array, index: number, maxPixels: number): Promise<GreyImage> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, { page: index, limitInputPixels: maxPixels })
      .rotate()
      // Transparent areas (a PNG on no background) become paper-white, not black.
      .flatten({ background: '#ffffff' })
      .greyscale()
      // 16-bit PNGs and TIFFs would otherwise come out as two bytes a pixel.
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, pixels: data };
  } catch (error) {
    throw damaged(error);
  }
}

const damaged = (cause: unknown): Error =>
  unreadable(
    'The image is damaged or incomplete and cannot be decoded',
    `Send the original file again. ${RESCAN}`,
    cause,
  );
