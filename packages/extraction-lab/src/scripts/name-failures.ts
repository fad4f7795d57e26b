/**
 * Where names are lost to ranking: for held-out documents of one kind (`photo`, `scan` or `text`),
 * lists those whose vendor or merchant name was not picked, with the candidates best first and
 * the right one starred; `FEAT=1` adds the features where the picked and the right one differ.
 * Reads PaddleOCR's (images) and tesseract's (PDFs) reads from the eval cache only. Run:
 * `npx tsx --conditions=@intake/source --tsconfig tsconfig.json packages/extraction-lab/src/scripts/name-failures.ts photo`
 */
import { readFile } from 'node:fs/promises';
import { collectExamples, trainRanker, featureNames, presentValues } from '@intake/core/extraction';
import { sniffMimeType } from '@intake/core/jobs';
import { RECOMMENDED_FIELDS } from '@intake/core';
import { findCorpus, type ReadEntry } from '../eval/evaluate-corpus.js';
import { foldsOf } from '../eval/cross-validate.js';
import { examplesOf } from '../eval/learn-ranker.js';
import { createReadCache, defaultCacheDir } from '../eval/read-cache.js';
import { createReader } from '@intake/daemon/reader';
import { developmentCorpora, LOCKED_LIST_FILE } from '../corpus/corpora.js';
import { partitionLocked, readLockedList } from '../eval/locked-split.js';
import { predictLogistic } from '../../../core/src/extraction/ranking/logistic.js';

// The locked test split is never read here: its failures are not for development.
const { open: corpus } = partitionLocked(
  (await Promise.all((await developmentCorpora()).map(findCorpus))).flat(),
  await readLockedList(LOCKED_LIST_FILE),
);
const reader = createReader({ engine: 'paddle', pages: 'images' });
const cache = createReadCache(reader, defaultCacheDir(), (bytes) => reader.revisionOf(sniffMimeType(bytes)));
const reads: ReadEntry[] = [];
for (const entry of corpus) {
  const r = await cache.peek(new Uint8Array(await readFile(entry.file)));
  if (r) reads.push({ entry, ...r });
}
await reader.close();
const names = featureNames('name');
const assignment = foldsOf(reads, 5);
const kindFilter = process.argv[2] ?? 'photo';
for (let fold = 0; fold < 5; fold++) {
  const model = trainRanker(reads.filter((_, i) => assignment[i]!.fold !== fold).flatMap(examplesOf));
  const rank = model.families.name!.rank;
  reads.forEach((read, i) => {
    if (assignment[i]!.fold !== fold || !read.document) return;
    const isImage = !/\.pdf$/i.test(read.entry.file);
    const isScan = read.entry.file.includes('/scans/');
    const kind = isImage ? 'photo' : isScan ? 'scan' : 'text';
    if (kind !== kindFilter) return;
    const exp = read.entry.expected;
    const fields = RECOMMENDED_FIELDS[exp.document_type as keyof typeof RECOMMENDED_FIELDS];
    const fieldName =
      'merchant_name' in exp.fields ? 'merchant_name' : 'vendor_name' in exp.fields ? 'vendor_name' : 'supplier_name';
    const want = exp.fields[fieldName];
    if (typeof want !== 'string') return;
    const present = presentValues(read.document, { [fieldName]: want })[fieldName];
    const list = collectExamples(read.document, fields, exp.fields, exp.document_type).find(
      (l) => l.family === 'name' && l.role === 'vendor_name',
    );
    if (!list) {
      console.log(`NOLIST ${read.entry.file} want=${want} present=${present}`);
      return;
    }
    const scores = list.rows.map((r) => predictLogistic(rank, r));
    const order = scores.map((s, j) => j).sort((a, b) => scores[b]! - scores[a]!);
    const top = order[0]!;
    if (list.correct[top]) return;
    const right = list.correct.indexOf(true);
    console.log(
      `\n${right < 0 ? 'NOCAND' : 'RANKED'} ${read.entry.file.replace(/.*corpus\//, '')} present=${present}\n  want: ${JSON.stringify(want)}`,
    );
    for (const j of order.slice(0, 6)) {
      const c = list.candidates[j]!;
      console.log(
        `  ${list.correct[j] ? '*' : ' '} ${scores[j]!.toFixed(3)} ${JSON.stringify(String(c.value))} line#${c.line.index} src=${c.source} h=${(c.line.y1 - c.line.y0).toFixed(0)}`,
      );
    }
    if (right >= 0 && process.env.FEAT) {
      const diff = names
        .map((n, k) => `${n}=${list.rows[top]![k]!.toFixed(2)}/${list.rows[right]![k]!.toFixed(2)}`)
        .filter((_, k) => list.rows[top]![k] !== list.rows[right]![k]);
      console.log('   top/right: ' + diff.join(' '));
    }
  });
}
