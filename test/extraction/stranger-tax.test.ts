import { beforeAll, describe, expect, it } from 'vitest';
import { makeContent, type SyntheticContent } from '../../packages/extraction-lab/src/synthetic/document.js';
import { generateDocument, type SyntheticDocument } from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import { createRandom } from '../../packages/extraction-lab/src/synthetic/random.js';
import {
  chooseStrangerTax,
  summaryLines,
  taxTableRows,
  type StrangerTax,
} from '../../packages/extraction-lab/src/synthetic/stranger-tax.js';
import { layoutChoice, readStrangerDocuments, sha256, squeezeSpaces as squeeze } from './generated-documents.js';

/**
 * The stranger layouts' tax shapes (packages/extraction-lab/src/synthetic/stranger-tax.ts): a tax
 * table, several rates, tax included, reverse charge or exemption, the rate in the label, shipping
 * or a discount before the tax. The values hold together as docs/extraction/README.md ("Tax
 * amounts") says, every shape occurs in 40 documents of one seed, and each page prints its summary,
 * table and note.
 */
const SEED = 20261143;
const COUNT = 40;
const cents = (v: number) => Math.round(v * 100);

let docs: SyntheticDocument[];
let texts: string[];

beforeAll(async () => {
  ({ docs, texts } = await readStrangerDocuments(SEED, COUNT, squeeze));
}, 180_000);

/** Draws each shape from many seeds of one content, until every shape has been drawn with and without extras. */
function drawnShapes(content: SyntheticContent): { content: SyntheticContent; tax: StrangerTax }[] {
  return Array.from({ length: 200 }, (_, seed) => chooseStrangerTax(content, createRandom(seed)));
}

