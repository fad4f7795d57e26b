import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import {
  generateDocument,
  type ChromiumProducer,
  type SyntheticDocument,
} from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import { chromiumPath, openHtmlPrinter } from '../../packages/extraction-lab/src/synthetic/render-html.js';
import { systemFontFamilies } from '../../packages/extraction-lab/src/synthetic/render-html-style.js';
import { sharedReader } from '../support/reader.js';
import { squeezeAll as squeeze } from './generated-documents.js';

/**
 * The synthetic stranger documents printed by Chromium (`synth --producer chromium`): the same
 * content as their pdf-lib twins of the seed, the same bytes for the same seed, every value the
 * ground truth says is printed found on the product's lines of the Chromium text layer, and the
 * HTML looks varied. Skips where Chromium is absent: nothing else in the suite needs it.
 */
const SEED = 20261130;
const COUNT = 12;
const executable = chromiumPath();
if (!executable) process.stderr.write('synthetic-producer: skipped, no Chromium at /usr/lib/chromium/chromium\n');

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const fonts = availableFonts();

let producer: ChromiumProducer;
let printed: SyntheticDocument[];
let twins: SyntheticDocument[];

describe.skipIf(!executable)('Chromium-printed synthetic documents', () => {
  beforeAll(async () => {
    producer = { printer: await openHtmlPrinter(executable), families: systemFontFamilies() };
    printed = [];
    twins = [];
    for (let i = 0; i < COUNT; i++) {
      printed.push(await generateDocument(SEED, i, 'text', fonts, 'stranger', { chromium: producer }));
      twins.push(await generateDocument(SEED, i, 'text', fonts, 'stranger'));
    }
  }, 180_000);

  afterAll(async () => {
    await producer?.printer.close();
  });

  it("hold their pdf-lib twin's content, written by Chromium's Skia", async () => {
    for (const [i, doc] of printed.entries()) {
      const twin = twins[i]!;
      expect(doc.name).toBe(twin.name.replace(/^stranger-/, 'chromium-'));
      expect(doc.expected.fields, doc.name).toEqual(twin.expected.fields);
      expect(doc.expected.synthetic.layout.startsWith(twin.expected.synthetic.layout), doc.name).toBe(true);
      expect(doc.expected.synthetic.layout).toMatch(/ producer=chromium html=(flex|grid|table) /);
      expect(Buffer.from(doc.bytes).toString('latin1')).toContain('/Producer (Skia/PDF');
    }
    const styles = new Set(printed.map((d) => /html=(\w+)/.exec(d.expected.synthetic.layout)![1]));
    expect(styles.size).toBeGreaterThanOrEqual(2);
  });

  it("print their twin's words: the item table's headings are the twin's line", async () => {
    const reader = sharedReader();
    for (const [i, doc] of printed.entries()) {
      const twin = twins[i]!;
      const first = (twin.expected.fields.line_items as { description: string }[])[0]!.description;
      const twinLines = buildLines(await reader.read(twin.bytes, 'application/pdf')).map((l) => l.text);
      const headings = twinLines[twinLines.findIndex((l) => l.startsWith(first)) - 1]!;
      const lines = buildLines(await reader.read(doc.bytes, 'application/pdf')).map((l) => l.text);
      expect(lines, doc.name).toContain(headings);
    }
  });

  it('centre the item headings over their columns on some pages, as HTML tables do by default', async () => {
    const reader = sharedReader();
    const heads = printed.map((d) => /heads=(\w+)/.exec(d.expected.synthetic.layout)![1]);
    expect(new Set(heads)).toEqual(new Set(['aligned', 'centred']));
    for (const [i, doc] of printed.entries()) {
      const first = (doc.expected.fields.line_items as { description: string }[])[0]!.description;
      const lines = buildLines(await reader.read(doc.bytes, 'application/pdf'));
      const row = lines.findIndex((l) => l.text.startsWith(first));
      // The description's heading starts where its cells do, or (centred) well right of it.
      const indent = lines[row - 1]!.words[0]!.bbox.x0 - lines[row]!.words[0]!.bbox.x0;
      if (heads[i] === 'centred') expect(indent, doc.name).toBeGreaterThan(20);
      else expect(indent, doc.name).toBeLessThan(2);
    }
  });

  it('are the same bytes for the same seed and index', async () => {
    for (const i of [0, 5]) {
      const again = await generateDocument(SEED, i, 'text', fonts, 'stranger', { chromium: producer });
      expect(sha(again.bytes), `document ${i}`).toBe(sha(printed[i]!.bytes));
    }
  });

  it("print every expected value on the product's lines of the text layer", async () => {
    const reader = sharedReader();
    for (const doc of printed) {
      const read = await reader.read(doc.bytes, 'application/pdf');
      expect(read.pages[0]!.source, doc.name).toBe('text_layer');
      const lines = buildLines(read).map((l) => l.text);
      const text = squeeze(lines.join('\n'));
      const name = doc.expected.document_type === 'purchase_order' ? 'supplier_name' : 'vendor_name';
      for (const [field, value] of Object.entries(doc.expected.synthetic.printed)) {
        // A name split over two lines of its block is printed whole in no line, word by word in order.
        if (field === name && /split=true/.test(doc.expected.synthetic.layout))
          expect(text, `${doc.name} ${field}`).toMatch(new RegExp(value.split(' ').map(escape).join('[\\s\\S]*')));
        else expect(text, `${doc.name} ${field}`).toContain(squeeze(value));
      }
      const rows = doc.expected.fields.line_items as { description: string }[];
      for (const row of rows) expect(text, `${doc.name} row`).toContain(row.description);
    }
  });
});

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
