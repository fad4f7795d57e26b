/**
 * Oversized JPEGs in a PDF are shrunk to what the 300 dpi rendering can use before pdfjs decodes
 * them; everything else reaches pdfjs as it was. The PDFs are made here: a scan drawn at twice the
 * page's 300 dpi pixels each way (four times its pixels), embedded as a JPEG on an A6 page.
 */
import { createTesseractReader } from '@intake/ocr-tesseract';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentPage } from '@intake/core';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream, StandardFonts, type PDFImage } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPdf, type OpenPdf } from '../../packages/ocr-tesseract/src/pdf/open-pdf.js';
import { openForPicture, pagePicture } from '../../packages/ocr-tesseract/src/pdf/thread/pdf-pages.js';
import { OPS } from '../../packages/ocr-tesseract/src/pdf/pdfjs.js';
import { renderPage } from '../../packages/ocr-tesseract/src/pdf/render-page.js';
import { shrinkOversizedImages } from '../../packages/ocr-tesseract/src/pdf/shrink-images.js';
import { textLayerWords } from '../../packages/ocr-tesseract/src/pdf/text-layer.js';
import { scanImage, textPdf, type DrawnText } from './documents.js';

/** A6 in points, and its pixels at 300 dpi (1240 x 1748). */
const A6 = { width: 297.64, height: 419.53 };
const SETTINGS = { renderDpi: 300, maxPagePixels: 36_000_000 };
const PAGE_PIXELS = A6.width * A6.height * (300 / 72) ** 2;

/** The invoice's lines at twice the size of a 300 dpi scan of an A6 page. */
const BIG_SCAN: DrawnText[] = [
  { text: 'ACME SUPPLIES LIMITED', x: 200, y: 400, size: 160 },
  { text: 'Invoice number 48213', x: 200, y: 900, size: 140 },
  { text: 'Total due 1,234.56', x: 200, y: 1400, size: 140 },
];
const BIG = { width: 2480, height: 3496 };

const reader = createTesseractReader({ workers: 1 });
afterAll(() => reader.close());

let greyJpeg: Buffer;
let rgbJpeg: Buffer;
beforeAll(async () => {
  const png = await scanImage(BIG_SCAN, BIG.width, BIG.height);
  greyJpeg = await sharp(png).toColourspace('b-w').jpeg({ quality: 90 }).toBuffer();
  rgbJpeg = await sharp(png).toColourspace('srgb').jpeg({ quality: 90 }).toBuffer();
});

/** An A6 page covered by one image, embedded by pdf-lib (a JPEG as /DCTDecode, a PNG as /FlateDecode). */
async function picturePdf(
  embed: (doc: PDFDocument) => Promise<PDFImage>,
  edit?: (doc: PDFDocument) => void,
  stamp?: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = await embed(doc);
  const page = doc.addPage([A6.width, A6.height]);
  page.drawImage(image, { x: 0, y: 0, ...A6 });
  if (stamp) page.drawText(stamp, { x: 20, y: 40, size: 20, font: await doc.embedFont(StandardFonts.Helvetica) });
  // pdf-lib writes an image's stream as the document is saved: written now, it can be edited.
  await image.embed();
  edit?.(doc);
  return doc.save();
}

/**
 * The JPEG with an EXIF segment saying how to turn it, as a phone writes it (sharp's own way of
 * writing one adds a colour profile too).
 */
function withOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = [0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0];
  const body = [...Buffer.from('Exif\0\0', 'latin1'), ...tiff];
  const app1 = Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}

/** The one image stream of a document made by picturePdf. */
function imageStream(doc: PDFDocument): PDFRawStream {
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream && object.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Image'))
      return object;
  }
  throw new Error('no image');
}

/** The size of the image pdfjs decodes to draw page 1 (of `bytes`, or of a PDF opened already). */
async function decodedImageSize(source: Uint8Array | OpenPdf): Promise<{ width: number; height: number }> {
  const { pdf, close } = source instanceof Uint8Array ? await openPdf(source) : source;
  try {
    const { fnArray, argsArray } = await (await pdf.getPage(1)).getOperatorList();
    const at = fnArray.indexOf(OPS.paintImageXObject);
    const args = argsArray[at] as [string, number, number];
    return { width: args[1], height: args[2] };
  } finally {
    await close();
  }
}

