/**
 * Images (PNG, JPEG, WEBP, TIFF with any number of pages) through OCR. sharp (libvips, prebuilt in
 * its npm packages) decodes every format off the event loop, applies the EXIF orientation phones
 * write instead of turning pixels, and hands over grey pixels for tesseract.
 */
import type { ReadDocument, SupportedMimeType } from '@intake/core';
import sharp from 'sharp';
import { mapPages } from '../map-pages.js';
import type { GreyImage } from '../ocr/ocr-page.js';
import { ocrPage } from '../ocr/ocr-page.js';
import type { ReadContext } from '../read-context.js';
import { RESCAN, unreadable } from '../unreadable.js';

export type ImageMimeType = Exclude<SupportedMimeType, 'application/pdf'>;

export async function readImage(bytes: Uint8Array, mimeType: ImageMimeType, context: ReadContext): Promise<ReadDocument> {
  const count = await imagePageCount(bytes, mimeType);
  const pages = await mapPages(count, context.pool.size, context.signal, async (index, signal) => {
    const image = await decodePage(bytes, index);
    signal.throwIfAborted();
    return ocrPage(context.pool, { number: index + 1, image, width: image.width, height: image.height, scale: 1 }, signal);
  });
  return { mimeType, pages, attachments: [] };
}

/**
 * Only TIFF pages are document pages; the frames of an animated WEBP are not, so it counts as one.
 * sharp counts a TIFF's pages by walking its IFD chain without decoding pixels.
 */
export async function imagePageCount(bytes: Uint8Array, mimeType: ImageMimeType): Promise<number> {
  if (mimeType !== 'image/tiff') return 1;
  const metadata = await sharp(bytes).metadata().catch((error: unknown) => {
    throw damaged(error);
  });
  return Math.max(1, metadata.pages ?? 1);
}

async function decodePage(bytes: Uint8Array, index: number): Promise<GreyImage> {
  try {
    const { data, info } = await sharp(bytes, { page: index })
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
  unreadable('The image is damaged or incomplete and cannot be decoded', `Send the original file again. ${RESCAN}`, cause);
