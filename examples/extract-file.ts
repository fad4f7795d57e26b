/**
 * Extracting one document with the library alone: no daemon, no database. The reader turns the
 * file into positioned words (text layer or OCR, fully offline), the classifier names its type,
 * and extractFields fills the recommended fields of that type. (A job pipeline would use
 * `createDocumentExtractor({ reader })`, which does the reading and extracting in one call.)
 *
 *   npx tsx --tsconfig tsconfig.json examples/extract-file.ts invoice.pdf
 */
import { readFile } from 'node:fs/promises';
import { classifyDocument, extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { createTesseractReader } from '@intake/ocr-tesseract';

const file = process.argv[2];
if (!file) {
  console.error('usage: extract-file.ts FILE');
  process.exit(2);
}

const reader = createTesseractReader();
try {
  const document = await reader.read(new Uint8Array(await readFile(file)), 'application/octet-stream');
  const { documentType, confidence } = classifyDocument(document);
  console.log(`${file}: ${documentType} (classifier confidence ${confidence})`);

  const outcome = extractFields(document, [...RECOMMENDED_FIELDS[documentType]], { documentType });

  for (const [name, value] of Object.entries(outcome.extracted_data)) {
    const shown = Array.isArray(value) ? `${value.length} rows` : JSON.stringify(value);
    console.log(`  ${name}: ${shown} (confidence ${outcome.confidence[name]})`);
  }
  for (const error of outcome.validation_errors) console.log(`  ! ${error.field} ${error.rule}: ${error.message}`);
  console.log(`pages: ${document.pages.length}, needs review: ${outcome.needs_review}`);
} finally {
  await reader.close();
}