/** Page 1 rendered for OCR at 300 dpi, as the reader draws it. */
async function rendered(bytes: Uint8Array): Promise<Uint8Array> {
  const { pdf, close } = await openPdf(bytes);
  try {
    return (await renderPage(await pdf.getPage(1), 300, SETTINGS.maxPagePixels)).image.pixels;
  } finally {
    await close();
  }
}

const words = (page: DocumentPage | undefined): string => (page?.words ?? []).map((w) => w.text).join(' ');

describe('an oversized JPEG in a PDF', () => {
  it.each([
    ['grey', () => greyJpeg],
    ['RGB', () => rgbJpeg],
  ])('(%s) is shrunk to the page at 300 dpi: pdfjs decodes a quarter of the pixels', async (_, jpeg) => {
    const original = await picturePdf((doc) => doc.embedJpg(jpeg()));
    const { bytes, images } = await shrinkOversizedImages(original, SETTINGS);

    expect(images).toEqual([{ from: BIG, to: { width: 1240, height: 1748 } }]);
    expect(images[0]!.to.width * images[0]!.to.height).toBeLessThanOrEqual(Math.ceil(PAGE_PIXELS));
    expect(await decodedImageSize(original)).toEqual(BIG);
    expect(await decodedImageSize(bytes)).toEqual({ width: 1240, height: 1748 });

    // The shrunk stream is still a plain JPEG of the page's colour space, the rest of the image's dictionary kept.
    const stream = imageStream(await PDFDocument.load(bytes));
    const meta = await sharp(stream.getContents()).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1240, 1748]);
    expect(meta.channels).toBe(jpeg() === greyJpeg ? 1 : 3);
    const lookup = (key: string) => stream.dict.lookup(PDFName.of(key));
    expect(lookup('Filter')).toBe(PDFName.of('DCTDecode'));
    expect(lookup('ColorSpace')).toBe(PDFName.of(jpeg() === greyJpeg ? 'DeviceGray' : 'DeviceRGB'));
    expect((lookup('Length') as PDFNumber).asNumber()).toBe(stream.getContents().length);

    // The page drawn at 300 dpi from the shrunk image differs from the original's drawing by
    // resampling only: on average by less than 3 grey levels of 255.
    const [before, after] = [await rendered(original), await rendered(bytes)];
    expect(after.length).toBe(before.length);
    let difference = 0;
    for (let i = 0; i < before.length; i++) difference += Math.abs(before[i]! - after[i]!);
    expect(difference / before.length).toBeLessThan(3);
  });

  it('reads to the same words as the same page drawn at its own size', async () => {
    const oversized = await picturePdf((doc) => doc.embedJpg(greyJpeg));
    const pageSized = await picturePdf(async (doc) =>
      doc.embedJpg(await sharp(greyJpeg).resize(1240, 1748).jpeg({ quality: 90 }).toBuffer()),
    );
    const [read, expected] = [
      await reader.read(oversized, 'application/pdf'),
      await reader.read(pageSized, 'application/pdf'),
    ];
    expect(words(read.pages[0])).toBe('ACME SUPPLIES LIMITED Invoice number 48213 Total due 1,234.56');
    expect(words(read.pages[0])).toBe(words(expected.pages[0]));
  });

  it('keeps its pixels in their stored order, whatever its EXIF orientation (pdfjs does not turn it)', async () => {
    const turned = withOrientation(greyJpeg, 6);
    expect((await sharp(turned).metadata()).orientation).toBe(6);
    const original = await picturePdf((doc) => doc.embedJpg(turned));
    const { bytes, images } = await shrinkOversizedImages(original, SETTINGS);
    expect(images).toEqual([{ from: BIG, to: { width: 1240, height: 1748 } }]);
    const [before, after] = [await rendered(original), await rendered(bytes)];
    let difference = 0;
    for (let i = 0; i < before.length; i++) difference += Math.abs(before[i]! - after[i]!);
    expect(difference / before.length).toBeLessThan(3);
  });

  it('keeps the text layer of the page it is on, word for word and box for box', async () => {
    const original = await picturePdf((doc) => doc.embedJpg(rgbJpeg), undefined, 'Invoice 48213 Total 1,234.56');
    const { bytes, images } = await shrinkOversizedImages(original, SETTINGS);
    expect(images).toHaveLength(1);
    const textOf = async (pdfBytes: Uint8Array) => {
      const { pdf, close } = await openPdf(pdfBytes);
      try {
        return await textLayerWords(await pdf.getPage(1));
      } finally {
        await close();
      }
    };
    const before = await textOf(original);
    expect(before.map((w) => w.text)).toEqual(['Invoice', '48213', 'Total', '1,234.56']);
    expect(await textOf(bytes)).toEqual(before);
  });
});

