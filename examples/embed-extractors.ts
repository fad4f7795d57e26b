/**
 * Embedding Intake in your own Node application: no daemon, no HTTP. The database is embedded
 * PGlite, in memory unless you pass a directory (`npx tsx ... examples/embed-extractors.ts ./my-data`);
 * `createSqlStorage({ kind: 'postgres', databaseUrl })` uses a PostgreSQL server instead.
 *
 *   npx tsx --tsconfig tsconfig.json examples/embed-extractors.ts
 */
import { AppError, createIntake } from '@intake/core';
import { createSqlStorage } from '@intake/storage-sql';

const dataDir = process.argv[2];
const storage = await createSqlStorage({ kind: 'pglite', ...(dataDir ? { dataDir } : {}) });
const intake = createIntake({ stores: storage });
const { organization, test_key } = await intake.organizations.create({ name: 'Example Ltd', plan: 'starter' });

const extractor = await intake.extractors.create(
  organization.id,
  {
    name: 'Supplier invoices',
    document_type: 'invoice',
    field_definitions: [
      {
        name: 'invoice_number',
        type: 'text',
        required: true,
        description: 'The invoice number',
        validation: { pattern: '^[A-Z0-9-]+$' },
      },
      { name: 'total_amount', type: 'currency', required: true, description: 'Grand total', validation: { min: 0 } },
    ],
  },
  'admin',
);
console.log(`created ${extractor.id} "${extractor.name}" with ${extractor.field_definitions.length} fields`);

// Invalid definitions are refused with every problem named, the same errors the HTTP API returns.
try {
  await intake.extractors.create(
    organization.id,
    {
      name: 'Bad',
      document_type: 'invoice',
      field_definitions: [
        { name: 'n', type: 'number', required: true, description: '', validation: { min: 9, max: 1 } },
      ],
    },
    'admin',
  );
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.log(`refused: ${error.code} ${JSON.stringify(error.details)}`);
}

// The key authenticates like an HTTP request would.
const auth = await intake.apiKeys.authenticate(`Bearer ${test_key}`);
console.log(
  `test key belongs to ${auth.orgId === organization.id ? 'the new organization' : 'someone else'}, ${auth.rateLimitPerMinute} requests/minute`,
);

await storage.close();
