/**
 * `npm run train:classification [-- --cached-only] [PROBE_DIR...]`: fits the classifier's
 * confidence (packages/core/src/classification/calibration.json) on the development data less the
 * locked test split, plus any labelled probe folders given (documents with `<name>.expected.json`,
 * each folder one held-out group), and prints the reliability table held out: each development fold
 * and each probe folder scored with a mapping fitted on the others, next to the confidence formula
 * used before (the winner's share, pulled down below 8 points of evidence). `--cached-only` reads
 * only what the eval's cache already holds; `--examples` also prints every document's evidence as
 * JSON, to study other mappings.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { classificationEvidence, classifyDocument, type ClassificationEvidence, type ReadDocument } from '@intake/core';
import { sniffMimeType } from '@intake/core/jobs';
import { createReader } from '@intake/daemon/reader';
import { developmentCorpora, LOCKED_LIST_FILE, requireDevelopmentData } from '../corpus/corpora.js';
import { foldsOf } from '../eval/cross-validate.js';
import { findCorpus, type CorpusEntry, type ReadEntry } from '../eval/evaluate-corpus.js';
import { partitionLocked, readLockedList } from '../eval/locked-split.js';
import { fitCalibration, heldOut, reliability, type ClassificationExample } from '../eval/learn-classification.js';
import { createReadCache, defaultCacheDir, LAB_PDF_BUDGET } from '../eval/read-cache.js';

const OUT = fileURLToPath(new URL('../../../core/src/classification/calibration.json', import.meta.url));
const cachedOnly = process.argv.includes('--cached-only');
const probeDirs = process.argv.slice(2).filter((a) => !a.startsWith('--'));

requireDevelopmentData('npm run train:classification');
const locked = await readLockedList(LOCKED_LIST_FILE);
const corpus = partitionLocked((await Promise.all((await developmentCorpora()).map(findCorpus))).flat(), locked).open;
const reader = createReader({ engine: 'paddle', pages: 'images', pdfBudget: LAB_PDF_BUDGET });
const cache = createReadCache(reader, defaultCacheDir(), (bytes) => reader.revisionOf(sniffMimeType(bytes)));

interface Labelled {
  example: ClassificationExample;
  /** The shipped classifier's answer was capped as another kind's title (other-titles.ts). */
  capped: boolean;
  source: 'folds' | 'probes';
}

/** A probe folder may keep the HTML its PDF was printed from: the PDF is the document. */
function printed(entry: CorpusEntry): CorpusEntry {
  const pdf = entry.file.replace(/\.html?$/, '.pdf');
  return pdf !== entry.file && existsSync(pdf) ? { ...entry, file: pdf } : entry;
}

async function readAll(entries: readonly CorpusEntry[]): Promise<ReadEntry[]> {
  const reads: ReadEntry[] = [];
  for (const entry of entries.map(printed)) {
    const bytes = new Uint8Array(await readFile(entry.file));
    const read = cachedOnly ? await cache.peek(bytes) : await cache.read(bytes);
    if (read?.document) reads.push({ entry, ...read });
  }
  return reads;
}

function labelled(document: ReadDocument, expected: string, group: string, source: Labelled['source']): Labelled {
  const shipped = classifyDocument(document);
  const evidence: ClassificationEvidence = classificationEvidence(document);
  const capped = shipped.keyIndicators[0]?.startsWith('title: ') ?? false;
  return { example: { evidence, right: shipped.documentType === expected, group }, capped, source };
}

const data: Labelled[] = [];
try {
  const reads = await readAll(corpus);
  const folds = foldsOf(reads, 4);
  reads.forEach((r, i) =>
    data.push(labelled(r.document!, r.entry.expected.document_type, `fold ${folds[i]!.fold}`, 'folds')),
  );
  for (const dir of probeDirs) {
    for (const r of await readAll(await findCorpus(dir))) {
      data.push(labelled(r.document!, r.entry.expected.document_type, path.resolve(dir), 'probes'));
    }
  }
} finally {
  await reader.close();
}

/** The confidence as the classifier reports it: at least 0.2, at most 0.6 under another kind's title. */
function reported(p: number, item: Labelled): number {
  const value = item.example.evidence.total === 0 ? 0.2 : Math.round(Math.max(0.2, p) * 100) / 100;
  return item.capped ? Math.min(value, 0.6) : value;
}

function before({ share, total }: ClassificationEvidence): number {
  return share * (0.6 + 0.4 * Math.min(1, total / 8));
}

const examples = data.map((d) => d.example);
const after = heldOut(examples);
for (const source of ['folds', 'probes'] as const) {
  const index = data.map((d, i) => (d.source === source ? i : -1)).filter((i) => i >= 0);
  if (index.length === 0) continue;
  const right = index.map((i) => data[i]!.example.right);
  const table = (values: number[]) =>
    reliability(values, right)
      .map((r) => `${r.bin}: ${r.right}/${r.count}`)
      .join(', ');
  console.log(`${source} (${index.length}, ${right.filter(Boolean).length} right)`);
  console.log(`  before:            ${table(index.map((i) => reported(before(data[i]!.example.evidence), data[i]!)))}`);
  console.log(`  after (held out):  ${table(index.map((i) => reported(after[i]!, data[i]!)))}`);
}
if (process.argv.includes('--examples')) console.log(JSON.stringify(data));
const model = fitCalibration(examples);
await writeFile(OUT, `${JSON.stringify(model, null, 2)}\n`);
console.log(`fitted on ${examples.length} documents; wrote ${OUT}: ${JSON.stringify(model)}`);
