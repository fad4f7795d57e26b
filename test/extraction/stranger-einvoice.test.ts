import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTesseractReader, type TesseractReader } from '@intake/ocr-tesseract';
import { makeContent } from '../../packages/extraction-lab/src/synthetic/document.js';
import { generateDocument, type SyntheticDocument } from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import { createRandom } from '../../packages/extraction-lab/src/synthetic/random.js';
import { printNumber } from '../../packages/extraction-lab/src/synthetic/formats.js';
import { chooseStrangerEinvoice } from '../../packages/extraction-lab/src/synthetic/stranger-einvoice.js';
import { chromiumPath, openHtmlPrinter } from '../../packages/extraction-lab/src/synthetic/render-html.js';
import { systemFontFamilies } from '../../packages/extraction-lab/src/synthetic/render-html-style.js';
import { layoutChoice, pageText, sha256, squeezeAll as squeeze } from './generated-documents.js';

/**
 * Invoices printed as e-invoice viewers print them (packages/extraction-lab/src/synthetic/
 * stranger-einvoice.ts): sections under headings, every value a labelled business term, a paid
 * amount before the amount due. Drawn from a random source of their own: the seed's other
 * documents are the same bytes with or without them.
 */
const SEED = 20261171;
const COUNT = 30;
const cents = (v: unknown) => Math.round(Number(v) * 100);

let reader: TesseractReader;
const docs: SyntheticDocument[] = [];
const plain: SyntheticDocument[] = [];
const texts: string[] = [];

beforeAll(async () => {
  reader = createTesseractReader({ workers: 1, pdfBudget: { stepTimeoutMs: 120_000 } });
  const fonts = availableFonts();
  for (let i = 0; i < COUNT; i++) {
    docs.push(await generateDocument(SEED, i, 'text', fonts, 'stranger', { einvoice: true }));
    plain.push(await generateDocument(SEED, i, 'text', fonts, 'stranger'));
    texts.push(squeeze(pageText(await reader.read(docs[i]!.bytes, 'application/pdf'))));
  }
}, 300_000);

afterAll(() => reader?.close());

const isEinvoice = (d: SyntheticDocument) => / layout=einvoice /.test(d.expected.synthetic.layout);

describe('stranger e-invoice views', () => {
  it('prints some invoices, and no order, as e-invoices; every other document stays the same bytes', () => {
    const einvoices = docs.filter(isEinvoice);
    expect(einvoices.length).toBeGreaterThanOrEqual(3);
    for (const d of einvoices) expect(d.expected.document_type).toBe('invoice');
    docs.forEach((d, i) => {
      if (!isEinvoice(d)) expect(sha256(d.bytes), d.name).toBe(sha256(plain[i]!.bytes));
    });
    const order = makeContent(createRandom(1), { kind: 'purchase_order' });
    for (let i = 0; i < 20; i++) expect(chooseStrangerEinvoice(order, SEED, i)).toBeUndefined();
  });

  it('prints the number, the dates and the total each after its label', () => {
    for (const [i, d] of docs.entries()) {
      if (!isEinvoice(d)) continue;
      const { printed } = d.expected.synthetic;
      for (const field of ['invoice_number', 'invoice_date', 'due_date'] as const)
        if (printed[field]) expect(texts[i], `${d.name} ${field}`).toMatch(`: ${printed[field]}`);
      // "1.190,00 EUR", or the number alone where the code is printed once.
      expect(texts[i], d.name).toContain(`: ${printed.total_amount!.replace(/ [A-Z]{3}$/, '')}`);
      expect(texts[i], d.name).toContain('380 (');
      const { fields } = d.expected;
      expect(cents(fields.subtotal) + cents(fields.tax_amount)).toBe(cents(fields.total_amount));
    }
  });

  it('prints the amount due as the total less a paid amount, which the ground truth never takes for the total', () => {
    let paid = 0;
    for (const language of ['en', 'de', 'fr', 'es', 'nl'] as const) {
      const content = makeContent(createRandom(7), { kind: 'invoice', language });
      for (let i = 0; i < 40; i++) {
        const drawn = chooseStrangerEinvoice(content, SEED, i);
        if (!drawn) continue;
        const { einvoice, content: drawnContent } = drawn;
        const totals = einvoice.page.sections.find(
          (s) => s.pairs.length >= 5 && s.pairs.every(([, v]) => /\d/.test(v)),
        )!;
        const number = (v: number) => printNumber(v, drawnContent.style.numbers);
        const due = totals.pairs.at(-1)![1];
        expect(due.startsWith(number(drawnContent.total - einvoice.prepaid)), `${language} ${i} ${due}`).toBe(true);
        expect(totals.pairs.some(([, v]) => v.startsWith(number(drawnContent.total)))).toBe(true);
        if (einvoice.prepaid > 0) paid++;
        expect(drawnContent.total).toBeCloseTo(drawnContent.subtotal + drawnContent.tax, 2);
      }
    }
    expect(paid).toBeGreaterThanOrEqual(3);
  });

  it('draws the languages, item shapes and label styles over one seed, and the same seed the same document', async () => {
    const einvoices = docs.filter(isEinvoice);
    expect(new Set(einvoices.map((d) => layoutChoice(d, 'einvoice-items'))).size).toBe(2);
    expect(new Set(einvoices.map((d) => d.expected.synthetic.language)).size).toBeGreaterThanOrEqual(2);
    const at = docs.findIndex(isEinvoice);
    const again = await generateDocument(SEED, at, 'text', availableFonts(), 'stranger', { einvoice: true });
    expect(sha256(again.bytes)).toBe(sha256(docs[at]!.bytes));
  });
});

const executable = chromiumPath();
if (!executable)
  process.stderr.write('stranger-einvoice: Chromium views skipped, no Chromium at /usr/lib/chromium/chromium\n');

describe.skipIf(!executable)('stranger e-invoice views printed by Chromium', () => {
  it("print the pdf-lib view's title, labels and values, the same ground truth", async () => {
    const producer = { printer: await openHtmlPrinter(executable), families: systemFontFamilies() };
    try {
      const at = docs
        .map((d, i) => (isEinvoice(d) ? i : -1))
        .filter((i) => i >= 0)
        .slice(0, 2);
      for (const i of at) {
        const printed = await generateDocument(SEED, i, 'text', availableFonts(), 'stranger', {
          chromium: producer,
          einvoice: true,
        });
        expect(printed.expected.fields).toEqual(docs[i]!.expected.fields);
        const text = squeeze(pageText(await reader.read(printed.bytes, 'application/pdf')));
        const { printed: values } = printed.expected.synthetic;
        for (const field of ['invoice_number', 'invoice_date'] as const)
          expect(text, `${printed.name} ${field}`).toContain(values[field]!);
        expect(text).toContain(values.total_amount!.replace(/ [A-Z]{3}$/, ''));
        expect(text).toContain('380 (');
      }
    } finally {
      await producer.printer.close();
    }
  }, 120_000);
});
