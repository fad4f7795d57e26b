/**
 * Valid documents beyond the reader's limits, generated in the test (never committed): a PNG whose
 * header says 20000 × 20000 (1 bit per pixel, all white, so it stays small), a PDF of many pages,
 * and a PDF of one 14400 × 14400 pt page (the largest PDF allows). Each is made once per worker and
 * the same bytes handed to every caller (do not modify them): the PNG deflates 50 MB of rows (0.4 CPU s),
 * which a file on two databases would pay twice. Ask for one page over a page limit, not thousands: a
 * 10,000-page PDF costs pdf-lib about 3.7 CPU s to write.
 */
import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

const made = new Map<string, Buffer | Promise<Uint8Array>>();

/** A complete, valid greyscale PNG of `width` × `height` white pixels. */
export function whitePng(width: number, height: number): Buffer {
  const key = `png ${width} ${height}`;
  let png = made.get(key) as Buffer | undefined;
  if (!png) made.set(key, (png = makeWhitePng(width, height)));
  return png;
}

function makeWhitePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8);
  const raw = Buffer.alloc(rowBytes * height, 0xff);
  for (let y = 0; y < height; y++) raw[y * rowBytes] = 0; // filter: none
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PDF of `count` blank A4 pages. */
export function blankPdf(count: number, size: [number, number] = [595, 842]): Promise<Uint8Array> {
  const key = `pdf ${count} ${size.join(' ')}`;
  let pdf = made.get(key) as Promise<Uint8Array> | undefined;
  if (!pdf) made.set(key, (pdf = makeBlankPdf(count, size)));
  return pdf;
}

async function makeBlankPdf(count: number, size: [number, number]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < count; i++) pdf.addPage(size);
  return pdf.save();
}
