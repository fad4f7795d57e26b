import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTesseractReader, type TesseractReader } from '@intake/ocr-tesseract';
import {
  generateDocument,
  strangerReceiptAt,
  type SyntheticDocument,
} from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import {
  formatDate,
  formatTime,
  receiptWordsOf,
  type ReceiptLocale,
} from '../../packages/extraction-lab/src/synthetic/stranger-receipt.js';
import { escapeRegExp, layoutChoice, pageText, sha256, squeezeSpaces as squeeze } from './generated-documents.js';

/**
 * The stranger family's receipts (packages/extraction-lab/src/synthetic/stranger-receipt.ts and
 * render-stranger-receipt.ts): 42 receipts of one seed draw every choice, and each receipt's text
 * layer prints what its choices say: the name as a line, only in a logo image or after the address,
 * again in a sentence, a footer, a web address or a legal line, a branch line, a legal entity, the
 * locale's total, tax, cash and card lines, on 58 mm, 80 mm or A4 paper.
 */
const SEED = 20261130;
const COUNT = 42;

let reader: TesseractReader;
let docs: SyntheticDocument[];
let lines: string[][];

beforeAll(async () => {
  reader = createTesseractReader({ workers: 1, pdfBudget: { stepTimeoutMs: 120_000 } });
  const fonts = availableFonts();
  docs = [];
  lines = [];
  for (let i = 0; i < COUNT; i++) {
    const doc = await generateDocument(SEED, i, 'text', fonts, 'stranger', { type: 'receipt' });
    docs.push(doc);
    lines.push(squeeze(pageText(await reader.read(doc.bytes, 'application/pdf'))).split('\n'));
  }
}, 240_000);

afterAll(async () => {
  await reader.close();
});

const choice = (d: SyntheticDocument, name: string) => layoutChoice(d, name);
const wordsOf = (d: SyntheticDocument) => receiptWordsOf(d.expected.synthetic.language as ReceiptLocale);
const textOf = (d: SyntheticDocument) => lines[docs.indexOf(d)]!;
const nameOf = (d: SyntheticDocument) => d.expected.synthetic.printed.merchant_name!;
/** The index of the first line that contains `text`, or -1. */
const lineWith = (d: SyntheticDocument, text: string) => textOf(d).findIndex((l) => l.includes(squeeze(text)));
const where = (d: SyntheticDocument) => `${d.name} ${d.expected.synthetic.layout}\n${textOf(d).join('\n')}`;

