/**
 * glibc's `malloc_trim(0)`, where it exists: gives back to the operating system the free pages of
 * every arena of the C allocator, those in the middle of a heap included. Threads that end
 * (PaddleOCR's onnxruntime sessions, tesseract's wasm, pdfjs) free their memory into arenas the
 * process keeps: measured in the reader process, 802 MB resident stayed after PaddleOCR's threads
 * ended and tesseract's read, 628 MB with a trim once they had ended (docs/extraction/experiments.md).
 * Called through koffi (a C FFI with prebuilt binaries, no compiler and no install script), since
 * Node.js has no such call of its own. Elsewhere (musl, macOS, no koffi binary) it does nothing.
 */
import { createRequire } from 'node:module';

type Trim = () => void;

function load(): Trim {
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t)') as (pad: number) => number;
    return () => void trim(0);
  } catch {
    return () => undefined;
  }
}

let loaded: Trim | undefined;

/** Returns the C allocator's free memory to the operating system (a no-op where glibc is absent). */
export function mallocTrim(): void {
  loaded ??= load();
  loaded();
}
