// Embeds the library without a database: read one PDF, classify it, extract its recommended fields.
import { readFile } from 'node:fs/promises';
import { classifyDocument, extractFields, RECOMMENDED_FIELDS, type FieldsExtraction } from '@intake/core';
import { createTesseractReader } from '@intake/ocr-tesseract';

const file = process.argv[2];
if (!file) throw new Error('usage: node dist/extract.js FILE');
const reader = createTesseractReader();
try {
  const document = await reader.read(new Uint8Array(await readFile(file)), 'application/pdf');
  const { documentType } = classifyDocument(document);
  const outcome: FieldsExtraction = extractFields(document, [...RECOMMENDED_FIELDS[documentType]], { documentType });
  console.log(JSON.stringify({ documentType, pages: document.pages.length, extracted: outcome.extracted_data }));
} finally {
  await reader.close();
}
