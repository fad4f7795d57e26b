import { beforeAll, describe, expect, it } from 'vitest';
import { makeContent } from '../../packages/extraction-lab/src/synthetic/document.js';
import { generateDocument, type SyntheticDocument } from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import { createRandom } from '../../packages/extraction-lab/src/synthetic/random.js';
import { chooseStrangerLayout } from '../../packages/extraction-lab/src/synthetic/render-stranger.js';
import { chooseStrangerSellers } from '../../packages/extraction-lab/src/synthetic/stranger-sellers.js';
import {
  escapeRegExp,
  layoutChoice,
  readStrangerDocuments,
  sha256,
  squeezeSpaces as squeeze,
  sellerName,
} from './generated-documents.js';

/**
 * The stranger layouts' seller names and places (packages/extraction-lab/src/synthetic/
 * stranger-sellers.ts): compound legal forms and ampersands, initials and digits; "Bill to" and
 * "Ship to" side by side, the title large at the top left, a sole trader over two lines at the top
 * right, the name in capitals in the footer's first column only, both parties as labelled pairs.
 * Every choice is drawn, each page prints the ground truth's name where its place says and
 * nowhere else where the place says "only", and the same seed draws the same bytes.
 */
const SEED = 20261151;
const COUNT = 60;

let docs: SyntheticDocument[];
let texts: string[];

beforeAll(async () => {
  ({ docs, texts } = await readStrangerDocuments(SEED, COUNT, squeeze));
}, 180_000);

const buyerName = (d: SyntheticDocument) => d.expected.fields.buyer_name as string | undefined;
const placed = (place: string) => docs.filter((d) => layoutChoice(d, 'seller-place') === place);
const textOf = (d: SyntheticDocument) => texts[docs.indexOf(d)]!;

describe('stranger sellers: the draws', () => {
  const fonts = availableFonts();
  const drawn = Array.from({ length: 300 }, (_, seed) => {
    const random = createRandom(seed);
    const kind = seed % 2 ? 'invoice' : 'purchase_order';
    const content = makeContent(random, { kind, language: (['en', 'de', 'fr', 'es', 'nl'] as const)[seed % 5] });
    const layout = { ...chooseStrangerLayout(random, fonts, kind), issuer: { name: 'company' as const } };
    return chooseStrangerSellers(content, layout, createRandom(seed + 1000));
  });

  it('draws every shape and place, labelled pairs on invoices only', () => {
    expect(new Set(drawn.map((d) => d.layout.sellers.shape))).toEqual(new Set(['as-drawn', 'compound', 'initials']));
    expect(new Set(drawn.map((d) => d.layout.sellers.place))).toEqual(
      new Set(['as-drawn', 'ship-bill', 'title-left', 'two-lines', 'footer-column', 'labelled']),
    );
    for (const d of drawn.filter((x) => x.layout.sellers.place === 'labelled')) expect(d.content.kind).toBe('invoice');
  });

  it('names with compound forms, ampersands, initials or digits; a place only beside identities that leave it room', () => {
    const compound = drawn.filter((d) => d.layout.sellers.shape === 'compound').map((d) => d.content.seller.name);
    expect(compound.some((n) => / & |GmbH & Co\. KG| et Fils | e Hijos | & Zn\./.test(n))).toBe(true);
    // A sole trader's two lines name the owner instead.
    const initials = drawn
      .filter((d) => d.layout.sellers.shape === 'initials' && d.layout.sellers.place !== 'two-lines')
      .map((d) => d.content.seller.name);
    expect(initials.every((n) => /^(?:\p{Lu}[.&]\p{Lu}\.?|\d|A1 )/u.test(n))).toBe(true);
    // A place is drawn beside the identities it leaves room for; a footer column beside the usual one only.
    const placed = drawn.filter((x) => x.layout.sellers.place !== 'as-drawn');
    expect(new Set(placed.map((d) => d.layout.identity.place)).size).toBeGreaterThanOrEqual(5);
    for (const d of placed) expect(d.layout.variety.letterhead).toBe('none');
    const footer = drawn.filter((d) => d.layout.sellers.place === 'footer-column');
    for (const d of footer)
      expect([d.layout.identity.place, d.layout.seller, d.layout.identity.capitals]).toEqual(['usual', 'footer', true]);
    for (const d of placed.filter((x) => /title-left|two-lines/.test(x.layout.sellers.place)))
      expect(['logo-only', 'trading', 'right-top']).not.toContain(d.layout.identity.place);
  });
});

describe('stranger sellers: the pages', () => {
  it('draws the places over one seed, and the same seed draws the same document', async () => {
    expect(new Set(docs.map((d) => layoutChoice(d, 'seller-place'))).size).toBeGreaterThanOrEqual(5);
    const at = docs.findIndex((d) => layoutChoice(d, 'seller-place') !== 'as-drawn');
    const again = await generateDocument(SEED, at, 'text', availableFonts(), 'stranger');
    expect(sha256(again.bytes)).toBe(sha256(docs[at]!.bytes));
  });

  it('prints the name in capitals in the footer only, over its street and town', () => {
    expect(placed('footer-column').length).toBeGreaterThan(0);
    for (const d of placed('footer-column')) {
      const lines = textOf(d).split('\n');
      const name = sellerName(d).toUpperCase();
      const at = lines.findIndex((l) => l.startsWith(name));
      expect(at, d.name).toBeGreaterThan(lines.length - 6);
      expect(
        lines.filter((l) => l.toUpperCase().includes(name)),
        d.name,
      ).toHaveLength(1);
    }
  });

  it('prints both parties as labelled pairs, the buyer under "Ship to" beside "Bill to", two lines at the top', () => {
    const checked = ['labelled', 'ship-bill', 'two-lines', 'title-left'].filter((p) => placed(p).length > 0);
    expect(checked.length).toBeGreaterThanOrEqual(3);
    for (const d of placed('labelled')) {
      const text = textOf(d).replace(/\n/g, ' ');
      expect(text, d.name).toMatch(new RegExp(`: ${escapeRegExp(sellerName(d))}\\b`));
      expect(text, d.name).toMatch(new RegExp(`: ${escapeRegExp(buyerName(d) ?? '')}`));
    }
    for (const d of placed('ship-bill')) {
      const buyer = d.expected.document_type === 'invoice' ? null : buyerName(d);
      if (buyer) expect(textOf(d).split(buyer).length - 1, d.name).toBeGreaterThanOrEqual(2);
    }
    for (const d of [...placed('two-lines'), ...placed('title-left')]) {
      const top = textOf(d).split('\n').slice(0, 4).join(' ');
      // The name's words stand in the top lines, beside the title.
      for (const word of sellerName(d).split(' ')) expect(top.toUpperCase(), d.name).toContain(word.toUpperCase());
    }
  });
});
