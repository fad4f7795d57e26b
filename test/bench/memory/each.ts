/**
 * What each of the memory benchmark's documents costs the reader process read alone: the daemon's
 * reader process (built: daemon/dist/reading/reader-process.js) with the daemon's default reading
 * settings reads the documents of `npm run bench:memory` (its default counts, both halves) one at a
 * time, and prints for each the reader's VmRSS before it and its high-water mark (VmHWM, reset
 * before each document through /proc/PID/clear_refs) while it was read, and the pixels of its
 * largest picture. The memory gate admits one step at a time once the budget is spent, so a
 * phase's peak is the dearest single document's on top of what the threads hold
 * (docs/resources.md): this names that document. Threads started for a document (the first photo's
 * PaddleOCR thread, the first scan's tesseract worker) count in its rise.
 *
 *   npx tsx --tsconfig tsconfig.json test/bench/memory/each.ts
 *   BENCH_PHOTOS=4 BENCH_SCANS=2 BENCH_TEXTS=2 ...   the benchmark's counts (each read twice over)
 *   BENCH_KINDS=scans,texts ...                        only these kinds, in this order
 */
import fs from 'node:fs';
import os from 'node:os';
import { PDFDocument, PDFName, PDFNumber, PDFStream } from 'pdf-lib';
import sharp from 'sharp';
import { ensureBuilt } from '../../support/build.js';
import { loadDocuments, type BenchDocument } from './documents.js';
import { statusMb } from './rss.js';
import { DEFAULT_DOCUMENT_LIMITS } from '@intake/core/reading';
import { shrinkOversizedImages } from '../../../packages/ocr-tesseract/src/pdf/shrink-images.js';

const count = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
const PHOTOS = count('BENCH_PHOTOS', 12);
const SCANS = count('BENCH_SCANS', 4);
const TEXTS = count('BENCH_TEXTS', 4);
/** The kinds read, in this order (`photos,scans,texts` by default). */
const KINDS = (process.env.BENCH_KINDS ?? 'photos,scans,texts').split(',') as ('photos' | 'scans' | 'texts')[];
const load = (): string => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * Megapixels of the document's largest picture: an image's own, a PDF's largest embedded image (0:
 * none), as the file holds it and as pdfjs is given it (oversized JPEGs shrunk for a 300 dpi
 * rendering: the reader's default).
 */
async function megapixels(doc: BenchDocument): Promise<{ held: number; read: number }> {
  if (doc.mimeType !== 'application/pdf') {
    const { width = 0, height = 0 } = await sharp(doc.bytes).metadata();
    return { held: (width * height) / 1e6, read: (width * height) / 1e6 };
  }
  const shrunk = await shrinkOversizedImages(doc.bytes, {
    renderDpi: 300,
    maxPagePixels: DEFAULT_DOCUMENT_LIMITS.maxPagePixels,
  });
  return { held: await largestImage(doc.bytes), read: await largestImage(shrunk.bytes) };
}

async function largestImage(bytes: Uint8Array): Promise<number> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  let largest = 0;
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFStream)) continue;
    const { dict } = object;
    if (dict.lookup(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const side = (key: string): number => (dict.lookup(PDFName.of(key)) as PDFNumber).asNumber();
    largest = Math.max(largest, side('Width') * side('Height'));
  }
  return largest / 1e6;
}

async function main(): Promise<void> {
  console.log(`bench each document on ${os.cpus().length} cores, load average ${load()}`);
  await ensureBuilt();
  const { createReaderProcess } = await import('../../../daemon/dist/reading/reader-process.js');
  const { readerSettings } = await import('../../../daemon/dist/reading/reader-settings.js');
  const { loadConfig } = await import('../../../daemon/dist/config/load-config.js');
  const docs = await loadDocuments({ photos: PHOTOS * 2, scans: SCANS * 2, texts: TEXTS * 2 });
  const reader = createReaderProcess(readerSettings(loadConfig({}, os.tmpdir())));
  // The first count starts the process; its pid is the one child of this process.
  await reader.inspect(docs.texts[0]!.bytes);
  const pid = Number(fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(' ')[0]);
  try {
    for (const doc of KINDS.flatMap((kind) => docs[kind])) {
      await reader.inspect(doc.bytes);
      const before = statusMb(pid, 'VmRSS');
      // "5" resets the process's peak resident memory (VmHWM) to its current one.
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      await reader.read(doc.bytes, doc.mimeType);
      const peak = statusMb(pid, 'VmHWM');
      const mp = await megapixels(doc);
      console.log(
        `${doc.name.padEnd(16)} ${mp.held.toFixed(1).padStart(5)} MP (read ${mp.read.toFixed(1).padStart(4)})  before ${Math.round(before)} MB  ` +
          `peak ${Math.round(peak)} MB  rise ${Math.round(peak - before)} MB`,
      );
    }
    console.log(`load ${load()}`);
  } finally {
    // The reader process does not hold the event loop: this does, until it has exited.
    const hold = setInterval(() => undefined, 1000);
    await reader.close();
    clearInterval(hold);
  }
}

await main();