/** The darkest grey level of a picture. */
async function darkest(png: Uint8Array): Promise<number> {
  const grey = await sharp(png).greyscale().raw().toBuffer();
  return grey.reduce((least, value) => Math.min(least, value), 255);
}

describe("the review screen's page pictures", () => {
  const LIMITS = { ...DEFAULT_DOCUMENT_LIMITS, maxPagePixels: SETTINGS.maxPagePixels };

  it("shrink an oversized JPEG to the picture's width: pdfjs decodes the picture's pixels, not the file's", async () => {
    const original = await picturePdf((doc) => doc.embedJpg(greyJpeg));
    // An A6 page 600 pixels wide is 600 x 846: the image is drawn from about as many.
    const decoded = await decodedImageSize(await openForPicture(original, 600, LIMITS));
    expect(decoded.width).toBeGreaterThanOrEqual(599);
    expect(decoded.width).toBeLessThanOrEqual(601);
    expect(decoded.height).toBeGreaterThanOrEqual(845);
    expect(decoded.height).toBeLessThanOrEqual(847);
    // The picture itself is as wide as asked, and shows the scan (dark text on white).
    const picture = await pagePicture(original, 1, 600, LIMITS);
    expect([picture!.width, picture!.height]).toEqual([600, 846]);
    expect(await darkest(picture!.png)).toBeLessThan(80);
  });

  it('leave a JPEG past MAX_PIXELS_PER_IMAGE alone, for pdfjs to leave out undecoded as before', async () => {
    const original = await picturePdf((doc) => doc.embedJpg(greyJpeg));
    const limit = BIG.width * BIG.height - 1;
    const { bytes, images } = await shrinkOversizedImages(original, { ...SETTINGS, maxImagePixels: limit });
    expect(images).toEqual([]);
    expect(bytes).toBe(original);
    // The picture is drawn without it: blank.
    const picture = await pagePicture(original, 1, 600, { ...LIMITS, maxImagePixels: limit });
    expect(await darkest(picture!.png)).toBeGreaterThan(200);
  });
});

describe('a PDF with nothing to shrink reaches pdfjs as the same bytes', () => {
  it.each([
    ['a text PDF', () => textPdf([[{ text: 'Invoice 48213', x: 72, y: 700, size: 12 }]])],
    [
      'a page-sized JPEG',
      () =>
        picturePdf(async (doc) =>
          doc.embedJpg(await sharp(greyJpeg).resize(1240, 1748).jpeg({ quality: 90 }).toBuffer()),
        ),
    ],
    // Under twice the page's pixels: not worth a JPEG generation.
    [
      'a JPEG of 1.9 times the page',
      () =>
        picturePdf(async (doc) =>
          doc.embedJpg(await sharp(greyJpeg).resize(1709, 2410).jpeg({ quality: 90 }).toBuffer()),
        ),
    ],
    [
      'an oversized PNG (not a JPEG)',
      () => picturePdf(async (doc) => doc.embedPng(await sharp(greyJpeg).png().toBuffer())),
    ],
  ])('%s', async (_, make) => {
    const original = await make();
    const copy = new Uint8Array(original);
    const { bytes, images } = await shrinkOversizedImages(original, SETTINGS);
    expect(images).toEqual([]);
    expect(bytes).toBe(original);
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(copy))).toBe(0);
  });
});

