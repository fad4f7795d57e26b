import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { generateDocument, type SyntheticDocument } from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import {
  openOfficePrinter,
  sofficePath,
  type OfficePrinter,
} from '../../packages/extraction-lab/src/synthetic/render-office.js';
import { sharedReader } from '../support/reader.js';
import { squeezeAll as squeeze } from './generated-documents.js';

/**
 * The synthetic documents printed by LibreOffice (`synth --producer libreoffice`): the same content
 * as their pdf-lib twins of the seed, the same bytes for the same seed, every value the ground
 * truth says is printed found on the product's lines of the LibreOffice text layer (its dot
 * leaders, tab stops and table cells read apart), and the template's looks varied. Skips where
 * soffice is absent: nothing else in the suite needs it.
 */
const SEED = 20261130;
const STRANGERS = 8;
const CORPUS = 4;
const executable = sofficePath();
if (!executable) process.stderr.write('synthetic-office: skipped, no LibreOffice soffice at /usr/bin/soffice\n');

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const fonts = availableFonts();

let office: OfficePrinter;
let printed: SyntheticDocument[];
let twins: SyntheticDocument[];

const print = (family: 'stranger' | 'corpus', index: number) =>
  generateDocument(SEED, index, 'text', fonts, family, { office });

describe.skipIf(!executable)('LibreOffice-printed synthetic documents', () => {
  beforeAll(async () => {
    office = openOfficePrinter(executable);
    // Asked for together, the documents go to one soffice run.
    printed = await Promise.all([
      ...Array.from({ length: STRANGERS }, (_, i) => print('stranger', i)),
      ...Array.from({ length: CORPUS }, (_, i) => print('corpus', i)),
    ]);
    twins = [];
    for (let i = 0; i < STRANGERS; i++) twins.push(await generateDocument(SEED, i, 'text', fonts, 'stranger'));
    for (let i = 0; i < CORPUS; i++) twins.push(await generateDocument(SEED, i, 'text', fonts, 'corpus'));
  }, 240_000);

  afterAll(async () => {
    await office?.close();
  });

  it("hold their pdf-lib twin's content, written by LibreOffice", () => {
    for (const [i, doc] of printed.entries()) {
      const twin = twins[i]!;
      expect(doc.name).toBe(twin.name.replace(/^stranger-/, 'office-').replace(/^synth-/, 'office-synth-'));
      expect(doc.expected.fields, doc.name).toEqual(twin.expected.fields);
      expect(doc.expected.synthetic.layout.startsWith(twin.expected.synthetic.layout), doc.name).toBe(true);
      expect(doc.expected.synthetic.layout).toMatch(
        / producer=libreoffice head=(tabs|table) meta=(tabs|leaders|table) /,
      );
      expect(Buffer.from(doc.bytes).toString('latin1')).toMatch(
        /\/Producer\s*<FEFF004C0069006200720065004F0066006600690063006500/,
      );
    }
    const metas = new Set(
      printed.map((d) => /meta=(\w+)/.exec(d.expected.synthetic.layout.split('producer=')[1]!)![1]),
    );
    expect(metas.size).toBeGreaterThanOrEqual(2);
  });

  it('are the same bytes for the same seed and index', async () => {
    const [stranger, corpus] = await Promise.all([print('stranger', 0), print('corpus', 1)]);
    expect(sha(stranger.bytes)).toBe(sha(printed[0]!.bytes));
    expect(sha(corpus.bytes)).toBe(sha(printed[STRANGERS + 1]!.bytes));
  }, 120_000);

  it("print every expected value on the product's lines of the text layer, leaders read apart", async () => {
    const reader = sharedReader();
    let leadered = 0;
    for (const doc of printed) {
      const read = await reader.read(doc.bytes, 'application/pdf');
      expect(read.pages[0]!.source, doc.name).toBe('text_layer');
      const lines = buildLines(read);
      const text = squeeze(lines.map((l) => l.text).join('\n'));
      const name = doc.expected.document_type === 'purchase_order' ? 'supplier_name' : 'vendor_name';
      for (const [field, value] of Object.entries(doc.expected.synthetic.printed)) {
        // A name split over two lines of its block is printed whole in no line, word by word in order.
        if (field === name && /split=true/.test(doc.expected.synthetic.layout))
          expect(text, `${doc.name} ${field}`).toMatch(new RegExp(value.split(' ').map(escape).join('[\\s\\S]*')));
        else expect(text, `${doc.name} ${field}`).toContain(squeeze(value));
      }
      // The labelled values' leaders are drawn (the page has them), yet no line holds them.
      const words = read.pages[0]!.words.map((w) => w.text);
      if (/ meta=leaders /.test(doc.expected.synthetic.layout)) {
        leadered++;
        expect(
          words.some((w) => /\.{8}/.test(w)),
          doc.name,
        ).toBe(true);
      }
      expect(text, doc.name).not.toMatch(/\.{3}/);
    }
    expect(leadered).toBeGreaterThan(0);
  });
});

describe('the fonts pdf-lib twins draw from', () => {
  it("leave out LibreOffice's OpenSymbol, installed beside it, whose letters a reader cannot name", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'intake-fonts-'));
    try {
      mkdirSync(path.join(dir, 'truetype', 'libreoffice'), { recursive: true });
      mkdirSync(path.join(dir, 'truetype', 'dejavu'));
      for (const file of ['libreoffice/opens___.ttf', 'dejavu/DejaVuSans.ttf', 'dejavu/DejaVuSans-Bold.ttf'])
        writeFileSync(path.join(dir, 'truetype', file), '');
      expect(availableFonts(dir).filter((f) => f.kind === 'truetype')).toEqual([
        {
          kind: 'truetype',
          regular: path.join(dir, 'truetype/dejavu/DejaVuSans.ttf'),
          bold: path.join(dir, 'truetype/dejavu/DejaVuSans-Bold.ttf'),
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