describe('stranger receipts: shops the corpus has not seen', () => {
  it('draw every locale and choice, and the same seed and index draw the same receipt', async () => {
    const choices = (name: string) => [...new Set(docs.map((d) => choice(d, name)))].sort();
    expect(new Set(docs.map((d) => d.expected.synthetic.language))).toEqual(
      new Set(['en-US', 'en-GB', 'de', 'fr', 'es', 'nl', 'ms']),
    );
    expect(choices('merchant')).toEqual(['address-first', 'logo', 'text']);
    expect(choices('name-again')).toEqual(['footer', 'legal', 'none', 'thanks', 'web']);
    expect(choices('entity')).toEqual(['footer', 'header', 'same']);
    expect(choices('paper')).toEqual(['58mm', '80mm', 'a4']);
    expect(choices('payment')).toEqual(['card', 'cash']);
    expect(choices('blurb')).toEqual(['loyalty', 'none', 'returns', 'survey']);
    expect(choices('mark')).toEqual(['all', 'none', 'total']);
    for (const name of ['store', 'capitals']) expect(choices(name)).toEqual(['false', 'true']);
    for (const d of docs) expect(d.expected.document_type).toBe('receipt');
    const again = await generateDocument(SEED, 9, 'text', availableFonts(), 'stranger', { type: 'receipt' });
    expect(again.expected).toEqual(docs[9]!.expected);
    expect(sha256(again.bytes)).toBe(sha256(docs[9]!.bytes));
  });

  it('make a third of the family receipts, leaving the invoices and orders of a seed as they were', async () => {
    const fonts = availableFonts();
    const receipts = Array.from({ length: 30 }, (_, i) => strangerReceiptAt(SEED, i, 'any'));
    expect(receipts.filter(Boolean).length).toBeGreaterThan(4);
    expect(receipts.filter(Boolean).length).toBeLessThan(20);
    const receipt = receipts.indexOf(true);
    const other = receipts.indexOf(false);
    const anyReceipt = await generateDocument(SEED, receipt, 'text', fonts, 'stranger', { type: 'any' });
    expect(sha256(anyReceipt.bytes)).toBe(sha256(docs[receipt]!.bytes));
    const anyOther = await generateDocument(SEED, other, 'text', fonts, 'stranger', { type: 'any' });
    const before = await generateDocument(SEED, other, 'text', fonts, 'stranger');
    expect(anyOther.expected.document_type).not.toBe('receipt');
    expect(sha256(anyOther.bytes)).toBe(sha256(before.bytes));
  });

  it('print the date, the total and the payment as the ground truth says, and the total adds up', () => {
    for (const d of docs) {
      const { printed } = d.expected.synthetic;
      for (const field of ['transaction_date', 'total_amount', 'payment_method'])
        expect(lineWith(d, printed[field]!), `${field} of ${where(d)}`).toBeGreaterThanOrEqual(0);
      const totalLine = textOf(d).find((l) => l.startsWith(squeeze(choice(d, 'total-label').replace(/_/g, ' '))));
      expect(totalLine, where(d)).toContain(printed.total_amount);
      const items = d.expected.fields.items as { amount: number }[];
      const sum = items.reduce((s, i) => s + i.amount, 0);
      const total = d.expected.fields.total_amount as number;
      // Tax added on top (en-US, ms) or included in the prices (the others).
      if (wordsOf(d).tax.mode === 'included') expect(total).toBeCloseTo(sum, 2);
      else expect(total).toBeGreaterThan(sum);
    }
  });

  it('name the shop on a line of its own, after its address, or only in a logo image and elsewhere', () => {
    for (const d of docs) {
      const name = nameOf(d);
      const text = textOf(d);
      const nameLine = text.findIndex((l) => l === squeeze(name));
      const street = lineWith(d, addressOf(d)[0]);
      if (choice(d, 'merchant') === 'text') expect(nameLine, where(d)).toBe(0);
      if (choice(d, 'merchant') === 'address-first') expect(nameLine, where(d)).toBeGreaterThan(street);
      if (choice(d, 'merchant') === 'logo') {
        expect(street, where(d)).toBe(0);
        expect(choice(d, 'name-again'), where(d)).not.toBe('none');
        // The name is in no line of the text layer but the one that names the shop again.
        const again = text.filter((l) => l.includes(squeeze(name)));
        expect(again.length, where(d)).toBeLessThanOrEqual(1);
      }
      if (choice(d, 'capitals') === 'true') expect(name).toBe(name.toUpperCase());
      expect(name.toLowerCase()).toBe((d.expected.fields.merchant_name as string).toLowerCase());
    }
  });

  it('name the shop again as each choice says: a thanks sentence, a footer line, a web address or a legal line', () => {
    for (const d of docs) {
      const w = wordsOf(d);
      const name = nameOf(d);
      const total = lineWith(d, d.expected.synthetic.printed.total_amount!);
      switch (choice(d, 'name-again')) {
        case 'thanks': {
          const shapes = w.thanks.map((t) => new RegExp(escapeRegExp(t).replace('\\{name\\}', escapeRegExp(name))));
          expect(
            textOf(d).some((l) => shapes.some((s) => s.test(l))),
            where(d),
          ).toBe(true);
          break;
        }
        case 'footer':
          expect(textOf(d).lastIndexOf(squeeze(name)), where(d)).toBeGreaterThan(total);
          break;
        case 'web':
          expect(lineWith(d, 'www.'), where(d)).toBeGreaterThan(total);
          break;
        case 'legal': {
          const legal = textOf(d).findIndex((l) => w.tax_ids.some((t) => l.endsWith(`· ${t}`)));
          expect(legal, where(d)).toBeGreaterThan(total);
          break;
        }
      }
    }
  });

  it('print the branch line under the brand and a legal entity other than the brand in the header or the foot', () => {
    for (const d of docs) {
      const w = wordsOf(d);
      const total = lineWith(d, d.expected.synthetic.printed.total_amount!);
      const isBranch = (l: string | undefined) =>
        w.store_lines.some((s) => new RegExp(`^${escapeRegExp(s).replace(/\\\{\w+\\\}/g, '.+')}$`).test(l ?? ''));
      if (choice(d, 'store') === 'true' && choice(d, 'merchant') === 'logo')
        expect(textOf(d).some(isBranch), where(d)).toBe(true);
      if (choice(d, 'store') === 'true' && choice(d, 'merchant') !== 'logo')
        expect(isBranch(textOf(d)[textOf(d).indexOf(squeeze(nameOf(d))) + 1]), where(d)).toBe(true);
      const legal = textOf(d).findIndex((l) => w.legal_words.some((word) => l.includes(word)));
      if (choice(d, 'entity') === 'same') expect(legal, where(d)).toBe(-1);
      if (choice(d, 'entity') === 'header') expect(legal, where(d)).toBeLessThan(total);
      if (choice(d, 'entity') === 'footer') expect(legal, where(d)).toBeGreaterThan(total);
    }
  });

  it("print cash with its change, or the card's lines, and the paper's width", async () => {
    const widths = { '58mm': 165, '80mm': 227, a4: 595 } as const;
    for (const d of docs) {
      const w = wordsOf(d);
      const read = await reader.read(d.bytes, 'application/pdf');
      expect(read.pages[0]!.width, d.name).toBeCloseTo(widths[choice(d, 'paper') as keyof typeof widths], 0);
      if (choice(d, 'payment') === 'cash') {
        expect(w.cash).toContain(d.expected.fields.payment_method);
        expect(
          textOf(d).some((l) => w.change.some((c) => l.startsWith(`${c} `))),
          where(d),
        ).toBe(true);
      } else {
        expect(w.cards).toContain(d.expected.fields.payment_method);
        expect(
          textOf(d).some((l) => /[*X#x]{4} ?\d{4}\b/.test(l)),
          where(d),
        ).toBe(true);
      }
    }
  });
});

describe('stranger receipts as photos', () => {
  it('are the text receipt photographed: a JPEG, the same ground truth, the degradation recorded', async () => {
    const photo = await generateDocument(SEED, 4, 'photo', availableFonts(), 'stranger', { type: 'receipt' });
    expect(photo.name).toBe('stranger-20261130-0004.jpg');
    expect([...photo.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(photo.expected.kind).toBe('image');
    expect(photo.expected.fields).toEqual(docs[4]!.expected.fields);
    expect(photo.expected.synthetic.layout).toBe(docs[4]!.expected.synthetic.layout);
    expect(photo.expected.synthetic.degradation?.dpi).toBeGreaterThanOrEqual(110);
  }, 60_000);
});

describe("receipts' date and time styles", () => {
  it('print each token of a format', () => {
    expect(formatDate('2024-03-08', 'MM/DD/YYYY', receiptWordsOf('en-US').months)).toBe('03/08/2024');
    expect(formatDate('2024-03-08', 'D.M.YYYY', receiptWordsOf('de').months)).toBe('8.3.2024');
    expect(formatDate('2024-03-08', 'DD MMM YYYY', receiptWordsOf('ms').months)).toBe('08 Mac 2024');
    expect(formatDate('2024-08-08', 'DD-MMM-YY', receiptWordsOf('en-GB').months)).toBe('08-Aug-24');
    expect(formatTime({ h: 14, m: 5, s: 9 }, 'h:mm A')).toBe('2:05 PM');
    expect(formatTime({ h: 0, m: 30, s: 0 }, 'hh:mm:ss A')).toBe('12:30:00 AM');
    expect(formatTime({ h: 14, m: 5, s: 9 }, "HH'h'mm")).toBe('14h05');
    expect(formatTime({ h: 9, m: 5, s: 9 }, "HH:mm 'Uhr'")).toBe('09:05 Uhr');
  });
});

/** The merchant's street and place lines, as the ground truth's content keeps them. */
function addressOf(d: SyntheticDocument): [string, string] {
  const text = textOf(d);
  const w = wordsOf(d);
  const street = text.find((l) => w.streets.some((s) => l.includes(s)))!;
  return [street, text[text.indexOf(street) + 1]!];
}