describe('an odd or damaged oversized image is left alone, and the document still reads', () => {
  const set = (key: string, value: (doc: PDFDocument) => unknown) => (doc: PDFDocument) =>
    imageStream(doc).dict.set(PDFName.of(key), value(doc) as never);

  it.each([
    ['with a /Decode array', set('Decode', (doc) => doc.context.obj([1, 0]))],
    ['with a soft mask', set('SMask', (doc) => doc.context.register(doc.context.stream(new Uint8Array(1), {})))],
    ['with decode parameters', set('DecodeParms', (doc) => doc.context.obj({ ColorTransform: 0 }))],
    ['with a second filter', set('Filter', (doc) => doc.context.obj(['FlateDecode', 'DCTDecode']))],
    ['whose dictionary gives another size than the JPEG', set('Width', () => PDFNumber.of(2400))],
    ['whose dictionary names another colour space', set('ColorSpace', () => PDFName.of('DeviceRGB'))],
    // The bytes' scan reads sizes written as numbers only.
    ['whose width is given by reference', set('Width', (doc) => doc.context.register(PDFNumber.of(BIG.width)))],
  ])('a JPEG %s', async (_, edit) => {
    const original = await picturePdf((doc) => doc.embedJpg(greyJpeg), edit);
    const { bytes, images } = await shrinkOversizedImages(original, SETTINGS);
    expect(images).toEqual([]);
    expect(bytes).toBe(original);
  });

  it('a CMYK JPEG', async () => {
    const cmyk = await sharp(greyJpeg).toColourspace('cmyk').jpeg({ quality: 90 }).toBuffer();
    const original = await picturePdf((doc) => doc.embedJpg(cmyk));
    expect((await shrinkOversizedImages(original, SETTINGS)).bytes).toBe(original);
  });

  // A line of text over the picture, as a scanning app stamps it: the page is still drawn and read.
  const STAMP = 'Invoice 48213 Total 1,234.56';

  it('a JPEG cut short: left as it is, and the page still reads', async () => {
    const cut = greyJpeg.subarray(0, Math.floor(greyJpeg.length / 2));
    const original = await picturePdf((doc) => doc.embedJpg(cut), undefined, STAMP);
    const { bytes, images } = await shrinkOversizedImages(original, SETTINGS);
    expect(images).toEqual([]);
    expect(bytes).toBe(original);
    const document = await reader.read(original, 'application/pdf');
    expect(words(document.pages[0])).toContain('48213');
  });

  it('a JPEG whose header is damaged: left as it is, and the page still reads', async () => {
    const damaged = Buffer.from(greyJpeg);
    // The start-of-frame marker (FFC0) gone: no decoder knows the picture's size.
    const sof = damaged.indexOf(Buffer.from([0xff, 0xc0]));
    damaged[sof + 1] = 0x00;
    const original = await picturePdf(
      async (doc) => doc.embedJpg(greyJpeg),
      (doc) => {
        const stream = imageStream(doc);
        doc.context.assign(doc.context.getObjectRef(stream)!, PDFRawStream.of(stream.dict, damaged));
      },
      STAMP,
    );
    const { bytes, images } = await shrinkOversizedImages(original, SETTINGS);
    expect(images).toEqual([]);
    expect(bytes).toBe(original);
    const document = await reader.read(original, 'application/pdf');
    expect(words(document.pages[0])).toContain('48213');
  });

  it('a damaged file: its bytes are passed on for pdfjs to judge', async () => {
    const whole = await picturePdf((doc) => doc.embedJpg(greyJpeg));
    const cut = whole.subarray(0, Math.floor(whole.length * 0.9));
    expect((await shrinkOversizedImages(cut, SETTINGS)).bytes).toBe(cut);
  });
});
