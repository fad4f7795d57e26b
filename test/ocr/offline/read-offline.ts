/**
 * Run by offline.test.ts in a child process without network: reads a scan and a text PDF through
 * a fresh reader (so the language model and wasm load here, not from a warm cache) and prints what
 * it read as JSON.
 */
import net from 'node:net';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { INVOICE_SCAN, scanImage, textPdf } from '../documents.js';

// The guard must be live here, or the run below would prove nothing.
let guarded = false;
try {
  net.connect({ host: '127.0.0.1', port: 9 });
} catch {
  guarded = true;
}

const reader = createTesseractReader({ workers: 2 });
try {
  const scan = await reader.read(await scanImage(INVOICE_SCAN), 'image/png');
  const pdf = await reader.read(
    await textPdf([[{ text: 'Offline invoice 77', x: 72, y: 700, size: 12 }]]),
    'application/pdf',
  );
  const text = (document: typeof scan): string => document.pages.flatMap((p) => p.words.map((w) => w.text)).join(' ');
  process.stdout.write(`${JSON.stringify({ guarded, scan: text(scan), pdf: text(pdf) })}\n`);
} finally {
  await reader.close();
}
