/**
 * The PDF combiner on documents made here: a 2-page PDF, a PNG, a JPEG, a WEBP and a 2-page TIFF
 * become one 7-page PDF, each image page sized so that rendering at the image's density gives its
 * pixels back; unreadable and encrypted PDFs fail with an Error that says which document and why.
 * Combining runs in a thread of its own: a PDF of 3,000 empty pages (0.6 s of pdf-lib's CPU on the
 * thread that loads it) is refused past the page limit while this thread's event loop stays free,
 * and a message that runs past its time ends the thread, the next one getting a fresh thread.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPdfCombiner } from '@intake/mail-documents';
import type { CombinableDocument } from '@intake/core/ports';
import { eventually } from '../support/wait.js';

const combiner = createPdfCombiner();

async function twoPagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText('Page one', { x: 50, y: 780, font });
  pdf.addPage([842, 595]).drawText('Page two, landscape', { x: 50, y: 540, font });
  return pdf.save({ useObjectStreams: false });
}

/** A picture with a distinct top-left corner, to check orientation after the combine. */
function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).composite([
    {
      input: {
        create: { width: Math.round(width / 4), height: Math.round(height / 4), channels: 3, background: '#ff0000' },
      },
      left: 0,
      top: 0,
    },
  ]);
}

/** Page sizes in points, rounded to 0.01. */
function sizes(pdf: PDFDocument): Array<[number, number]> {
  return pdf.getPages().map((p) => [Math.round(p.getWidth() * 100) / 100, Math.round(p.getHeight() * 100) / 100]);
}

const points = (pixels: number, dpi: number) => Math.round(((pixels * 72) / dpi) * 100) / 100;

