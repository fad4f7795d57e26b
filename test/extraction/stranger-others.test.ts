import { createTesseractReader } from '@intake/ocr-tesseract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContent } from '../../packages/extraction-lab/src/synthetic/document.js';
import { generateDocument, type SyntheticDocument } from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import { createRandom } from '../../packages/extraction-lab/src/synthetic/random.js';
import { chooseStrangerLayout } from '../../packages/extraction-lab/src/synthetic/render-stranger.js';
import {
  chooseStrangerOthers,
  type StrangerOthers,
} from '../../packages/extraction-lab/src/synthetic/stranger-others.js';
import { layoutChoice, pageText, sha256, squeezeSpaces, vocabularyOfDocument } from './generated-documents.js';

/**
 * The stranger layouts' other organizations (packages/extraction-lab/src/synthetic/
 * stranger-others.ts): a bank over or beside the account line, an invoicing service at the very
 * foot, a carrier's delivery line under the item rows, a partner under the title or in the footer,
 * an insurer in the footer, brands in item descriptions. Every choice is drawn, each page prints
 * the words where its choice says, the same seed draws the same bytes, and with the trait off (or
 * on) every other choice and byte of a seed stays what it was.
 */
const SEED = 20261181;
const COUNT = 48;

interface Generated {
  on: SyntheticDocument;
  off: SyntheticDocument;
  /** The page's lines as its text layer reads, with the trait on. */
  lines: string[];
}

let generated: Generated[];

/**
 * The standard fonts and DejaVu's: a font directory whatever else the machine installs (LibreOffice
 * brings OpenSymbol, whose glyphs read as no text).
 */
const FONTS = availableFonts('/usr/share/fonts/truetype/dejavu');
const generate = (index: number, others: boolean) =>
  generateDocument(SEED, index, 'text', FONTS, 'stranger', { others });

beforeAll(async () => {
  const reader = createTesseractReader({ workers: 1, pdfBudget: { stepTimeoutMs: 120_000 } });
  try {
    generated = [];
    for (let i = 0; i < COUNT; i++) {
      const on = await generate(i, true);
      const text = squeezeSpaces(pageText(await reader.read(on.bytes, 'application/pdf')));
      generated.push({ on, off: await generate(i, false), lines: text.split('\n') });
    }
  } finally {
    await reader.close();
  }
}, 240_000);

const kindOf = (d: SyntheticDocument) => layoutChoice(d, 'others').replace(/-(head|foot)$/, '');
const showing = (kind: string) => generated.filter((g) => [kind, 'all'].includes(kindOf(g.on)));
const words = (g: Generated) => vocabularyOfDocument(g.on).others;
/** The index of the first line holding one of `texts`. */
const lineOf = (g: Generated, texts: readonly string[]) => g.lines.findIndex((l) => texts.some((t) => l.includes(t)));
/** The index of the last line holding `text`. */
const lastLineOf = (g: Generated, text: string) => g.lines.findLastIndex((l) => l.includes(text));

describe('stranger others: the draws', () => {
  const fonts = FONTS;
  const drawn = Array.from({ length: 240 }, (_, seed) => {
    const random = createRandom(seed);
    const kind = seed % 2 ? 'invoice' : 'purchase_order';
    const content = makeContent(random, { kind, language: (['en', 'de', 'fr', 'es', 'nl'] as const)[seed % 5] });
    const layout = { ...chooseStrangerLayout(random, fonts, kind), sellers: { place: 'as-drawn' } };
    return { before: content, ...chooseStrangerOthers(content, layout, createRandom(seed + 1000)) };
  });
  const others = (d: (typeof drawn)[number]): StrangerOthers => d.layout.others;

  it('draws every kind and place, a partner under the title only where the top right is free', () => {
    expect(new Set(drawn.map((d) => others(d).kind))).toEqual(
      new Set(['none', 'bank', 'service', 'carrier', 'partner', 'insurer', 'brand', 'all']),
    );
    expect(new Set(drawn.map((d) => others(d).bank.place))).toEqual(new Set(['over', 'beside']));
    expect(new Set(drawn.map((d) => others(d).partner.place))).toEqual(new Set(['head', 'foot']));
    for (const d of drawn.filter((x) => others(x).partner.place === 'head')) {
      expect(d.layout.identity.place).not.toBe('right-top');
      expect(d.layout.parties.order).not.toBe('letterhead');
    }
  });

  it('names the organizations it prints, and changes the rows only where brands are printed', () => {
    for (const d of drawn) {
      const o = others(d);
      const count = { none: 0, brand: 0, all: 5 }[o.kind as string] ?? 1;
      expect(o.names, o.kind).toHaveLength(count);
      const changed = d.content.rows.filter((r, i) => r.description !== d.before.rows[i]!.description);
      expect(changed.length > 0).toBe(o.kind === 'brand' || o.kind === 'all');
      expect(d.content.rows.map((r) => r.amount)).toEqual(d.before.rows.map((r) => r.amount));
    }
  });
});

