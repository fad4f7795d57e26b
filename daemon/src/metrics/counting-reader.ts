import type { DocumentReader } from '@intake/core';

/** Where a read's pages go: pages by source and the read's seconds. */
export type ReadObserver = (pages: { ocr: number; textLayer: number }, seconds: number) => void;

/**
 * The reader, telling `observe` what each successful read found: pages from OCR and from PDF text
 * layers, and the read's wall-clock time. A read mixes both kinds of page, and the reader does not
 * time them apart, so the seconds are counted as OCR time whenever any page was OCR'd.
 */
export function countingReader(reader: DocumentReader, observe: ReadObserver): DocumentReader {
  return {
    inspect: (bytes) => reader.inspect(bytes),
    async read(bytes, mimeType, options) {
      const started = performance.now();
      const read = await reader.read(bytes, mimeType, options);
      let ocr = 0;
      for (const page of read.pages) if (page.source === 'ocr') ocr++;
      observe({ ocr, textLayer: read.pages.length - ocr }, (performance.now() - started) / 1000);
      return read;
    },
    ...(reader.close ? { close: () => reader.close!() } : {}),
  };
}
