// Embeds the library on @intake/storage-sql's in-memory PGlite: create an organization and an
// extractor, give it credits, submit a document with its live key, run the job, read it back.
import { readFile } from 'node:fs/promises';
import { createDocumentExtractor, createIntake, createJobPipeline, type JobRecord } from '@intake/core';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { createSqlStorage, SqlBlobStore } from '@intake/storage-sql';

const file = process.argv[2];
if (!file) throw new Error('usage: node dist/storage.js FILE');
const storage = await createSqlStorage({ kind: 'pglite' });
const reader = createTesseractReader();
try {
  const intake = createIntake({ stores: storage });
  const { organization, live_key } = await intake.organizations.create({ name: 'Packed Ltd' });
  const extractor = await intake.extractors.create(
    organization.id,
    {
      name: 'Invoices',
      document_type: 'invoice',
      field_definitions: [{ name: 'invoice_number', type: 'text', required: true, description: 'Invoice number' }],
    },
    'admin',
  );
  const pipeline = createJobPipeline(intake, {
    blobs: new SqlBlobStore(storage.knex),
    inspector: reader,
    extractor: createDocumentExtractor({ reader }),
    options: { maxDocumentBytes: 10_000_000, leaseMs: 30_000, maxAttempts: 3, timeoutMs: 60_000 },
  });
  await intake.credits.add(organization.id, 10);
  const auth = await intake.apiKeys.authenticate(`Bearer ${live_key}`);
  const { job } = await pipeline.submissions.submit(auth, {
    extractor_id: extractor.id,
    bytes: new Uint8Array(await readFile(file)),
    declaredMimeType: 'application/pdf',
    metadata: { source: 'packed-test' },
  });
  await pipeline.processor.runNext('packed-worker');
  const read: JobRecord = await intake.jobs.get(organization.id, 'live', job.id);
  console.log(
    JSON.stringify({
      submitted: job.id,
      read: read.id,
      status: read.status,
      environment: read.environment,
      metadata: read.metadata,
      extracted: read.extracted_data,
    }),
  );
} finally {
  await reader.close();
  await storage.close();
}
