import type { ReadDocument } from '@intake/core';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContent } from '../../packages/extraction-lab/src/synthetic/document.js';
import { printNumber, type NumberStyle } from '../../packages/extraction-lab/src/synthetic/formats.js';
import { generateDocument, type SyntheticDocument } from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import { createRandom } from '../../packages/extraction-lab/src/synthetic/random.js';
import { chooseStrangerPages, rooms, split } from '../../packages/extraction-lab/src/synthetic/stranger-pages.js';
import { escapeRegExp, layoutChoice, sha256, squeezeSpaces, vocabularyOfDocument } from './generated-documents.js';

/**
 * Stranger invoices and orders over two or three pages (stranger-pages.ts): every choice drawn, the
 * rows and amounts holding together, each page printing its page count, the carried amount at a
 * page's foot and the next page's head as the rows above it sum, the summary on the last page only
 * and the footer on every page; the same seed the same bytes, and a document the trait leaves on
 * one page the same bytes as without the trait.
 */
const SEED = 20261180;
const cents = (v: number) => Math.round(v * 100);

describe('stranger pages: the choice', () => {
  const content = makeContent(createRandom(5), { kind: 'invoice', language: 'de' });
  const drawn = Array.from({ length: 200 }, (_, seed) => chooseStrangerPages(content, createRandom(seed), 294));

  it('draws every choice, about a quarter on several pages', () => {
    const several = drawn.filter((d) => d.pages.count > 1);
    expect(new Set(drawn.map((d) => d.pages.count))).toEqual(new Set([1, 2, 3]));
    expect(new Set(several.map((d) => d.pages.header))).toEqual(new Set(['full', 'short']));
    expect(new Set(several.map((d) => d.pages.carried))).toEqual(new Set(['both', 'none']));
    expect(several.length).toBeGreaterThan(30);
    expect(several.length).toBeLessThan(70);
  });

  it('keeps one page as drawn, and gives several pages 10 to 40 rows that sum to the totals', () => {
    for (const { content: paged, pages } of drawn) {
      if (pages.count === 1) {
        expect(paged).toBe(content);
        continue;
      }
      expect(paged.rows.length).toBeGreaterThanOrEqual(10);
      expect(paged.rows.length).toBeLessThanOrEqual(40);
      expect(paged.rows.slice(0, content.rows.length)).toEqual(content.rows);
      expect(cents(paged.subtotal)).toBe(paged.rows.reduce((s, r) => s + cents(r.amount), 0));
      expect(cents(paged.total)).toBe(cents(paged.subtotal) + cents(paged.tax));
    }
  });

  it('gives every page at least one row and never more than it holds, the last room for the summary', () => {
    for (const top of [270, 294, 366, 405])
      for (const count of [2, 3])
        for (const nextTop of [96, top]) {
          const room = rooms(count, top, nextTop);
          const most = Math.min(
            40,
            room.reduce((a, b) => a + b, 0),
          );
          for (let rows = Math.min(10, most); rows <= most; rows++) {
            const counts = split(rows, room);
            expect(counts.reduce((a, b) => a + b, 0)).toBe(rows);
            counts.forEach((c, i) => {
              expect(c).toBeGreaterThanOrEqual(1);
              expect(c).toBeLessThanOrEqual(room[i]!);
            });
          }
          // The last page's rows end where the summary, the closing and the seller's block still fit.
          expect(nextTop + (room.at(-1)! + 1) * 18).toBeLessThanOrEqual(Math.max(470, nextTop + 36));
        }
  });
});

/** Each page's text, a line per row of words, spaces squeezed. */
function pageTexts(doc: ReadDocument): string[] {
  return doc.pages.map((page) => {
    const lines = new Map<number, { x: number; text: string }[]>();
    for (const w of page.words) {
      const key = [...lines.keys()].find((y) => Math.abs(y - w.bbox.y0) < 3) ?? w.bbox.y0;
      lines.set(key, [...(lines.get(key) ?? []), { x: w.bbox.x0, text: w.text }]);
    }
    return squeezeSpaces(
      [...lines.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, words]) =>
          words
            .sort((a, b) => a.x - b.x)
            .map((w) => w.text)
            .join(' '),
        )
        .join('\n'),
    );
  });
}

