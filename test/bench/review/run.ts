/**
 * Benchmark of "corrections teach" (issue 18): the development corpus (dev and dev-large) replayed
 * vendor by vendor. The first document of each vendor is corrected from its ground truth (every
 * required field it got wrong is one correction, then the document is confirmed: its expected values
 * teach the vendor's hints); the vendor's other documents are extracted with and without what was
 * learned. Vendors are recognised as the daemon does (VAT id, IBAN, normalised name of the first
 * pass), not by the corpus' labels. It prints; it never asserts.
 *
 *   npm run bench:review
 * Reads are cached like `intake eval`'s (~/.cache/intake-eval); a document not cached yet is read
 * (OCR for images: a second or more each).
 */
import { readFile } from 'node:fs/promises';
import { roleOf, scoreFields, vendorKeys, type FieldHint } from '@intake/core/extraction';
import { learnHints } from '@intake/core/learning';
import { groupMembers } from '../../../packages/extraction-lab/src/report/folds.js';
import { extractFields, RECOMMENDED_FIELDS, type FieldDefinition, type ReadDocument } from '@intake/core';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { sniffMimeType } from '@intake/core/jobs';
import { findCorpus, type CorpusEntry } from '../../../packages/extraction-lab/src/eval/evaluate-corpus.js';
import { createReadCache, defaultCacheDir } from '../../../packages/extraction-lab/src/eval/read-cache.js';
import { DEV_DIRS, HAS_DEV_DATA } from '../../../packages/extraction-lab/src/corpus/corpora.js';

interface Doc {
  entry: CorpusEntry;
  doc: ReadDocument;
  fields: FieldDefinition[];
}

interface Tally {
  right: number;
  total: number;
}

if (!HAS_DEV_DATA) {
  process.stderr.write(
    `bench:review skipped: the development corpora are not in this clone (${DEV_DIRS.join(', ')})\n`,
  );
  process.exit(0);
}

const reader = createTesseractReader({ workers: 1 });
const cache = createReadCache(reader, defaultCacheDir(), (bytes) => reader.revisionOf(sniffMimeType(bytes)));
const docs: Doc[] = [];
for (const dir of DEV_DIRS) {
  for (const entry of await findCorpus(dir)) {
    const read = await cache.read(new Uint8Array(await readFile(entry.file)));
    const fields = RECOMMENDED_FIELDS[entry.expected.document_type as keyof typeof RECOMMENDED_FIELDS];
    if (read.document && fields) docs.push({ entry, doc: read.document, fields: [...fields] });
  }
}
await reader.close?.();

// Replay order: vendor by vendor (the corpus' vendor names only group the replay), files in name order.
const groups = groupMembers(
  docs.map(({ entry }) => ({
    vendor: JSON.stringify(entry.expected.fields.vendor_name ?? entry.expected.fields.merchant_name ?? entry.file),
  })),
);
const byGroup = new Map<string, Doc[]>();
docs.forEach((d, i) => byGroup.set(groups[i]!, [...(byGroup.get(groups[i]!) ?? []), d]));

/** Required fields right in an extraction, and how many a person would have to correct. */
function required(d: Doc, data: Record<string, unknown>): Tally {
  const scores = scoreFields(d.entry.expected.fields, data, {}, d.fields).filter((s) => s.required);
  return { right: scores.filter((s) => s.correct).length, total: scores.length };
}

const vendorName = (d: Doc, data: Record<string, unknown>) => {
  const field = d.fields.find((f) => roleOf(f) === 'vendor_name');
  return field ? data[field.name] : null;
};

// The organization's hint store, as the daemon keeps it: vendors found by any of their keys.
const store: { keys: Set<string>; fields: Record<string, FieldHint> }[] = [];
const without: Tally = { right: 0, total: 0 };
const withLearning: Tally = { right: 0, total: 0 };
let learnedUsed = 0;
let repeatDocs = 0;
let firstCorrections = 0;
const started = performance.now();
for (const members of byGroup.values()) {
  members.sort((a, b) => a.entry.file.localeCompare(b.entry.file));
  members.forEach((d, i) => {
    const plain = extractFields(d.doc, d.fields, {
      documentType: d.entry.expected.document_type,
      useEmbeddedXml: false,
    });
    const keys = vendorKeys(d.doc, vendorName(d, plain.extracted_data));
    const known = store.find((v) => keys.some((k) => v.keys.has(k)));
    const base = required(d, plain.extracted_data);
    if (i === 0 || !known) {
      // A vendor not recognised (its first document, or keys that do not meet): a person corrects and confirms it.
      firstCorrections += base.total - base.right;
      // What the person changed teaches (as VendorLearning does: corrected values, not confirmed ones).
      const changed = scoreFields(d.entry.expected.fields, plain.extracted_data, {}, d.fields)
        .filter((f) => !f.correct)
        .map((f) => f.field);
      const hints = learnHints(
        d.doc,
        d.fields,
        Object.fromEntries(changed.map((f) => [f, d.entry.expected.fields[f]])),
        d.entry.file,
      );
      const truthKeys = vendorKeys(d.doc, vendorName(d, d.entry.expected.fields));
      const target = known ?? store[store.push({ keys: new Set(), fields: {} }) - 1]!;
      for (const k of truthKeys) target.keys.add(k);
      Object.assign(target.fields, hints);
      return;
    }
    repeatDocs++;
    const learned = extractFields(d.doc, d.fields, {
      documentType: d.entry.expected.document_type,
      useEmbeddedXml: false,
      hints: known.fields,
    });
    if (Object.values(learned.field_locations).some((l) => l.learned)) learnedUsed++;
    const after = required(d, learned.extracted_data);
    without.right += base.right;
    without.total += base.total;
    withLearning.right += after.right;
    withLearning.total += after.total;
  });
}
const ms = performance.now() - started;
const pct = (t: Tally) => `${((100 * t.right) / Math.max(1, t.total)).toFixed(1)}% (${t.right}/${t.total})`;
const per100 = (n: number) => ((100 * n) / docs.length).toFixed(1);
const correctionsWithout = firstCorrections + (without.total - without.right);
const correctionsWith = firstCorrections + (withLearning.total - withLearning.right);
console.log(
  `documents: ${docs.length} in ${byGroup.size} vendor groups; ${repeatDocs} recognised as a vendor seen before (${learnedUsed} used a learned hint)`,
);
console.log(
  `required-field accuracy on repeat documents: without learning ${pct(without)}, with learning ${pct(withLearning)}`,
);
console.log(
  `corrections per 100 documents (whole replay): without learning ${per100(correctionsWithout)}, with learning ${per100(correctionsWith)}`,
);
console.log(`extraction time for the replay: ${Math.round(ms)} ms`);
