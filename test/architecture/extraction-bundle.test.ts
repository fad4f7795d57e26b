/**
 * An embedder who wants extractors and jobs brings the extraction bundle alone (ports/intake-stores.port.ts):
 * createIntake builds the services of the bundles it is given, and a document goes from submission
 * to a completed, charged job with no mail, review, session, ERP or webhook store in reach, not
 * even inside the transaction that ends the job.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentExtractor, createIntake, createJobPipeline, type ExtractionStores } from '@intake/core';
import { createMemoryStores, MemoryBlobStore } from '@intake/core/testing';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';

const EXTRACTION_KEYS = ['organizations', 'apiKeys', 'extractors', 'credits', 'jobs', 'outbox'] as const;

/** The memory stores cut down to the extraction bundle, their transaction binding that bundle only. */
function extractionBundle(): ExtractionStores {
  const all = createMemoryStores();
  const pick = (stores: ExtractionStores): ExtractionStores => {
    const bundle = Object.fromEntries(EXTRACTION_KEYS.map((key) => [key, stores[key]])) as Omit<
      ExtractionStores,
      'transaction'
    >;
    return { ...bundle, transaction: (fn) => stores.transaction((tx) => fn(pick(tx))) };
  };
  return pick(all);
}

describe('createIntake with the extraction bundle only', () => {
  const reader = createTesseractReader({ workers: 1 });
  afterAll(() => reader.close());

  it('builds the extraction services and none that need another bundle', () => {
    const intake = createIntake({ stores: extractionBundle() });
    expect(Object.keys(intake.stores).sort()).toEqual([...EXTRACTION_KEYS, 'transaction'].sort());
    expect('emailIngestion' in intake).toBe(false);
    expect('sessions' in intake).toBe(false);
    // @ts-expect-error -- Intake<ExtractionStores> has no email ingestion: the type follows the bundles
    expect(intake.emailIngestion).toBeUndefined();
    // Duplicates and routing after extraction need the jobs alone; the other hooks need their bundles.
    expect(intake.jobHooks).toHaveLength(2);
    // The whole set builds every service and all five hooks.
    const full = createIntake({ stores: createMemoryStores() });
    expect(full.emailIngestion).toBeDefined();
    expect(full.sessions).toBeDefined();
    expect(full.jobHooks).toHaveLength(5);
  });

  it('takes a document from submission to a completed, charged job', async () => {
    const stores = extractionBundle();
    const intake = createIntake({ stores });
    const { organization, live_key } = await intake.organizations.create({ name: 'Embedded Ltd' });
    const extractor = await intake.extractors.create(organization.id, invoiceExtractor(), 'admin');
    await intake.credits.add(organization.id, 10);
    const pipeline = createJobPipeline(intake, {
      blobs: new MemoryBlobStore(),
      inspector: reader,
      extractor: createDocumentExtractor({ reader }),
      options: { maxDocumentBytes: 10_000_000, leaseMs: 30_000, maxAttempts: 3, timeoutMs: 60_000 },
    });
    const auth = await intake.apiKeys.authenticate(`Bearer ${live_key}`);
    const { job } = await pipeline.submissions.submit(auth, {
      extractor_id: extractor.id,
      bytes: await makeInvoicePdf({ number: 'INV-7731' }),
      declaredMimeType: 'application/pdf',
      metadata: { source: 'embedded' },
    });

    expect(await pipeline.processor.runNext('embedded-worker')).toEqual({ kind: 'completed', jobId: job.id });
    const done = await intake.jobs.get(organization.id, 'live', job.id);
    expect(done.status).toBe('completed');
    expect(done.extracted_data?.invoice_number).toBe('INV-7731');
    expect(done.cost_credits).toBe(1);
    expect((await intake.credits.balance(organization.id, 'live')).balance).toBe(9);
    const events = await stores.outbox.list(organization.id, { event: 'job.completed' });
    expect(events.map((e) => e.data.id)).toEqual([job.id]);
  });
});
