import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentReader } from '@intake/core';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { sharedCorpusReads } from '../support/corpus-reads.js';
import { makeInvoicePdf } from '../support/fixtures.js';

/** The dev-corpus reads shared by the files that score them (test/support/corpus-reads.ts). */
describe('shared corpus reads', () => {
  const real = createTesseractReader();
  afterAll(() => real.close());
  let reads = 0;
  // The real reader, counting its reads.
  const counting: DocumentReader = {
    read: (bytes, mimeType, options) => {
      reads++;
      return real.read(bytes, mimeType, options);
    },
    inspect: (bytes) => real.inspect(bytes),
  };
  const words = (read: Awaited<ReturnType<ReturnType<typeof sharedCorpusReads>['read']>>) =>
    read.document?.pages.flatMap((p) => p.words.map((w) => w.text));

  it('reads a document once for two files that need it at the same time, and once only after', async () => {
    const bytes = await makeInvoicePdf({ number: 'INV-SHARED-1', salt: `shared-${process.pid}-${Date.now()}` });
    const [one, other] = [sharedCorpusReads(counting), sharedCorpusReads(counting)];
    const [first, second] = await Promise.all([one.read(bytes), other.read(bytes)]);
    expect(reads).toBe(1);
    expect(words(first)).toContain('INV-SHARED-1');
    expect(words(second)).toEqual(words(first));
    expect(words(await sharedCorpusReads(counting).read(bytes))).toEqual(words(first));
    expect(reads).toBe(1);
  });

  it('keeps a refusal as a refusal: no document, the reason', async () => {
    const before = reads;
    const read = await sharedCorpusReads(counting).read(new TextEncoder().encode(`not a document ${Date.now()}`));
    expect(read.document).toBeNull();
    expect(read.error).toMatch(/.+/);
    expect(reads).toBe(before + 1);
  });
});