describe('stranger others: the pages', () => {
  it('draws most kinds over one seed; the same seed draws the same bytes', async () => {
    expect(new Set(generated.map((g) => kindOf(g.on))).size).toBeGreaterThanOrEqual(6);
    const at = generated.findIndex((g) => kindOf(g.on) === 'all');
    expect(sha256((await generate(at, true)).bytes)).toBe(sha256(generated[at]!.on.bytes));
  });

  it('with the trait off, prints the seed as before; on, leaves every other choice as it was', async () => {
    const none = generated.find((g) => kindOf(g.on) === 'none')!;
    expect(sha256(none.on.bytes)).toBe(sha256(none.off.bytes));
    // The generator as it stood before the trait: its defaults draw no others.
    const before = await generateDocument(SEED, 0, 'text', FONTS, 'stranger');
    expect(sha256(before.bytes)).toBe(sha256(generated[0]!.off.bytes));
    for (const { on, off } of generated) {
      expect(off.expected.synthetic.layout).not.toMatch(/ others=/);
      expect(on.expected.synthetic.layout.replace(/ others=\S+/, '')).toBe(off.expected.synthetic.layout);
      const { line_items: rowsOn, ...fieldsOn } = on.expected.fields;
      const { line_items: rowsOff, ...fieldsOff } = off.expected.fields;
      expect(fieldsOn).toEqual(fieldsOff);
      if (!['brand', 'all'].includes(kindOf(on))) expect(rowsOn).toEqual(rowsOff);
    }
  });

  it('prints the bank over or beside the account line, the service at the very foot', () => {
    expect(showing('bank').length).toBeGreaterThan(0);
    for (const g of showing('bank')) {
      const at = lineOf(g, words(g).banks);
      expect(at, g.on.name).toBeGreaterThan(0);
      // The account line is the bank's own or the next one.
      expect(g.lines.slice(at, at + 2).join(' '), g.on.name).toMatch(/IBAN|Sort code/);
    }
    expect(showing('service').length).toBeGreaterThan(0);
    // The footer is printed on every page of a document over several pages: the last page's is the page's foot.
    for (const g of showing('service'))
      expect(Math.max(...words(g).services.map((t) => lastLineOf(g, t))), g.on.name).toBe(g.lines.length - 1);
  });

  it('prints the carrier under the item rows, the partner at the top or the foot, the insurer at the foot', () => {
    for (const kind of ['carrier', 'partner', 'insurer']) expect(showing(kind).length, kind).toBeGreaterThan(0);
    for (const g of showing('carrier')) {
      const rows = (g.on.expected.fields.line_items as { description: string }[]).map((r) => r.description);
      expect(lineOf(g, words(g).carriers), g.on.name).toBe(lastLineOf(g, rows.at(-1)!) + 1);
    }
    for (const g of showing('partner')) {
      const at = lineOf(g, words(g).partners);
      if (layoutChoice(g.on, 'others').endsWith('-head')) expect(at, g.on.name).toBeLessThan(4);
      else expect(at, g.on.name).toBeGreaterThan(g.lines.length - 9);
    }
    for (const g of showing('insurer'))
      expect(lineOf(g, words(g).insurers), g.on.name).toBeGreaterThan(g.lines.length - 6);
  });

  it('prints brands inside the item descriptions', () => {
    expect(showing('brand').length).toBeGreaterThan(0);
    for (const g of showing('brand')) {
      const rows = (g.on.expected.fields.line_items as { description: string }[]).map((r) => r.description);
      const branded = rows.filter((r) => words(g).brands.includes(r));
      expect(branded.length, g.on.name).toBeGreaterThan(0);
      for (const row of branded) expect(lineOf(g, [row]), g.on.name).toBeGreaterThan(0);
    }
  });
});
