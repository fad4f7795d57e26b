import { beforeAll, describe, expect, it } from 'vitest';
import { generateDocument, type SyntheticDocument } from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import {
  escapeRegExp,
  layoutChoice,
  readStrangerDocuments,
  sha256,
  vocabularyOfDocument,
  squeezeAll as squeeze,
} from './generated-documents.js';

/**
 * The stranger layouts' parties (packages/extraction-lab/src/synthetic/stranger-parties.ts): street
 * lines with a unit number or a post-office box, purchase orders on the buyer's letterhead with the
 * supplier in a block of its own, order-number labels the corpus seldom prints, and a seller named
 * only as "for X" under a signature. Every choice occurs in 30 documents of one seed, and each
 * document prints its ground truth in the chosen form.
 */
const SEED = 20261141;
const COUNT = 30;

let docs: SyntheticDocument[];
let texts: string[];

beforeAll(async () => {
  ({ docs, texts } = await readStrangerDocuments(SEED, COUNT, squeeze));
}, 180_000);

describe('stranger parties: who is which party where the page makes it hard', () => {
  it('draws every choice, and the same seed draws the same document', async () => {
    const choices = (name: string) => new Set(docs.map((d) => layoutChoice(d, name)));
    expect(choices('address')).toEqual(new Set(['plain', 'unit', 'box']));
    expect(choices('order')).toEqual(new Set(['usual', 'letterhead']));
    expect(choices('order-number')).toEqual(new Set(['usual', 'more']));
    expect(choices('signed-for')).toEqual(new Set(['true', 'false']));
    // Orders only: the letterhead and the labels; invoices only: the signature.
    for (const d of docs) {
      if (d.expected.document_type === 'invoice')
        expect(layoutChoice(d, 'order') + layoutChoice(d, 'order-number')).toBe('usualusual');
      else expect(layoutChoice(d, 'signed-for')).toBe('false');
    }
    const again = await generateDocument(SEED, 7, 'text', availableFonts(), 'stranger');
    expect(sha256(again.bytes)).toBe(sha256(docs[7]!.bytes));
  });

  it('prints street lines with a unit number or as a box, and the ground truth follows', () => {
    for (const [i, d] of docs.entries()) {
      const address = d.expected.fields.vendor_address as string | undefined;
      const v = vocabularyOfDocument(d);
      const form = layoutChoice(d, 'address');
      if (address) expect(texts[i], d.name).toContain(address.split(', ').at(-1));
      if (form === 'plain' || !address) continue;
      const templates = form === 'box' ? v.po_boxes : v.unit_lines;
      const shapes = templates.map(
        (t) =>
          new RegExp(
            escapeRegExp(t)
              .replace('\\{n\\}', '\\d+')
              .replace('\\{box\\}', '\\d+')
              .replace(/\\\{\w+\\\}/g, '.+'),
          ),
      );
      expect(
        shapes.some((s) => s.test(address)),
        `${d.name}: ${address}`,
      ).toBe(true);
      expect(texts[i], d.name).toContain(address.split(', ')[0]!.split(' ')[0]);
    }
    expect(
      docs.filter((d) => d.expected.fields.vendor_address && layoutChoice(d, 'address') !== 'plain').length,
    ).toBeGreaterThan(0);
  });

  it("puts an order's buyer on the letterhead and under a delivery heading, the supplier under a supplier heading", () => {
    const orders = docs.filter((d) => layoutChoice(d, 'order') === 'letterhead');
    expect(orders.length).toBeGreaterThan(2);
    for (const d of orders) {
      const text = texts[docs.indexOf(d)]!;
      const v = vocabularyOfDocument(d);
      const buyer = d.expected.fields.buyer_name as string;
      // The letterhead and the delivery block (the footer may print it a third time).
      expect(text.split(buyer).length - 1, d.name).toBeGreaterThanOrEqual(2);
      expect(
        v.ship_to.some((h) => text.includes(h)),
        d.name,
      ).toBe(true);
      expect(
        [...v.seller.purchase_order, ...v.seller_more].some((h) => text.includes(h)),
        d.name,
      ).toBe(true);
      // A name over two lines beside the delivery block reads with that block's words between its lines.
      const supplier = d.expected.synthetic.printed.supplier_name!;
      const split = / split=true/.test(d.expected.synthetic.layout);
      for (const part of split ? supplier.split(' ') : [supplier]) expect(text, d.name).toContain(part);
      // The letterhead comes first: the buyer's name is the page's first line.
      expect(text.startsWith(buyer), d.name).toBe(true);
    }
  });

  it('labels order numbers with the words the corpus seldom prints', () => {
    const more = docs.filter(
      (d) => layoutChoice(d, 'order-number') === 'more' && / number=labelled/.test(d.expected.synthetic.layout),
    );
    expect(more.length).toBeGreaterThan(0);
    for (const d of more) {
      const text = texts[docs.indexOf(d)]!;
      expect(
        vocabularyOfDocument(d).po_number_more.some((label) => text.includes(label)),
        d.name,
      ).toBe(true);
    }
  });

  it('names a seller at the foot only as "for X" under a signature, where the identity is a closing', () => {
    const signed = docs.filter(
      (d) => layoutChoice(d, 'signed-for') === 'true' && layoutChoice(d, 'identity') === 'closing',
    );
    expect(signed.length).toBeGreaterThan(0);
    for (const d of signed) {
      const text = texts[docs.indexOf(d)]!;
      const name = d.expected.synthetic.printed.vendor_name!;
      const lines = vocabularyOfDocument(d).signed_for.map((t) => t.replace('{name}', name));
      expect(
        lines.some((l) => text.includes(l)),
        `${d.name}: ${name}`,
      ).toBe(true);
      // Nowhere else: the footer prints the address without the name.
      expect(text.split(name).length - 1, d.name).toBe(1);
    }
  });
});
