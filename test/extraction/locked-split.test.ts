import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { partitionLocked } from '../../packages/extraction-lab/src/eval/locked-split.js';
import type { CorpusEntry } from '../../packages/extraction-lab/src/eval/evaluate-corpus.js';
import { HAS_DEV_DATA } from '../../packages/extraction-lab/src/corpus/corpora.js';
import {
  LOCKED_HASH_FILE,
  LOCKED_LIST_FILE,
  lockedSplitOfCorpus,
  splitDocuments,
} from '../../packages/extraction-lab/src/corpus/locked-split-list.js';
import {
  chainOf,
  chooseLockedSplit,
  familiesOf,
  listText,
  sha256Of,
  splitGroups,
  type SplitDocument,
} from '../../packages/extraction-lab/src/corpus/split-groups.js';

/**
 * The locked test split: its list is the one recorded (by sha256), it follows from the method and
 * the corpus metadata alone, and no merchant or layout family sits on both sides of it.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const lockedText = readFileSync(LOCKED_LIST_FILE, 'utf8');
const listed = lockedText.trim().split('\n');

describe('the locked split list', () => {
  it('is the list whose sha256 was recorded when it was locked', () => {
    const recorded = readFileSync(LOCKED_HASH_FILE, 'utf8').split(/\s+/)[0];
    expect(sha256Of(lockedText)).toBe(recorded);
  });

  it('names each document once, sorted, as corpus folder and file', () => {
    expect(listText(listed)).toBe(lockedText);
    expect(new Set(listed).size).toBe(listed.length);
    for (const line of listed) expect(line).toMatch(/^dev(-large|-xl)?\/[\w.-]+\.(pdf|png|jpe?g)$/);
  });
});

describe('the locked split in the repository', () => {
  /** Every file under test/ and examples/ that could name a corpus document. */
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? e.name === 'node_modules'
          ? []
          : sources(path.join(dir, e.name))
        : /\.(ts|mts|mjs|js)$/.test(e.name)
          ? [path.join(dir, e.name)]
          : [],
    );

  it('is read by no test, benchmark or example: none names a locked document', () => {
    const lockedNames = new Set(listed.map((l) => l.slice(l.indexOf('/') + 1)));
    const naming = ['test', 'examples'].flatMap((dir) =>
      sources(path.join(repoRoot, dir)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\b(?:dev-\d\d|dl-\d{3}|dx-\d{3})\.(?:pdf|png|jpe?g)\b/g)]
          .map((m) => m[0])
          .filter((name) => lockedNames.has(name))
          .map((name) => `${path.relative(repoRoot, file)}: ${name}`),
      ),
    );
    expect(naming).toEqual([]);
  });
});

describe.skipIf(!HAS_DEV_DATA)('the locked split on the development corpora', () => {
  it('is what the seeded method chooses from the expected.json files', async () => {
    expect(await lockedSplitOfCorpus()).toEqual(listed);
  });

  it('holds about a quarter of the documents, and no merchant or layout family is on both sides', async () => {
    const docs = await splitDocuments();
    const locked = new Set(listed);
    expect(listed.length / docs.length).toBeGreaterThan(0.2);
    expect(listed.length / docs.length).toBeLessThan(0.3);
    const keysOf = (d: SplitDocument) => [...d.names.map(chainOf), ...familiesOf(d)];
    const lockedKeys = new Set(docs.filter((d) => locked.has(d.path)).flatMap(keysOf));
    const crossing = docs.filter((d) => !locked.has(d.path)).filter((d) => keysOf(d).some((k) => lockedKeys.has(k)));
    expect(crossing.map((d) => d.path)).toEqual([]);
  });
});

const receipt = (path: string, merchant: string): SplitDocument => ({
  path,
  documentType: 'receipt',
  kind: 'image',
  source: `data/img/${path}`,
  names: [merchant],
});

describe('grouping and choosing', () => {
  it('knows a merchant chain by its distinctive words, whatever its branch, legal form or initials', () => {
    expect(chainOf('MR. D. I. Y. (KUCHAI) SDN BHD')).toBe('mr diy');
    expect(chainOf('MR. D. I. Y. (M) SDN BHD')).toBe('mr diy');
    expect(chainOf('SYARIKAT PERNIAGAAN GIN KEE')).toBe('gin kee');
    expect(chainOf('Bei Spiel GmbH')).toBe('bei spiel');
  });

  it('groups receipts by chain and invoices by the layout family their notes or source folder name', () => {
    const docs: SplitDocument[] = [
      receipt('a.jpg', 'MR. D.I.Y. (M) SDN BHD'),
      receipt('b.jpg', 'MR. D. I. Y. (KUCHAI) SDN BHD'),
      receipt('c.jpg', 'SANYU STATIONERY SHOP'),
      {
        path: 'x.pdf',
        documentType: 'invoice',
        kind: 'pdf_text',
        source: 'o/r:samples/one.pdf@0123456',
        notes: ['layout family: Acme template (2019); language de'],
        names: ['Acme GmbH'],
      },
      {
        path: 'y.pdf',
        documentType: 'invoice',
        kind: 'pdf_text',
        source: 'o/r:samples/two.pdf@0123456',
        names: ['Other AG'],
      },
    ];
    const g = splitGroups(docs);
    expect(g[0]).toBe(g[1]);
    expect(g[2]).not.toBe(g[0]);
    expect(g[3]).toBe(g[4]);
  });

  it('takes whole groups, about a quarter per type and kind, in an order the seed decides', () => {
    const docs = Array.from({ length: 80 }, (_, i) => receipt(`r${i}.jpg`, `Shop ${i % 20} Sdn Bhd`));
    const a = chooseLockedSplit(docs, 'seed a');
    const groupOf = new Map(docs.map((d, i) => [d.path, splitGroups(docs)[i]]));
    const lockedGroups = new Set(a.map((p) => groupOf.get(p)));
    for (const doc of docs) expect(a.includes(doc.path)).toBe(lockedGroups.has(groupOf.get(doc.path)));
    expect(a.length).toBe(20);
    expect(chooseLockedSplit(docs, 'seed a')).toEqual(a);
    expect(chooseLockedSplit(docs, 'seed b')).not.toEqual(a);
  });
});

describe('setting the locked documents aside', () => {
  const entry = (file: string, source: string): CorpusEntry => ({
    file,
    expected: { document_type: 'invoice', source, fields: {} },
  });

  it('sets aside the listed documents and the scans made from them, wherever those lie', () => {
    const entries = [
      entry('/c/dev/dev-05.pdf', 'o/r:a.pdf'),
      entry('/c/dev/dev-06.pdf', 'o/r:b.pdf'),
      entry('/cache/scans/dev/dev-05-scan.pdf', 'o/r:a.pdf'),
      entry('/cache/scans/dev/dev-06-scan.pdf', 'o/r:b.pdf'),
    ];
    const { open, locked } = partitionLocked(entries, new Set(['dev/dev-05.pdf']));
    expect(locked.map((e) => e.file)).toEqual(['/c/dev/dev-05.pdf', '/cache/scans/dev/dev-05-scan.pdf']);
    expect(open.map((e) => e.file)).toEqual(['/c/dev/dev-06.pdf', '/cache/scans/dev/dev-06-scan.pdf']);
  });
});

if (!HAS_DEV_DATA)
  it.skip('skipped: no development corpora (dev, dev-large, dev-xl) in the shared folder beside the repository', () =>
    undefined);
