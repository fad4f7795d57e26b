/**
 * The benchmark's documents: receipt photos (for PaddleOCR), scanned PDFs (a photo on an A4 page
 * with no text layer: rendered at 300 dpi and read by tesseract) and text PDFs (read from their text
 * layer). From the development corpus beside the repository (`../shared/corpus`) when it is there,
 * otherwise drawn here (the locked test split left out); each document is different, so no duplicate check or cache skips a read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { INVOICE_SCAN, repoRoot, scanImage, scannedPdf } from '../../ocr/documents.js';
import { makeInvoicePdf } from '../../support/fixtures.js';
import { isLocked } from '../../support/locked-split.js';

export interface BenchDocument {
  name: string;
  bytes: Uint8Array;
  mimeType: 'image/jpeg' | 'image/png' | 'application/pdf';
}

export interface DocumentSets {
  source: 'corpus' | 'drawn';
  photos: BenchDocument[];
  scans: BenchDocument[];
  texts: BenchDocument[];
}

const CORPUS = path.resolve(repoRoot, '../shared/corpus');

/** Files of the corpus sets of one kind (`image`, `pdf_text`), in name order. */
function corpusFiles(kind: string): string[] {
  const files: string[] = [];
  for (const set of ['dev', 'dev-large', 'dev-xl']) {
    const dir = path.join(CORPUS, set);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      if (!name.endsWith('.expected.json')) continue;
      const expected = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { kind?: string };
      if (expected.kind !== kind) continue;
      const stem = name.slice(0, -'.expected.json'.length);
      const file = fs.readdirSync(dir).find((f) => f.startsWith(`${stem}.`) && !f.endsWith('.json'));
      if (file && !isLocked(path.join(dir, file))) files.push(path.join(dir, file));
    }
  }
  return files;
}

/** A photo placed on an A4 page, as a scanning app makes a PDF of it: no text layer. */
async function photoOnA4(jpeg: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(jpeg);
  const page = doc.addPage([595.28, 841.89]);
  const scale = Math.min(555 / image.width, 800 / image.height);
  page.drawImage(image, { x: 20, y: 20, width: image.width * scale, height: image.height * scale });
  return doc.save();
}

const mimeOf = (file: string): BenchDocument['mimeType'] =>
  file.endsWith('.pdf') ? 'application/pdf' : file.endsWith('.png') ? 'image/png' : 'image/jpeg';

/** `counts` documents of each kind, different from one another. */
export async function loadDocuments(counts: { photos: number; scans: number; texts: number }): Promise<DocumentSets> {
  const images = corpusFiles('image').filter((f) => f.endsWith('.jpg'));
  const pdfs = corpusFiles('pdf_text');
  if (images.length >= counts.photos + counts.scans && pdfs.length >= counts.texts) {
    const read = (file: string): BenchDocument => ({
      name: path.basename(file),
      bytes: fs.readFileSync(file),
      mimeType: mimeOf(file),
    });
    const photos = images.slice(0, counts.photos).map(read);
    const scans = await Promise.all(
      images.slice(counts.photos, counts.photos + counts.scans).map(async (file) => ({
        name: `${path.basename(file)}.pdf`,
        bytes: await photoOnA4(fs.readFileSync(file)),
        mimeType: 'application/pdf' as const,
      })),
    );
    return { source: 'corpus', photos, scans, texts: pdfs.slice(0, counts.texts).map(read) };
  }
  const drawn = (i: number) => [...INVOICE_SCAN, { text: `Reference ${1000 + i}`, x: 100, y: 1200, size: 40 }];
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const photos = await Promise.all(
    range(counts.photos).map(async (i) => ({
      name: `photo-${i}.jpg`,
      // A phone photo's size: 1536 x 2048, JPEG.
      bytes: await sharp(await scanImage(drawn(i), 1536, 2048))
        .jpeg({ quality: 85 })
        .toBuffer(),
      mimeType: 'image/jpeg' as const,
    })),
  );
  const scans = await Promise.all(
    range(counts.scans).map(async (i) => ({
      name: `scan-${i}.pdf`,
      bytes: await scannedPdf(await scanImage(drawn(100 + i))),
      mimeType: 'application/pdf' as const,
    })),
  );
  const texts = await Promise.all(
    range(counts.texts).map(async (i) => ({
      name: `text-${i}.pdf`,
      bytes: await makeInvoicePdf({ number: `INV-BENCH-${i}`, salt: `memory-${i}` }),
      mimeType: 'application/pdf' as const,
    })),
  );
  return { source: 'drawn', photos, scans, texts };
}
