import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { DocumentReader } from '@intake/core';
import { READING_REVISION } from '@intake/ocr-tesseract';
import { createReadCache, type CachedRead } from '../../packages/extraction-lab/src/eval/read-cache.js';
import { eventually } from './wait.js';

/** Long enough for another worker's OCR of one photo on a loaded machine. */
const OTHER_READ_TIMEOUT_MS = 600_000;

/**
 * One OCR read of each dev-corpus document per run, shared by the test files that score what the
 * reader gives (extraction/corpus, extraction/corpus-heldout, email-ingestion/classification-corpus):
 * they read the same documents with the same reader and `application/octet-stream`, which cost a
 * few minutes of CPU per file. The reads are kept (as `intake eval` keeps them, read-cache.ts) in
 * the run's scratch directory, removed at the end: every run, a fresh clone's too, reads each
 * document once. The first file to need a document claims it with a lock file made with O_EXCL;
 * another that needs it meanwhile waits for that read (or claims it, should the read fail). The
 * reader itself is tested on the corpus by test/ocr/corpus.test.ts, which reads on its own.
 */
export function sharedCorpusReads(reader: DocumentReader): { read(bytes: Uint8Array): Promise<CachedRead> } {
  const dir = path.join(inject('scratchDir'), 'corpus-reads');
  const cache = createReadCache(reader, dir, `tesseract:${READING_REVISION}`);
  return {
    async read(bytes) {
      fs.mkdirSync(dir, { recursive: true });
      const lock = path.join(dir, `${createHash('sha256').update(bytes).digest('hex')}.lock`);
      for (;;) {
        const hit = await cache.peek(bytes);
        if (hit) return hit;
        if (claim(lock)) {
          try {
            return await cache.read(bytes);
          } finally {
            fs.rmSync(lock, { force: true });
          }
        }
        await eventually(
          "another test file's read of the same document",
          async () => (await cache.peek(bytes)) !== null || !fs.existsSync(lock),
          { timeoutMs: OTHER_READ_TIMEOUT_MS, intervalMs: 100 },
        );
      }
    },
  };
}

function claim(lock: string): boolean {
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
