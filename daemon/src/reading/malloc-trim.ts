/**
 * glibc's `malloc_trim(0)`, where it exists: gives back to the operating system the free pages of
 * every arena of the C allocator, those in the middle of a heap included. Threads that end
 * (PaddleOCR's onnxruntime sessions, tesseract's wasm, pdfjs) free their memory into arenas the
 * process keeps: measured in the reader process, 802 MB resident stayed after PaddleOCR's threads
 * ended and tesseract's read, 628 MB with a trim once they had ended (docs/extraction/experiments.md).
 * Called through koffi (a C FFI whose prebuilt binaries come as platform packages; its own install
 * script, which only checks them or compiles one, is not run: package.json `allowScripts`), since
 * Node.js has no such call of its own. Elsewhere (musl, macOS, no koffi binary) it does nothing.
 *
 * `mallocTrimAsync` makes the same call on one of koffi's worker threads, so the event loop goes on
 * while glibc walks its arenas (10 to 90 ms in the daemon's own process): glibc's malloc_trim takes
 * each arena's lock in turn, as malloc and free do, so it is safe beside threads that allocate.
 */
import { createRequire } from 'node:module';

interface TrimCall {
  (pad: number): number;
  async: (pad: number, done: (error: Error | null, result: number) => void) => void;
}

let loaded: TrimCall | null | undefined;

function load(): TrimCall | null {
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const trim: TrimCall = koffi.load('libc.so.6').func('int malloc_trim(size_t)');
    return trim;
  } catch {
    return null;
  }
}

/** Returns the C allocator's free memory to the operating system (a no-op where glibc is absent). */
export function mallocTrim(): void {
  loaded ??= load();
  loaded?.(0);
}

/** What an asynchronous trim did: ran on a thread, or found no glibc to call (and did nothing). */
export type TrimOutcome = 'trimmed' | 'unavailable';

/** mallocTrim on a worker thread: settles once glibc has returned its free memory. */
export function mallocTrimAsync(): Promise<TrimOutcome> {
  loaded ??= load();
  const trim = loaded;
  if (!trim) return Promise.resolve('unavailable');
  return new Promise((resolve, reject) => {
    trim.async(0, (error) => (error ? reject(error) : resolve('trimmed')));
  });
}
