import { readFile } from 'node:fs/promises';
import { classifyDocument, extractFields, RECOMMENDED_FIELDS, type DocumentReader } from '@intake/core';
import { presentValues, scoreFields } from '@intake/core/extraction';
import { createProgress } from '@intake/daemon/cli-options';
import { createReader } from '@intake/daemon/reader';
import { findCorpus, type CorpusEntry } from '../eval/evaluate-corpus.js';
import { formatFailureTable, traitsOf, type SyntheticOutcome } from './failure-table.js';
import type { SyntheticExpected } from './generate.js';

/** The body of `intake-lab weak` (loaded when the command runs). */
export async function runWeak(dirs: string[], opts: { json?: boolean }): Promise<void> {
  const entries = (await Promise.all(dirs.map(findCorpus))).flat();
  if (entries.length === 0) throw new Error(`no documents with a sibling *.expected.json in ${dirs.join(', ')}`);
  // The daemon's default reader: PaddleOCR for images, tesseract for scanned PDF pages.
  const reader = createReader({ engine: 'paddle', pages: 'images' });
  const progress = createProgress(entries.length);
  const outcomes: SyntheticOutcome[] = [];
  try {
    for (const entry of entries) {
      progress.tick(entry.file);
      outcomes.push(await outcomeOf(reader, entry));
    }
  } finally {
    progress.done();
    await reader.close();
  }
  if (opts.json) {
    for (const [i, o] of outcomes.entries())
      process.stdout.write(`${JSON.stringify({ file: entries[i]!.file, ...o })}\n`);
    return;
  }
  const kinds = [...new Set(entries.map((e) => e.expected.kind))].join(', ');
  process.stdout.write(`${formatFailureTable(outcomes, `Synthetic documents (${kinds}): where extraction fails`)}\n`);
}

/** One document read, classified and extracted with its type's recommended fields, then scored. */
export async function outcomeOf(reader: DocumentReader, entry: CorpusEntry): Promise<SyntheticOutcome> {
  const expected = entry.expected as unknown as SyntheticExpected;
  const type = expected.document_type;
  const fields = RECOMMENDED_FIELDS[type];
  const traits = traitsOf(expected.synthetic);
  let document;
  try {
    document = await reader.read(new Uint8Array(await readFile(entry.file)), 'application/octet-stream');
  } catch (error) {
    return { documentType: type, traits, scores: scoreFields(expected.fields, {}, {}, fields), error: String(error) };
  }
  const classified = classifyDocument(document).documentType;
  const result = extractFields(document, [...fields], { documentType: type, receivedAt: new Date() });
  return {
    documentType: type,
    traits: { ...traits, classified: classified === type ? 'right' : 'wrong' },
    scores: scoreFields(expected.fields, result.extracted_data, result.confidence, fields),
    present: presentValues(document, expected.fields),
  };
}