describe('stranger pages: the documents', () => {
  const reader = createTesseractReader({ workers: 1, pdfBudget: { stepTimeoutMs: 120_000 } });
  const found: { doc: SyntheticDocument; pages: string[] }[] = [];
  const single: SyntheticDocument[] = [];
  afterAll(() => reader.close());

  beforeAll(async () => {
    // Documents of one seed until the several-page ones show every choice.
    const fonts = availableFonts();
    for (let i = 0; i < 80 && found.length < 10; i++) {
      const doc = await generateDocument(SEED, i, 'text', fonts, 'stranger');
      if (layoutChoice(doc, 'pages') === '1') {
        if (single.length < 4) single.push(doc);
        continue;
      }
      const pages = pageTexts(await reader.read(doc.bytes, 'application/pdf'));
      // A font whose glyphs map to no text (a symbol font) is read by OCR: not what is checked here.
      const number = (doc.expected.fields.invoice_number ?? doc.expected.fields.po_number) as string;
      if (pages[0]!.includes(number)) found.push({ doc, pages });
    }
  }, 240_000);

  it('prints as many pages as it says, each with its page count', () => {
    expect(new Set(found.map((f) => layoutChoice(f.doc, 'pages')))).toEqual(new Set(['2', '3']));
    for (const { doc, pages } of found) {
      const count = Number(layoutChoice(doc, 'pages'));
      expect(pages).toHaveLength(count);
      pages.forEach((text, i) => expect(pageCount(doc, text), `${doc.name} page ${i + 1}`).toBe(`${i + 1}/${count}`));
    }
  });

  it('prints every row once, the carried amount as the rows above it sum, the summary on the last page', () => {
    const carried = found.filter((f) => layoutChoice(f.doc, 'carried') === 'both');
    expect(carried.length).toBeGreaterThan(0);
    expect(found.some((f) => layoutChoice(f.doc, 'carried') === 'none')).toBe(true);
    for (const { doc, pages } of found) {
      const rows = doc.expected.fields.line_items as { description: string; amount: number }[];
      const v = vocabularyOfDocument(doc);
      const style = doc.expected.synthetic.numbers as NumberStyle;
      const money = (amount: number) => printNumber(amount, style);
      const ends = (line: string, amount: number) =>
        new RegExp(`(^| |\\D)${escapeRegExp(money(amount))}( \\S+)?$`).test(line);
      // Rows are the lines that begin with an item, hold three numbers or more and end with the row's amount.
      let before = 0;
      pages.forEach((text, p) => {
        const lines = text.split('\n');
        const here = lines.filter(
          (l) => v.items.some((item) => l.startsWith(`${item} `)) && (l.match(/\d+/g) ?? []).length >= 3,
        );
        const sum = rows.slice(0, before + here.length).reduce((s, r) => s + cents(r.amount), 0) / 100;
        here.forEach((line, k) => expect(ends(line, rows[before + k]!.amount), line).toBe(true));
        before += here.length;
        const last = p === pages.length - 1;
        const total = doc.expected.fields.total_amount as number;
        if (!last)
          expect(
            lines.some((l) => ends(l, total)),
            `${doc.name} page ${p + 1}`,
          ).toBe(false);
        if (layoutChoice(doc, 'carried') !== 'both') return;
        const foot = lines.filter((l) => ends(l, sum) && !here.includes(l));
        // The page's foot carries the rows' sum; the next page's head brings the same amount.
        if (!last) expect(foot.length, `${doc.name} page ${p + 1}: ${money(sum)}`).toBeGreaterThan(0);
        if (p > 0) {
          const brought = rows.slice(0, before - here.length).reduce((s, r) => s + cents(r.amount), 0) / 100;
          expect(text).toContain(money(brought));
        }
      });
      expect(before, doc.name).toBe(rows.length);
    }
  });

  it('repeats the footer on every page, and the header in full or as the number and date', () => {
    for (const { doc, pages } of found) {
      const number = (doc.expected.fields.invoice_number ?? doc.expected.fields.po_number) as string;
      for (const text of pages) expect(text, doc.name).toContain(number);
      // The lines under the page count: the footer's legal line, contacts and printed date.
      const foot = (text: string) => {
        const lines = text.split('\n');
        return lines.slice(lines.findIndex((l) => pageCount(doc, l)) + 1).join('\n');
      };
      for (const text of pages.slice(0, -1)) expect(foot(text)).toBe(foot(pages.at(-1)!));
      if (layoutChoice(doc, 'page-header') === 'full')
        expect(pages[1]!.split('\n').slice(0, 3)).toEqual(pages[0]!.split('\n').slice(0, 3));
    }
    expect(new Set(found.map((f) => layoutChoice(f.doc, 'page-header')))).toEqual(new Set(['full', 'short']));
  });

  it('draws the same bytes again, and a one-page document as it was without the trait', async () => {
    const fonts = availableFonts();
    const { doc } = found[0]!;
    const again = await generateDocument(SEED, doc.expected.synthetic.index, 'text', fonts, 'stranger');
    expect(sha256(again.bytes)).toBe(sha256(doc.bytes));
    for (const one of single) {
      const without = await generateDocument(SEED, one.expected.synthetic.index, 'text', fonts, 'stranger', {
        pages: false,
      });
      expect(sha256(without.bytes)).toBe(sha256(one.bytes));
    }
    // Several pages change the rows, never the other choices.
    const unpaged = await generateDocument(SEED, doc.expected.synthetic.index, 'text', fonts, 'stranger', {
      pages: false,
    });
    const others = (d: SyntheticDocument) => d.expected.synthetic.layout.replace(/ pages=.*? font=/, ' font=');
    expect(others(unpaged)).toBe(others(doc));
    expect(unpaged.expected.fields.invoice_date ?? unpaged.expected.fields.order_date).toBe(
      doc.expected.fields.invoice_date ?? doc.expected.fields.order_date,
    );
  });
});

/** The page count a page prints in its language's words ("Seite 2 von 3" as "2/3"), if any. */
function pageCount(doc: SyntheticDocument, text: string): string | undefined {
  for (const pattern of vocabularyOfDocument(doc).page_of) {
    const re = new RegExp(escapeRegExp(pattern).replace('\\{i\\}', '(\\d)').replace('\\{n\\}', '(\\d)'));
    const m = re.exec(text);
    if (m) return `${m[1]}/${m[2]}`;
  }
  return undefined;
}
