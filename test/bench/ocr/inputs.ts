/**
 * What the OCR benchmark reads: the dev corpus's scans and text-layer PDFs when ../shared is
 * there, otherwise documents made on the spot (rendered invoice scans and pdf-lib PDFs), written
 * to a temporary folder so the native commands read the same files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { corpusDir, INVOICE_SCAN, scanImage, textPdf, type DrawnText, type PdfText } from '../../ocr/documents.js';
import { isLocked } from '../../support/locked-split.js';

export interface BenchFile {
  path: string;
  bytes: Buffer;
  pages: number;
}

export interface BenchInputs {
  source: string;
  images: BenchFile[];
  pdfs: BenchFile[];
}

export async function benchInputs(countPdfPages: (bytes: Buffer) => Promise<number>): Promise<BenchInputs> {
  const dir = corpusDir();
  const files = dir
    ? fs
        .readdirSync(dir)
        .sort()
        .map((f) => path.join(dir, f))
        .filter((f) => !isLocked(f))
    : await synthetic();
  const load = async (file: string): Promise<BenchFile> => {
    const bytes = fs.readFileSync(file);
    return { path: file, bytes, pages: file.endsWith('.pdf') ? await countPdfPages(bytes) : 1 };
  };
  return {
    source: dir ? `dev corpus (${dir})` : 'generated documents (no ../shared/corpus/dev here)',
    images: await Promise.all(files.filter((f) => /\.(png|jpe?g)$/i.test(f)).map(load)),
    pdfs: await Promise.all(files.filter((f) => f.endsWith('.pdf')).map(load)),
  };
}

/** Twelve A4 scans at 150 dpi with invoice-like lines, and twelve one- to three-page text PDFs. */
async function synthetic(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-bench-ocr-'));
  const files: string[] = [];
  for (let i = 0; i < 12; i++) {
    const lines: DrawnText[] = Array.from({ length: 20 }, (_, n) => ({
      text: `Item ${n + 1} widget type ${100 * i + n} qty ${n + 2} price ${(12.5 + n).toFixed(2)}`,
      x: 100,
      y: 500 + n * 50,
      size: 26,
    }));
    const file = path.join(dir, `scan-${i}.png`);
    fs.writeFileSync(file, await scanImage([...INVOICE_SCAN.slice(0, 3), ...lines]));
    files.push(file);

    const pages: PdfText[][] = Array.from({ length: 1 + (i % 3) }, (_, p) =>
      Array.from({ length: 40 }, (_, n) => ({
        text: `Page ${p + 1} line ${n + 1}: service ${i}-${n} 1 x ${(40 + n).toFixed(2)} EUR`,
        x: 60,
        y: 760 - n * 18,
        size: 10,
      })),
    );
    const pdf = path.join(dir, `text-${i}.pdf`);
    fs.writeFileSync(pdf, await textPdf(pages));
    files.push(pdf);
  }
  return files;
}