describe('PDF combiner', () => {
  let documents: CombinableDocument[];

  beforeAll(async () => {
    const tiff = await sharp({
      create: { width: 400, height: 1200, channels: 3, background: '#dddddd', pageHeight: 600 },
    })
      .tiff()
      .withMetadata({ density: 200 })
      .toBuffer();
    expect((await sharp(tiff).metadata()).pages).toBe(2);
    documents = [
      { mimeType: 'application/pdf', bytes: await twoPagePdf() },
      // No pHYs chunk: no density, so 300 dpi.
      { mimeType: 'image/png', bytes: await picture(600, 300).png().toBuffer() },
      // 150 dpi in the JFIF header; EXIF orientation 6 (turn 90° clockwise to view): 800 x 400 stored.
      {
        mimeType: 'image/jpeg',
        bytes: await picture(800, 400).jpeg().withMetadata({ density: 150, orientation: 6 }).toBuffer(),
      },
      // WEBP carries no density here: 300 dpi.
      { mimeType: 'image/webp', bytes: await picture(300, 900).webp({ lossless: true }).toBuffer() },
      { mimeType: 'image/tiff', bytes: tiff },
    ];
  });

  it('combines a 2-page PDF, a PNG, a JPEG, a WEBP and a 2-page TIFF into one 7-page PDF', async () => {
    const combined = await PDFDocument.load(await combiner.combine(documents));
    expect(combined.getPageCount()).toBe(7);
    expect(sizes(combined)).toEqual([
      [595, 842],
      [842, 595],
      [points(600, 300), points(300, 300)],
      // Upright the JPEG is 400 x 800.
      [points(400, 150), points(800, 150)],
      [points(300, 300), points(900, 300)],
      [points(400, 200), points(600, 200)],
      [points(400, 200), points(600, 200)],
    ]);
  });

  it('keeps the order given', async () => {
    const reversed = await PDFDocument.load(await combiner.combine([...documents].reverse()));
    expect(sizes(reversed)[0]).toEqual([points(400, 200), points(600, 200)]);
    expect(sizes(reversed).slice(-2)).toEqual([
      [595, 842],
      [842, 595],
    ]);
  });

  it('turns a JPEG by its EXIF orientation before embedding', async () => {
    const combined = await PDFDocument.load(await combiner.combine([documents[2]!]));
    const xobjects = combined.getPage(0).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const image = combined.context.lookup(xobjects.values()[0]);
    if (!(image instanceof PDFRawStream)) throw new Error('expected the page to draw one image stream');
    expect(image.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('DCTDecode'));
    // The embedded JPEG itself is upright: 400 x 800, the red corner (stored top-left) now top-right.
    const { data, info } = await sharp(image.contents).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 800]);
    const pixel = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    expect(pixel(390, 10)).toEqual([
      expect.toSatisfy((r: number) => r > 200),
      expect.toSatisfy((g: number) => g < 60),
      expect.toSatisfy((b: number) => b < 60),
    ]);
    expect(pixel(10, 10).every((v) => v > 200)).toBe(true);
  });

  it('embeds a single image as one page', async () => {
    const combined = await PDFDocument.load(await combiner.combine([documents[1]!]));
    expect(sizes(combined)).toEqual([[points(600, 300), points(300, 300)]]);
  });

  it('fails clearly on a PDF that is garbage, naming the document', async () => {
    const garbage = new TextEncoder().encode('%PDF-1.7\nthis is not really a PDF at all\n');
    await expect(combiner.combine([documents[1]!, { mimeType: 'application/pdf', bytes: garbage }])).rejects.toThrow(
      /^Document 2 of 2 \(application\/pdf\) could not be combined: the PDF (could not be read|has no pages)/,
    );
    await expect(combiner.combine([{ mimeType: 'application/pdf', bytes: new Uint8Array([1, 2, 3]) }])).rejects.toThrow(
      /^Document 1 of 1 .*the PDF could not be read/,
    );
  });

  it('fails clearly on an encrypted PDF', async () => {
    const plain = new TextDecoder('latin1').decode(await twoPagePdf());
    expect(plain).toContain('trailer\n<<');
    // A standard security handler entry in the trailer is what marks a PDF as encrypted.
    const encrypted = plain.replace(
      'trailer\n<<',
      'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /P -44 /O (0123456789abcdef0123456789abcdef) /U (0123456789abcdef0123456789abcdef) >>',
    );
    const bytes = Uint8Array.from(encrypted, (c) => c.charCodeAt(0));
    await expect(combiner.combine([documents[0]!, { mimeType: 'application/pdf', bytes }])).rejects.toThrow(
      'Document 2 of 2 (application/pdf) could not be combined: the PDF is encrypted, and encrypted PDFs cannot be combined',
    );
  });

  it('fails clearly on an image it cannot read and on a type it does not combine', async () => {
    await expect(
      combiner.combine([{ mimeType: 'image/png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]) }]),
    ).rejects.toThrow(/^Document 1 of 1 \(image\/png\) could not be combined: /);
    await expect(
      combiner.combine([{ mimeType: 'image/tiff', bytes: new Uint8Array([0x49, 0x49, 0x2a, 0, 9, 9]) }]),
    ).rejects.toThrow(/^Document 1 of 1 \(image\/tiff\) could not be combined: /);
    await expect(combiner.combine([{ mimeType: 'text/plain', bytes: new Uint8Array([0x41]) }])).rejects.toThrow(
      /text\/plain is not a type that can be combined/,
    );
    await expect(combiner.combine([])).rejects.toThrow('No documents to combine');
  });

  it('refuses more pages than the limit, in a thread, while the event loop stays free', async () => {
    const many = await PDFDocument.create();
    for (let i = 0; i < 3000; i++) many.addPage([595, 842]);
    const bytes = await many.save();
    const limited = createPdfCombiner({ maxPages: 100 });
    // Warm: the thread's start-up (loading pdf-lib and sharp) is not what this measures.
    await limited.combine([{ mimeType: 'image/png', bytes: await picture(10, 10).png().toBuffer() }]);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await expect(
      limited.combine([
        { mimeType: 'image/png', bytes: await picture(10, 10).png().toBuffer() },
        { mimeType: 'application/pdf', bytes },
      ]),
    ).rejects.toThrow(
      /^Document 2 of 2 \(application\/pdf\) could not be combined: the combined PDF would have more than 100 pages, the limit per document \(MAX_PAGES_PER_DOCUMENT\)$/,
    );
    delay.disable();
    // On this thread, loading 10,000 such pages took 1.8 to 2.2 s of CPU, so 3,000 about 0.6 s. The
    // bound is the (250 ms for any wait on the event loop), far above an idle loop's 10 ms.
    expect(delay.max / 1e6).toBeLessThan(250);
    // Exactly at the limit is accepted.
    const hundred = await PDFDocument.create();
    for (let i = 0; i < 99; i++) hundred.addPage([595, 842]);
    const combined = await limited.combine([
      { mimeType: 'application/pdf', bytes: await hundred.save() },
      { mimeType: 'image/png', bytes: await picture(10, 10).png().toBuffer() },
    ]);
    expect((await PDFDocument.load(combined)).getPageCount()).toBe(100);
  });

  it('ends a combining that runs past its time, and combines the next message in a fresh thread', async () => {
    const hasty = createPdfCombiner({ timeoutMs: 1 });
    await expect(hasty.combine(documents)).rejects.toThrow(/^combining took longer than 1 ms$/);
    const patient = createPdfCombiner({ timeoutMs: 60_000 });
    const first = await patient.combine(documents.slice(0, 2));
    expect((await PDFDocument.load(first)).getPageCount()).toBe(3);
  });

  it('ends its thread once idle, and combines the next message in a fresh one', async () => {
    const idle = createPdfCombiner({ idleMs: 100 });
    expect((await PDFDocument.load(await idle.combine(documents.slice(0, 2)))).getPageCount()).toBe(3);
    expect(idle.liveThreads).toBe(1);
    await eventually(
      () => `the idle thread to end (${idle.liveThreads} alive)`,
      () => idle.liveThreads === 0,
    );
    expect((await PDFDocument.load(await idle.combine(documents.slice(0, 2)))).getPageCount()).toBe(3);
    expect(idle.liveThreads).toBe(1);
  });
});