describe('stranger tax shapes: the values', () => {
  const languages = ['en', 'de', 'fr', 'es', 'nl'] as const;
  const contents = languages.map((language) => {
    // Three rows or more, so that several rates have rows to fall on.
    let seed = 1;
    let content = makeContent(createRandom(seed), { kind: 'invoice', language });
    while (content.rows.length < 3) content = makeContent(createRandom(++seed), { kind: 'invoice', language });
    return content;
  });

  it('sum: subtotal, shipping or discount, and the tax lines make the total; the tax is the lines', () => {
    for (const content of contents) {
      for (const { content: taxed, tax } of drawnShapes(content)) {
        const at = (label: string) => tax.lines.filter((l) => l.label === label).map((l) => l.amount);
        const total = tax.lines[tax.totalAt]!.amount;
        expect(cents(total), `${content.language} ${tax.shape}`).toBe(cents(taxed.total));
        if (tax.shape === 'included') {
          // The total is the rows' gross sum; the line under it is the tax it includes.
          expect(cents(taxed.total)).toBe(cents(content.subtotal));
          expect(tax.lines[1]!.amount).toBe(taxed.tax);
          expect(taxed.omitted).toEqual(['subtotal']);
          continue;
        }
        const parts = tax.lines.filter((_, i) => i !== tax.totalAt && tax.lines[i]!.label !== '{subtotal}');
        const printedSum = parts.reduce((s, l) => s + l.amount, 0) + at('{subtotal}').reduce((s, a) => s + a, 0);
        const tableTax = (tax.table?.rows ?? []).reduce((s, [, , amount]) => s + amount, 0);
        if (tax.shape === 'per-line') {
          // The rows' tax column is the tax; the summary prints net and total only.
          const rows = tax.perLine!.amounts.reduce((sum, a) => sum + a, 0);
          expect(cents(rows)).toBe(cents(taxed.tax));
          expect(cents(content.subtotal + rows)).toBe(cents(total));
          expect(taxed.taxInParts).toBe(true);
        } else if (tax.shape === 'table') {
          // The tax table's amounts are the tax; the summary prints their sum or no tax line.
          expect(cents(tableTax)).toBe(cents(taxed.tax));
          for (const [base, rate, amount] of tax.table!.rows) expect(cents(amount)).toBe(cents((base * rate) / 100));
          expect(cents(printedSum + (at('{tax}').length ? 0 : tableTax))).toBe(cents(total));
        } else if (tax.shape === 'exempt' && !tax.lines.some((l) => l.amount === 0 && l.label !== '{subtotal}')) {
          expect(taxed.omitted).toContain('tax_amount');
          // With no net printed (the total alone), there is nothing to add up.
          if (at('{subtotal}').length) expect(cents(printedSum)).toBe(cents(total));
          else expect(taxed.omitted).toEqual(['subtotal', 'tax_amount']);
        } else expect(cents(printedSum)).toBe(cents(total));
        if (tax.shape === 'several') expect(tax.lines.length).toBeGreaterThanOrEqual(4);
        if (tax.shape === 'exempt') {
          expect(taxed.tax).toBe(0);
          expect(tax.note).toBeTruthy();
        }
      }
    }
  });

  it('draws every shape and extra, and bare totals keep the usual three lines', () => {
    const drawn = contents.flatMap(drawnShapes).map(({ tax }) => tax);
    expect(new Set(drawn.map((t) => t.shape))).toEqual(
      new Set(['usual', 'table', 'several', 'included', 'exempt', 'rate-label', 'per-line']),
    );
    expect(new Set(drawn.map((t) => t.extra))).toEqual(new Set(['none', 'shipping', 'discount']));
    const bare = Array.from({ length: 50 }, (_, seed) => chooseStrangerTax(contents[0]!, createRandom(seed), true));
    for (const { tax, content } of bare) {
      expect(tax.shape).toBe('usual');
      expect(tax.extra).toBe('none');
      expect(cents(content.total)).toBe(cents(contents[0]!.subtotal + content.tax));
    }
  });

  it('a rate prints as its language writes it, the word and the rate in the label', () => {
    const german = drawnShapes(contents[1]!).find(({ tax }) => tax.shape === 'rate-label')!;
    const line = summaryLines(german.content, german.tax, { subtotal: 'Netto', tax: 'MwSt.', total: 'Summe' });
    expect(line.map(([label]) => label).join(' | ')).toMatch(/(MwSt\.|USt\.) (19|7) %|(19|7) % (MwSt\.|USt\.)/);
    const french = drawnShapes(contents[2]!).find(({ tax }) => tax.table?.rows.some(([, rate]) => rate === 5.5));
    if (french) expect(taxTableRows(french.content, french.tax).map((r) => r[1])).toContain('5,5 %');
  });
});

describe('stranger tax shapes: the pages', () => {
  it('draws the shapes over one seed, and the same seed draws the same document', async () => {
    const shapes = new Set(docs.map((d) => layoutChoice(d, 'tax')));
    expect(shapes.size).toBeGreaterThanOrEqual(5);
    const again = await generateDocument(SEED, 3, 'text', availableFonts(), 'stranger');
    expect(sha256(again.bytes)).toBe(sha256(docs[3]!.bytes));
  });

  it('prints every expected amount it says is printed, and a several-rate tax only as its parts', () => {
    for (const [i, d] of docs.entries()) {
      const { printed } = d.expected.synthetic;
      for (const field of ['subtotal', 'tax_amount', 'total_amount'] as const)
        if (printed[field]) expect(texts[i], `${d.name} ${field}`).toContain(squeeze(printed[field]));
      const shape = layoutChoice(d, 'tax');
      const fields = d.expected.fields;
      if (d.expected.document_type !== 'invoice') continue;
      if (shape === 'included') expect(fields.subtotal, d.name).toBeUndefined();
      if (shape === 'exempt' && fields.tax_amount !== undefined) expect(fields.tax_amount, d.name).toBe(0);
      if (shape === 'several' && printed.tax_amount === undefined) expect(fields.tax_amount, d.name).toBeGreaterThan(0);
    }
  });
});
