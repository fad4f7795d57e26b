import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DocumentError, type DocumentReader, type ReadDocument } from '@intake/core';

/**
 * What `intake eval` read from each file, kept on disk by the file's SHA-256 so that a second run
 * scores the cached words instead of running OCR again (minutes of CPU for a few hundred images).
 * The key also carries the reader's tag: a change to how pages are read (preprocessing, models)
 * bumps the tag and reads everything afresh. The seconds the first read took are kept with it, so
 * the seconds per page stay those of real reading.
 */

export interface CachedRead {
  document: ReadDocument | null;
  /** The DocumentError message when the reader refused the file. */
  error?: string;
  seconds: number;
}

export interface ReadCache {
  read(bytes: Uint8Array): Promise<CachedRead>;
  /** The cached read, or null without reading. */
  peek(bytes: Uint8Array): Promise<CachedRead | null>;
}

export { defaultCacheDir } from './cache-dir.js';

/** `tag` names how files are read; a function gives it per file (an engine for images only, say). */
export function createReadCache(
  reader: DocumentReader,
  dir: string | null,
  tag: string | ((bytes: Uint8Array) => string),
): ReadCache {
  const tagOf = typeof tag === 'string' ? () => tag : tag;
  const fileOf = (bytes: Uint8Array) =>
    dir
      ? path.join(
          dir,
          'reads',
          `${createHash('sha256').update(tagOf(bytes)).update('\0').update(bytes).digest('hex')}.json`,
        )
      : null;
  const peek = async (file: string | null) => (file ? readFile(file, 'utf8').then(decode, () => null) : null);
  return {
    peek: (bytes) => peek(fileOf(bytes)),
    async read(bytes) {
      const file = fileOf(bytes);
      const hit = await peek(file);
      if (hit) return hit;
      const result = await readFresh(reader, bytes);
      if (file) {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(`${file}.tmp`, encode(result));
        await rename(`${file}.tmp`, file);
      }
      return result;
    },
  };
}

/**
 * The lab reads trusted corpus documents, and a read is cached for good: a step of a PDF may take
 * as long as it needs (the daemon's 30 s PDF_WORKER_TIMEOUT_MS guards against hostile files, and on
 * a loaded machine it refused real scans, whose refusal the cache then kept as if it were the
 * document's own).
 */
export const LAB_PDF_BUDGET = { stepTimeoutMs: 30 * 60_000 } as const;

async function readFresh(reader: DocumentReader, bytes: Uint8Array): Promise<CachedRead> {
  const started = performance.now();
  try {
    const document = await reader.read(bytes, 'application/octet-stream');
    return { document, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return { document: null, error: error.message, seconds: (performance.now() - started) / 1000 };
  }
}

function encode(result: CachedRead): string {
  const document = result.document && {
    ...result.document,
    attachments: result.document.attachments.map((a) => ({ ...a, bytes: Buffer.from(a.bytes).toString('base64') })),
  };
  return JSON.stringify({ ...result, document });
}

function decode(text: string): CachedRead {
  const parsed = JSON.parse(text) as Omit<CachedRead, 'document'> & {
    document: (Omit<ReadDocument, 'attachments'> & { attachments: StoredAttachment[] }) | null;
  };
  const document = parsed.document && {
    ...parsed.document,
    attachments: parsed.document.attachments.map((a) => ({
      ...a,
      bytes: new Uint8Array(Buffer.from(a.bytes, 'base64')),
    })),
  };
  return { ...parsed, document };
}

interface StoredAttachment {
  name: string;
  mimeType?: string;
  bytes: string;
}
