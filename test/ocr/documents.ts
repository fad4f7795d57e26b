/**
 * Real documents made in the test: PDFs with a known text layer (pdf-lib), "scans" with known text
 * rendered into pixels (@napi-rs/canvas), multi-page TIFFs (sharp). Everything the OCR is asked to
 * read is drawn here, so the tests know exactly what it should find and where.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The shared development corpus beside the repository, or null where it is not checked out. */
export function corpusDir(): string | null {
  const dir = path.resolve(repoRoot, '../shared/corpus/dev');
  return fs.existsSync(dir) ? dir : null;
}

// A font shipped inside pdfjs-dist, so rendering does not depend on the fonts a machine has.
const pdfjsDir = path.dirname(
  createRequire(path.join(repoRoot, 'packages/ocr-tesseract/package.json')).resolve('pdfjs-dist/package.json'),
);
// A family name of its own: a machine with LibreOffice has a system "Liberation Sans" (version 2), which
// the canvas would take instead of pdfjs's file, and words would render otherwise.
const FONT = 'Intake Test Sans';
GlobalFonts.registerFromPath(path.join(pdfjsDir, 'standard_fonts/LiberationSans-Regular.ttf'), FONT);

export interface DrawnText {
  text: string;
  x: number;
  /** Baseline, measured from the top. */
  y: number;
  size: number;
}

/** Black text on white paper, grey pixels as a scanner delivers them. */
export async function scanImage(texts: DrawnText[], width = 1240, height = 1754): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#111111';
  for (const t of texts) {
    context.font = `${t.size}px "${FONT}"`;
    context.fillText(t.text, t.x, t.y);
  }
  return canvas.encode('png');
}

/** Where the rendered text's words are, by the same font's metrics. */
export function textWidth(text: string, size: number): number {
  const context = createCanvas(1, 1).getContext('2d');
  context.font = `${size}px "${FONT}"`;
  return context.measureText(text).width;
}

export const INVOICE_SCAN: DrawnText[] = [
  { text: 'ACME SUPPLIES LIMITED', x: 100, y: 160, size: 48 },
  { text: 'Invoice number 48213', x: 100, y: 300, size: 40 },
  { text: 'Date 2024-03-15', x: 100, y: 380, size: 40 },
  { text: 'Total due 1,234.56', x: 640, y: 900, size: 40 },
];

export interface PdfText {
  text: string;
  x: number;
  /** Baseline, in PDF user space (origin bottom-left). */
  y: number;
  size: number;
}

/** A PDF whose pages carry the given text in Helvetica, page size US Letter (612 x 792 pt). */
export async function textPdf(
  pages: PdfText[][],
  attachments: { name: string; bytes: Uint8Array; mimeType: string }[] = [],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const texts of pages) {
    const page = doc.addPage([612, 792]);
    for (const t of texts) page.drawText(t.text, { x: t.x, y: t.y, size: t.size, font });
  }
  for (const a of attachments) await doc.attach(a.bytes, a.name, { mimeType: a.mimeType });
  return doc.save();
}

/** The advance of `text` as drawText places it: glyph by glyph, since it writes no kerning. */
export async function helveticaWidth(text: string, size: number): Promise<number> {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  return [...text].reduce((sum, char) => sum + font.widthOfTextAtSize(char, size), 0);
}

/**
 * A PDF whose only page is a picture of text (a scan), A4. No text layer, or only the line of real
 * text a scanning app stamps on it.
 */
export async function scannedPdf(png: Buffer, stamp?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  const page = doc.addPage([595.28, 841.89]);
  page.drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
  if (stamp) page.drawText(stamp, { x: 200, y: 20, size: 9, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

/** A TIFF with one page per PNG (all the same size), as multi-page scanners write them. */
export async function multiPageTiff(pngs: Buffer[]): Promise<Buffer> {
  const frames = await Promise.all(
    pngs.map((png) => sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true })),
  );
  const { width, height } = frames[0]!.info;
  const stacked = Buffer.concat(frames.map((f) => f.data));
  return sharp(stacked, { raw: { width, height: height * frames.length, channels: 1, pageHeight: height } })
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

/**
 * A PDF under the standard security handler whose user password is not empty: pdfjs cannot derive
 * the key from "" (the /U check fails), exactly as with any password-protected invoice.
 */
export function passwordProtectedPdf(): Uint8Array {
  const hex = (n: number, seed: number): string =>
    Array.from({ length: n }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(32, 11)}> /U <${hex(32, 99)}> /P -4 >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${hex(16, 5)}> <${hex(16, 5)}>] >>\n`;
  body += `startxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
